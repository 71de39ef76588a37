// Ragas `NonLLMContextPrecisionWithReference`. Files: score.ts (the formula), metric.ts (this class),
// descriptor.ts; string similarity from ../non-llm-string-similarity/score.ts. No judge.
import { checkDistanceMeasure } from "../non-llm-string-similarity/metric.js";
import type { DistanceMeasure } from "../non-llm-string-similarity/score.js";
import {
  checkFiniteNumber,
  JudgeFreeMetric,
  type RecordedOptions,
  requireStringList,
} from "../shared/judge-free.js";
import type { MetricResult, Sample, SampleField } from "../types.js";
import { nonLlmContextPrecision } from "./score.js";

/** Options of the non-LLM context precision and recall metrics. */
export interface NonLLMContextOptions {
  /** Similarity a context needs to count as relevant (precision: `>=`, recall: `>`). Defaults to 0.5. */
  threshold?: number;
  /** String distance behind the similarity. Defaults to "levenshtein". */
  distanceMeasure?: DistanceMeasure;
}

/** The two context lists of one sample. */
export interface ContextLists {
  retrieved: string[];
  reference: string[];
}

/** Validates a sample's `retrievedContexts` and `referenceContexts` (empty strings allowed). */
export function requireContextLists(sample: Sample, row: number | undefined): ContextLists {
  return {
    retrieved: requireStringList(sample.retrievedContexts, "retrievedContexts", row),
    reference: requireStringList(sample.referenceContexts, "referenceContexts", row),
  };
}

/**
 * What the non-LLM context precision and recall metrics share: the two context lists, a similarity
 * threshold and a distance measure, recorded in the config. Subclasses give the id and the formula.
 */
export abstract class NonLlmContextMetric extends JudgeFreeMetric<ContextLists> {
  readonly requiredFields: readonly SampleField[] = ["retrievedContexts", "referenceContexts"];
  /** Similarity threshold (precision: inclusive, recall: exclusive). */
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

  protected recordedOptions(): RecordedOptions {
    return { threshold: this.threshold, distanceMeasure: this.distanceMeasure };
  }
}

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
export class NonLLMContextPrecisionWithReference extends NonLlmContextMetric {
  readonly name = "non_llm_context_precision_with_reference";

  protected scoreInput({ retrieved, reference }: ContextLists): MetricResult {
    if (reference.length === 0) {
      return {
        value: null,
        status: "ok",
        reason: "referenceContexts is empty: no context can be judged relevant",
      };
    }
    const r = nonLlmContextPrecision(retrieved, reference, this.threshold, this.distanceMeasure);
    const relevant = r.verdicts.filter((v) => v === 1).length;
    return {
      value: r.score,
      status: "ok",
      reason: `${relevant} of ${retrieved.length} retrieved contexts have similarity >= ${this.threshold} to a reference context`,
      details: { similarities: r.similarities, verdicts: r.verdicts },
    };
  }
}
