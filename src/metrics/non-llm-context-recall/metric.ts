// Ragas `NonLLMContextRecall`. Files: score.ts (the formula), metric.ts (this class), descriptor.ts;
// string similarity from ../non-llm-string-similarity/score.ts. No judge.
import {
  type ContextLists,
  type NonLLMContextOptions,
  requireContextLists,
} from "../non-llm-context-precision-with-reference/metric.js";
import { checkDistanceMeasure } from "../non-llm-string-similarity/metric.js";
import type { DistanceMeasure } from "../non-llm-string-similarity/score.js";
import { checkFiniteNumber, JudgeFreeMetric, type RecordedOptions } from "../shared/judge-free.js";
import type { MetricResult, Sample, SampleField } from "../types.js";
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
export class NonLLMContextRecall extends JudgeFreeMetric<ContextLists> {
  readonly name = "non_llm_context_recall";
  readonly requiredFields: readonly SampleField[] = ["retrievedContexts", "referenceContexts"];
  /** Recall threshold (exclusive). */
  readonly threshold: number;
  /** The distance measure. */
  readonly distanceMeasure: DistanceMeasure;

  constructor(options: NonLLMContextOptions = {}) {
    super();
    this.threshold = checkFiniteNumber(options.threshold, 0.5, "threshold");
    this.distanceMeasure = checkDistanceMeasure(options.distanceMeasure);
  }

  protected validate(sample: Sample, row: number | undefined): ContextLists {
    return requireContextLists(sample, row);
  }

  protected scoreInput({ retrieved, reference }: ContextLists): MetricResult {
    if (reference.length === 0) {
      return {
        value: null,
        status: "ok",
        reason: "referenceContexts is empty: recall is undefined (Ragas gives NaN)",
      };
    }
    if (retrieved.length === 0) {
      return {
        value: null,
        status: "ok",
        reason: "retrievedContexts is empty: nothing to compare the reference contexts with",
      };
    }
    const r = nonLlmContextRecall(retrieved, reference, this.threshold, this.distanceMeasure);
    const recalled = r.verdicts.filter((v) => v === 1).length;
    return {
      value: r.score,
      status: "ok",
      reason: `${recalled} of ${reference.length} reference contexts have similarity > ${this.threshold} to a retrieved context`,
      details: { similarities: r.similarities, verdicts: r.verdicts },
    };
  }

  protected recordedOptions(): RecordedOptions {
    return { threshold: this.threshold, distanceMeasure: this.distanceMeasure };
  }
}
