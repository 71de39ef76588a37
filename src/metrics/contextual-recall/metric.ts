// DeepEval `ContextualRecallMetric`: descriptor.ts (id deepeval_contextual_recall, options), score.ts (the
// reference's sentences, the attributable share), judge.ts (one verdict call). The verdicts are the shared statement
// verdicts step (`faithfulness/verdicts`: can the sentence be inferred from the contexts?), so no prompt of its own.

import type { MetricInput, MetricOptionsOf } from "../descriptor.js";
import {
  DeepEvalRagMetric,
  type RagJudgement,
  verdictJudgement,
} from "../shared/base/deepeval-rag-metric.js";
import { statementPromptVersions } from "../shared/judge/statements/steps.js";
import type { Verdict } from "../shared/judge/statements/verdicts-prompt.js";
import { contextualRecallDescriptor } from "./descriptor.js";
import { judgeContextualRecall } from "./judge.js";
import { contextualRecall } from "./score.js";

/** Options of {@link ContextualRecallMetric}. */
export type ContextualRecallOptions = MetricOptionsOf<typeof contextualRecallDescriptor>;

type ContextualRecallInput = MetricInput<typeof contextualRecallDescriptor>;

/**
 * DeepEval `ContextualRecallMetric` (`deepeval_contextual_recall`): the reference (`reference`, DeepEval's
 * expected output) is cut into sentences, and the judge says for each whether it can be attributed to the retrieved
 * contexts (`retrievedContexts`), all sentences in one call whose schema holds exactly one verdict per sentence.
 * The score is attributable sentences over all sentences; `strictMode` gives 0 below 1; `details.success` says
 * whether the score reaches `threshold` (default 0.5).
 *
 * @example
 * const { value } = await new ContextualRecallMetric({ llm }).score({
 *   reference: "The Eiffel Tower is in Paris. It opened in 1889.",
 *   retrievedContexts: ["The Eiffel Tower, Paris, opened in 1889."],
 * });
 */
export class ContextualRecallMetric extends DeepEvalRagMetric<
  ContextualRecallInput,
  Verdict[],
  typeof contextualRecallDescriptor
> {
  static readonly descriptor = contextualRecallDescriptor;

  protected async judge(
    input: ContextualRecallInput,
    signal: AbortSignal | undefined,
  ): Promise<RagJudgement<Verdict[]>> {
    return verdictJudgement(
      await judgeContextualRecall(
        this.llm,
        input.reference,
        input.retrievedContexts,
        this.settings,
        signal,
        this.reading,
      ),
    );
  }

  protected formula(verdicts: Verdict[], strict: boolean): number {
    return contextualRecall(this.countedValues(verdicts), strict);
  }

  protected reasonFor(verdicts: Verdict[]): string {
    const attributed = verdicts.filter((v) => v.verdict === 1).length;
    return `${attributed} of ${verdicts.length} reference sentences can be attributed to the retrieved contexts`;
  }

  protected override promptVersions(): Record<string, string> {
    return statementPromptVersions({ statements: false, verdicts: true, reasons: this.reading.reasons });
  }
}
