// Ragas `NonLLMContextPrecisionWithReference`. Files: score.ts (the formula), metric.ts (this class),
// descriptor.ts; the context similarities and the base class it shares with the non-LLM context recall are in
// ../shared/. No judge.

import { type ContextLists, NonLlmContextMetric } from "../shared/base/non-llm-context-metric.js";
import type { MetricResult } from "../types.js";
import { nonLlmContextPrecisionWithReferenceDescriptor } from "./descriptor.js";
import { nonLlmContextPrecision } from "./score.js";

/**
 * Ragas `NonLLMContextPrecisionWithReference` (`non_llm_context_precision_with_reference`): each
 * retrieved context is relevant when its best string similarity to a reference context is >= the
 * threshold; the value is the average precision of those verdicts. No reference context gives
 * `value: null` with a reason (Ragas raises); no retrieved context gives 0, as in Ragas.
 *
 * @example
 * await new NonLLMContextPrecisionWithReference().score({
 *   retrievedContexts: ["The Eiffel Tower is located in Paris."],
 *   referenceContexts: ["Paris is the capital of France.", "The Eiffel Tower is one of the most famous landmarks in Paris."],
 * }); // value 0.9999999999
 */
export class NonLLMContextPrecisionWithReference extends NonLlmContextMetric<
  typeof nonLlmContextPrecisionWithReferenceDescriptor
> {
  static readonly descriptor = nonLlmContextPrecisionWithReferenceDescriptor;

  protected scoreInput({
    retrievedContexts: retrieved,
    referenceContexts: reference,
  }: ContextLists): MetricResult {
    if (reference.length === 0)
      return this.unscored("referenceContexts is empty: no context can be judged relevant");
    const r = nonLlmContextPrecision(retrieved, reference, this.threshold, this.distanceMeasure, this.memo);
    const relevant = r.verdicts.filter((v) => v === 1).length;
    return this.scored(
      r,
      `${relevant} of ${retrieved.length} retrieved contexts have similarity >= ${this.threshold} to a reference context`,
    );
  }
}
