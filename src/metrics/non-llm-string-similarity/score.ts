// The formula of `non_llm_string_similarity` is Ragas' string similarity, 1 - rapidfuzz's normalised distance.
// The non-LLM context precision and recall compare contexts with it too, so it and its four distances are
// defined once, in ../shared/text/string-distance/similarity.ts.
import { type DistanceMeasure, stringSimilarity } from "../shared/text/string-distance/similarity.js";

/**
 * Ragas `NonLLMStringSimilarity` of one row: `1 - normalized_distance(reference, response)` with the chosen
 * measure (`stringSimilarity`).
 *
 * @example
 * nonLlmStringSimilarity("The Eiffel Tower is located in Paris.", "The Eiffel Tower is located in India.", "levenshtein");
 * // 0.8918918918918919
 */
export function nonLlmStringSimilarity(
  reference: string,
  response: string,
  measure: DistanceMeasure,
): number {
  return stringSimilarity(reference, response, measure);
}
