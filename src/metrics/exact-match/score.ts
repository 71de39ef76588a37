/**
 * Ragas `ExactMatch` and Haystack `AnswerExactMatchEvaluator`: 1 when the two strings are identical
 * (code unit for code unit, no normalisation), else 0.
 *
 * @example
 * exactMatch("Paris", "Paris"); // 1
 * exactMatch("Paris", "paris"); // 0
 */
export function exactMatch(reference: string, response: string): number {
  return reference === response ? 1 : 0;
}
