// How well premises (context chunks, a reference) support each hypothesis (a response sentence), by a pair verifier:
// every premise cut into windows that fit beside the longest hypothesis, every (window, hypothesis) pair scored in
// one batched call, and each hypothesis keeps its best window.

import { mapYielding } from "../../../util/event-loop.js";
import type { PairVerifier, VerifierPair } from "../../../verifiers/types.js";
import { premiseBudget, tokenWindows, WINDOW_OVERLAP } from "./chunks.js";

/** One premise window: which premise, and the character offsets of the window in it. */
export interface PremiseWindow {
  /** Index of the premise (e.g. the retrieved context). */
  premise: number;
  start: number;
  end: number;
  text: string;
}

/** The best support a hypothesis found. */
export interface HypothesisSupport {
  /** The verifier's probability for the best window; 0 when there is no premise. */
  probability: number;
  /** The window that gave it; null when there is no premise. */
  best: PremiseWindow | null;
  /** Some pair of this hypothesis was truncated to fit the verifier. */
  truncated: boolean;
}

/**
 * The windows of every premise that fit beside hypotheses of `longestHypothesis` tokens (`premiseBudget`, overlap
 * `WINDOW_OVERLAP`), in premise order. Blank premises give no window.
 */
export function premiseWindows(
  verifier: Pick<PairVerifier, "maxTokens" | "tokenOffsets">,
  premises: readonly string[],
  longestHypothesis: number,
): PremiseWindow[] {
  const budget = premiseBudget(verifier.maxTokens, longestHypothesis);
  return premises.flatMap((text, premise) =>
    text.trim() === ""
      ? []
      : tokenWindows(text, verifier.tokenOffsets(text), budget, WINDOW_OVERLAP).map((w) => ({
          premise,
          ...w,
        })),
  );
}

/**
 * Every (window, hypothesis) probability, `[hypothesis][window]`, in one `score` call; `pair` orders the two texts
 * (nli / consistency: premise first; relevance: the query first), and whether each pair was truncated, likewise.
 */
export async function scoreGrid(
  verifier: PairVerifier,
  hypotheses: readonly string[],
  windows: readonly PremiseWindow[],
  pair: (window: string, hypothesis: string) => VerifierPair,
): Promise<{ probabilities: number[][]; truncated: boolean[][] }> {
  const pairs = hypotheses.flatMap((h) => windows.map((w) => pair(w.text, h)));
  const scores = pairs.length === 0 ? [] : await verifier.score(pairs);
  if (scores.length !== pairs.length) {
    throw new Error(
      `the verifier ${verifier.identity.id} returned ${scores.length} scores for ${pairs.length} pairs`,
    );
  }
  const probabilities = hypotheses.map((_, h) =>
    windows.map((_w, w) => scores[h * windows.length + w]!.probability),
  );
  const truncated = hypotheses.map((_, h) =>
    windows.map((_w, w) => scores[h * windows.length + w]!.truncated),
  );
  return { probabilities, truncated };
}

/**
 * How well `premises` support each hypothesis: the best window's probability (premise first, hypothesis second, as
 * NLI and HHEM read them). A hypothesis with no premise window scores 0 with no best window.
 *
 * @example
 * const [support] = await hypothesisSupport(verifier, ["Paris is in France."], ["Paris is the capital of France."]);
 */
export async function hypothesisSupport(
  verifier: PairVerifier,
  hypotheses: readonly string[],
  premises: readonly string[],
): Promise<HypothesisSupport[]> {
  let longest = 0;
  for (const tokens of await mapYielding(hypotheses, (h) => verifier.countTokens(h)))
    longest = Math.max(longest, tokens);
  const windows = premiseWindows(verifier, premises, longest);
  const grid = await scoreGrid(verifier, hypotheses, windows, (first, second) => ({ first, second }));
  return hypotheses.map((_, h) => {
    const row = grid.probabilities[h]!;
    let best = -1;
    row.forEach((p, w) => {
      if (best < 0 || p > row[best]!) best = w;
    });
    return {
      probability: best < 0 ? 0 : row[best]!,
      best: best < 0 ? null : windows[best]!,
      truncated: grid.truncated[h]!.some(Boolean),
    };
  });
}
