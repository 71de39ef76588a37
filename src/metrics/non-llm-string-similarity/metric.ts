// Ragas `NonLLMStringSimilarity`. Files: score.ts (the distances), metric.ts (this class), descriptor.ts. No judge.
import { checkChoice, JudgeFreeMetric, type RecordedOptions, requirePair } from "../shared/judge-free.js";
import type { MetricResult, Sample, SampleField } from "../types.js";
import { type DistanceMeasure, distanceMeasures, stringSimilarity } from "./score.js";

/** Options of {@link NonLLMStringSimilarity}. */
export interface NonLLMStringSimilarityOptions {
  /** String distance, normalised as rapidfuzz does. Defaults to "levenshtein". */
  distanceMeasure?: DistanceMeasure;
}

/** Checks a `distanceMeasure` option. */
export function checkDistanceMeasure(value: unknown): DistanceMeasure {
  return checkChoice(value, distanceMeasures, "distanceMeasure", "levenshtein");
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
export class NonLLMStringSimilarity extends JudgeFreeMetric<{ reference: string; response: string }> {
  readonly name = "non_llm_string_similarity";
  readonly requiredFields: readonly SampleField[] = ["response", "reference"];
  /** The distance measure. */
  readonly distanceMeasure: DistanceMeasure;

  constructor(options: NonLLMStringSimilarityOptions = {}) {
    super();
    this.distanceMeasure = checkDistanceMeasure(options.distanceMeasure);
  }

  protected validate(sample: Sample, row: number | undefined): { reference: string; response: string } {
    return requirePair(sample, row);
  }

  protected scoreInput({ reference, response }: { reference: string; response: string }): MetricResult {
    return {
      value: stringSimilarity(reference, response, this.distanceMeasure),
      status: "ok",
      reason: `1 - normalised ${this.distanceMeasure} distance`,
    };
  }

  protected recordedOptions(): RecordedOptions {
    return { distanceMeasure: this.distanceMeasure };
  }
}
