import { averagedRating } from "../shared/judge/ratings.js";

/** Top of the relevance scale (ratings 0, 1, 2). */
export const NV_RELEVANCE_TOP = 2;

/**
 * Ragas' answers without a judge call: 0 when the joined contexts are blank, equal to the question,
 * or contained in it (a retriever that echoes the question retrieved nothing). Undefined otherwise.
 */
export function nvContextRelevanceShortcut(
  question: string,
  contexts: readonly string[],
): number | undefined {
  const joined = contexts.join("\n").trim();
  const q = question.trim();
  if (q === "" || joined === "" || q === joined || q.includes(joined)) return 0;
  return undefined;
}

/**
 * Ragas `nv_context_relevance`: the two ratings (0, 1 or 2) each divided by 2, then averaged.
 *
 * @example
 * nvContextRelevanceScore(2, 1); // 0.75
 */
export function nvContextRelevanceScore(first: number, second: number): number {
  return averagedRating(first, second, NV_RELEVANCE_TOP);
}
