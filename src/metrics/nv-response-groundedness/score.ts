import { averagedRating } from "../shared/judge/ratings.js";

/** Top of the groundedness scale (ratings 0, 1, 2). */
export const NV_GROUNDEDNESS_TOP = 2;

/**
 * Ragas' answers without a judge call: 0 when the response or the joined contexts are blank (both Ragas
 * APIs); with `verbatim` (Ragas' legacy class only), 1 when the response equals, or is contained in, the
 * joined contexts. Undefined otherwise: the judge is asked.
 *
 * @example
 * nvGroundednessShortcut("born in 1879", ["He was born in 1879."], false); // undefined (ask the judge)
 * nvGroundednessShortcut("born in 1879", ["He was born in 1879."], true); // 1
 */
export function nvGroundednessShortcut(
  response: string,
  contexts: readonly string[],
  verbatim: boolean,
): number | undefined {
  const joined = contexts.join("\n").trim();
  const r = response.trim();
  if (r === "" || joined === "") return 0;
  if (verbatim && joined.includes(r)) return 1;
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
