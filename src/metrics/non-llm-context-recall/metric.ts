// Ragas `NonLLMContextRecall`. Files: score.ts (the formula), metric.ts (this class), descriptor.ts;
// the context similarities and the base class it shares with the non-LLM context precision are in ../shared/.
// No judge.

import { type ContextLists, NonLlmContextMetric } from "../shared/base/non-llm-context-metric.js";
import type { MetricResult } from "../types.js";
import { nonLlmContextRecallDescriptor } from "./descriptor.js";
import { nonLlmContextRecall } from "./score.js";

/**
 * Ragas `NonLLMContextRecall` (`non_llm_context_recall`): the share of reference contexts whose best
 * string similarity to a retrieved context is > the threshold (strictly, as in Ragas). No reference
 * context (Ragas: NaN) or no retrieved context (Ragas raises) gives `value: null` with a reason.
 *
 * @example
 * await new NonLLMContextRecall().score({
 *   retrievedContexts: ["Paris is the capital of France."],
 *   referenceContexts: ["Paris is the capital of France.", "The Eiffel Tower is one of the most famous landmarks in Paris."],
 * }); // value 0.5
 */
export class NonLLMContextRecall extends NonLlmContextMetric<typeof nonLlmContextRecallDescriptor> {
  static readonly descriptor = nonLlmContextRecallDescriptor;

  protected scoreInput({
    retrievedContexts: retrieved,
    referenceContexts: reference,
  }: ContextLists): MetricResult {
    if (reference.length === 0)
      return this.unscored("referenceContexts is empty: recall is undefined (Ragas gives NaN)");
    if (retrieved.length === 0) {
      return this.unscored("retrievedContexts is empty: nothing to compare the reference contexts with");
    }
    const r = nonLlmContextRecall(retrieved, reference, this.threshold, this.distanceMeasure, this.memo);
    const recalled = r.verdicts.filter((v) => v === 1).length;
    return this.scored(
      r,
      `${recalled} of ${reference.length} reference contexts have similarity > ${this.threshold} to a retrieved context`,
    );
  }
}
