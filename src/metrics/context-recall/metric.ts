// Context recall, Ragas-style: score.ts (the attributed fraction), judge.ts (reference statements,
// then one attribution each; both are the statement steps of ../shared/judge/statements/),
// descriptor.ts. Haystack has no counterpart.

import type { MetricInput, MetricOptionsOf } from "../descriptor.js";
import { JudgeMetric } from "../shared/base/judge-metric.js";
import { statementPromptVersions, statementSteps } from "../shared/judge/statements/steps.js";
import type { MetricResult } from "../types.js";
import { contextRecallDescriptor } from "./descriptor.js";
import { judgeContextRecall } from "./judge.js";
import { contextRecall } from "./score.js";

/** Options of {@link ContextRecall}. */
export type ContextRecallOptions = MetricOptionsOf<typeof contextRecallDescriptor>;

/**
 * Ragas `context_recall`: how much of the reference the retrieved contexts cover. The judge breaks
 * the reference into statements and attributes each to the contexts (1) or not (0); the score is
 * the attributed fraction. A reference with no statements gives `value: null` with a reason (Ragas
 * gives NaN); no retrieved context gives 0.
 *
 * @example
 * const metric = new ContextRecall({ llm });
 * const { value } = await metric.score({
 *   userInput: "Where is the Eiffel Tower?",
 *   reference: "The Eiffel Tower is in Paris. It was finished in 1889.",
 *   retrievedContexts: ["The Eiffel Tower stands in Paris."],
 * });
 * console.log(value); // 0.5 when the judge attributes one of two statements
 */
export class ContextRecall extends JudgeMetric<
  MetricInput<typeof contextRecallDescriptor>,
  typeof contextRecallDescriptor
> {
  static readonly descriptor = contextRecallDescriptor;

  protected async compute(
    input: MetricInput<typeof contextRecallDescriptor>,
    signal: AbortSignal | undefined,
  ): Promise<MetricResult> {
    const { userInput: question, reference, retrievedContexts: contexts } = input;
    const steps = statementSteps(this.llm, this.settings, signal, this.reading);
    const j = await judgeContextRecall(steps, { question, reference, contexts });
    const flags = j.attributions.map((a) => a.verdict);
    const expected = this.reading.scoring === "expected";
    const value = contextRecall(expected ? j.attributions.map((a) => a.weight ?? 0) : flags);
    const attributed = flags.filter((f) => f === 1).length;
    return {
      value,
      status: "ok",
      reason:
        value === null
          ? "the judge found no statements in the reference, so there is nothing to recall (Ragas gives NaN here)"
          : `${attributed} of ${flags.length} reference statements can be attributed to the contexts${expected ? " (score weighted by the judge's probabilities)" : ""}`,
      details: {
        statements: j.statements,
        attributions: j.attributions,
        usage: j.usage,
        ...(j.splits.length > 0 ? { splits: j.splits } : {}),
      },
    };
  }

  protected override promptVersions(): Record<string, string> {
    return statementPromptVersions({ statements: true, verdicts: true, reasons: this.reading.reasons });
  }
}
