import { averagedRating } from "../shared/ratings.js";

/** Top of the groundedness scale (ratings 0, 1, 2). */
export const NV_GROUNDEDNESS_TOP = 2;

/**
 * Ragas' answers without a judge call: 0 when the response or the joined contexts are blank; 1 when
 * the response equals, or is contained in, the joined contexts. Undefined otherwise.
 */
export function nvGroundednessShortcut(response: string, contexts: readonly string[]): number | undefined {
  const joined = contexts.join("\n").trim();
  const r = response.trim();
  if (r === "" || joined === "") return 0;
  if (joined.includes(r)) return 1;
  return undefined;
}

/**
 * Ragas `nv_response_groundedness`: the two ratings (0, 1 or 2) each divided by 2, then averaged.
 *
 * @example
 * nvGroundednessScore(1, 1); // 0.5
 */
export function nvGroundednessScore(first: number, second: number): number {
  return averagedRating(first, second, NV_GROUNDEDNESS_TOP);
}
