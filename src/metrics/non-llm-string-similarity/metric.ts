// Ragas `NonLLMStringSimilarity`. Files: score.ts (the formula, on the string similarity and distances of
// ../shared/text/string-distance/, which the non-LLM context metrics use too), metric.ts (this class), descriptor.ts.
// No judge.

import type { MetricInput } from "../descriptor.js";
import { JudgeFreeMetric } from "../shared/base/judge-free-metric.js";
import type { DistanceMeasure } from "../shared/text/string-distance/similarity.js";
import type { MetricResult } from "../types.js";
import { nonLlmStringSimilarityDescriptor } from "./descriptor.js";
import { nonLlmStringSimilarity } from "./score.js";

/** Options of {@link NonLLMStringSimilarity}. */
export interface NonLLMStringSimilarityOptions {
  /** String distance, normalised as rapidfuzz does. Defaults to "levenshtein". */
  distanceMeasure?: DistanceMeasure;
}

/**
 * Ragas `NonLLMStringSimilarity` (`non_llm_string_similarity`): `1 - normalized distance` between
 * reference and response, with lengths in Unicode code points.
 *
 * @example
 * await new NonLLMStringSimilarity().score({
 *   reference: "The Eiffel Tower is located in Paris.",
 *   response: "The Eiffel Tower is located in India.",
 * }); // value 0.8918918918918919
 */
export class NonLLMStringSimilarity extends JudgeFreeMetric<
  MetricInput<typeof nonLlmStringSimilarityDescriptor>,
  typeof nonLlmStringSimilarityDescriptor
> {
  static readonly descriptor = nonLlmStringSimilarityDescriptor;

  /** The distance measure. */
  readonly distanceMeasure: DistanceMeasure;

  constructor(options: NonLLMStringSimilarityOptions = {}) {
    super(options);
    this.distanceMeasure = this.options.distanceMeasure;
  }

  protected scoreInput({
    reference,
    response,
  }: MetricInput<typeof nonLlmStringSimilarityDescriptor>): MetricResult {
    return {
      value: nonLlmStringSimilarity(reference, response, this.distanceMeasure),
      status: "ok",
      reason: `1 - normalised ${this.distanceMeasure} distance`,
    };
  }
}
