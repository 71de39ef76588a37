// Context precision, Ragas-style: prompt.ts (the per-context question), score.ts (average precision),
// judge.ts (one call per context), descriptor.ts (ids and options). Haystack has no LLM counterpart.

import type { MetricDescriptor, MetricInput, MetricOptionsOf } from "../descriptor.js";
import type { MetricConstructorArgs } from "../shared/base/base-metric.js";
import { JudgeMetric } from "../shared/base/judge-metric.js";
import type { MetricResult } from "../types.js";
import {
  contextPrecisionDescriptor,
  contextUtilizationDescriptor,
  llmContextPrecisionWithoutReferenceDescriptor,
  llmContextPrecisionWithReferenceDescriptor,
} from "./descriptor.js";
import { judgeContextPrecision } from "./judge.js";
import { contextPrecisionPromptFor } from "./prompt.js";
import { contextPrecisionScore } from "./score.js";

/** Options of the context precision metrics (the four share one schema). */
export type ContextPrecisionOptions = MetricOptionsOf<typeof contextPrecisionDescriptor>;

/** The checked input of any of the four: the question, the contexts, and the reference or the response. */
type PrecisionInput =
  | MetricInput<typeof contextPrecisionDescriptor>
  | MetricInput<typeof contextUtilizationDescriptor>;

/** What the contexts are judged against: the reference (`reference`) or the response (`response`). */
type AnswerField = "reference" | "response";

abstract class AveragePrecisionMetric<D extends MetricDescriptor> extends JudgeMetric<PrecisionInput, D> {
  /** What the contexts are judged against: the answer field among the descriptor's required fields. */
  protected readonly answerField: AnswerField;

  constructor(...args: MetricConstructorArgs<D>) {
    super(...args);
    this.answerField = this.descriptor.requiredFields.includes("reference") ? "reference" : "response";
  }

  protected async compute(input: PrecisionInput, signal: AbortSignal | undefined): Promise<MetricResult> {
    const { userInput: question, retrievedContexts: contexts } = input;
    const answer = "reference" in input ? input.reference : input.response;
    const j = await judgeContextPrecision(
      this.llm,
      { question, answer, contexts },
      this.settings,
      signal,
      this.reading,
    );
    const flags = j.verdicts.map((v) => v.verdict);
    const useful = flags.filter((v) => v === 1).length;
    const expected = this.reading.scoring === "expected";
    return {
      value: contextPrecisionScore(expected ? j.verdicts.map((v) => v.weight!) : flags),
      status: "ok",
      reason:
        contexts.length === 0
          ? "no contexts were retrieved, so none is useful"
          : `${useful} of ${flags.length} contexts are useful for the ${this.answerField}; average precision over their ranks${expected ? " (verdicts weighted by the judge's probabilities)" : ""}`,
      details: {
        judgedAgainst: this.answerField,
        verdicts: j.verdicts,
        usage: j.usage,
        ...(j.splits.length > 0 ? { splits: j.splits } : {}),
      },
    };
  }

  protected override promptVersions(): Record<string, string> {
    const template = contextPrecisionPromptFor(this.reading.reasons !== false);
    return { [template.name]: template.version };
  }
}

/**
 * Ragas `llm_context_precision_with_reference`: are the useful contexts ranked first? The judge
 * gives each retrieved context, in order, a verdict (1 useful for reaching the reference, 0 not);
 * the score is Ragas' average precision `sum_k(precision@k * v_k) / (sum_k v_k + 1e-10)`. One
 * useful context scores 0.9999999999; no useful context (or no context) scores 0.
 *
 * @example
 * const metric = new LLMContextPrecisionWithReference({ llm });
 * const { value } = await metric.score({
 *   userInput: "Where is the Eiffel Tower?",
 *   reference: "The Eiffel Tower is in Paris.",
 *   retrievedContexts: ["The Eiffel Tower stands in Paris.", "Berlin is the capital of Germany."],
 * });
 */
export class LLMContextPrecisionWithReference extends AveragePrecisionMetric<
  typeof llmContextPrecisionWithReferenceDescriptor
> {
  static readonly descriptor = llmContextPrecisionWithReferenceDescriptor;
}

/**
 * Ragas `llm_context_precision_without_reference`: as {@link LLMContextPrecisionWithReference},
 * but each context is judged against the response instead of a reference.
 *
 * @example
 * const metric = new LLMContextPrecisionWithoutReference({ llm });
 * const { value } = await metric.score({ userInput, response, retrievedContexts });
 */
export class LLMContextPrecisionWithoutReference extends AveragePrecisionMetric<
  typeof llmContextPrecisionWithoutReferenceDescriptor
> {
  static readonly descriptor = llmContextPrecisionWithoutReferenceDescriptor;
}

/**
 * Ragas `context_precision`: the default context precision, judged against the reference; the same
 * numbers as {@link LLMContextPrecisionWithReference} under Ragas' short id.
 *
 * @example
 * const { value } = await new ContextPrecision({ llm }).score({ userInput, reference, retrievedContexts });
 */
export class ContextPrecision extends AveragePrecisionMetric<typeof contextPrecisionDescriptor> {
  static readonly descriptor = contextPrecisionDescriptor;
}

/**
 * Ragas `context_utilization`: context precision judged against the response; the same numbers as
 * {@link LLMContextPrecisionWithoutReference} under Ragas' short id.
 *
 * @example
 * const { value } = await new ContextUtilization({ llm }).score({ userInput, response, retrievedContexts });
 */
export class ContextUtilization extends AveragePrecisionMetric<typeof contextUtilizationDescriptor> {
  static readonly descriptor = contextUtilizationDescriptor;
}
