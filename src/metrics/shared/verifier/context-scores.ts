// The relevance step the verifier context metrics share: each retrieved context's relevance to the question by a
// cross-encoder (query first, passage second), a long context cut into windows and scored by its best window.
import type { PairVerifier } from "../../../verifiers/types.js";
import { premiseWindows, scoreGrid } from "./support.js";

/** One context's relevance, as the metrics' details show it. */
export interface ContextRelevanceScore {
  /** Index of the context in `retrievedContexts`. */
  context: number;
  /** sigmoid(logit) of the best window: P(relevant). */
  probability: number;
  /** The probability is at least the metric's threshold. */
  relevant: boolean;
  /** Offsets of the best window in the context, when the context was cut into windows. */
  window?: { start: number; end: number };
  /** A pair of this context was truncated to fit the verifier. */
  truncated?: true;
}

/**
 * Each context's relevance to `question`: the best probability among the context's windows (windows fit beside the
 * question), `relevant` when at least `threshold`.
 *
 * @example
 * const scores = await contextRelevanceScores(verifier, "Where is Paris?", contexts, 0.5);
 */
export async function contextRelevanceScores(
  verifier: PairVerifier,
  question: string,
  contexts: readonly string[],
  threshold: number,
): Promise<ContextRelevanceScore[]> {
  const windows = premiseWindows(verifier, contexts, verifier.countTokens(question));
  const grid = await scoreGrid(verifier, [question], windows, (passage, query) => ({
    first: query,
    second: passage,
  }));
  const probabilities = grid.probabilities[0] ?? [];
  return contexts.map((text, context) => {
    let best = -1;
    let truncated = false;
    windows.forEach((w, i) => {
      if (w.premise !== context) return;
      truncated ||= grid.truncated[0]![i]!;
      if (best < 0 || probabilities[i]! > probabilities[best]!) best = i;
    });
    const probability = best < 0 ? 0 : probabilities[best]!;
    const window = best >= 0 ? windows[best]! : undefined;
    const cut = window !== undefined && (window.start > 0 || window.end < text.length);
    return {
      context,
      probability,
      relevant: probability >= threshold,
      ...(cut ? { window: { start: window.start, end: window.end } } : {}),
      ...(truncated ? { truncated: true as const } : {}),
    };
  });
}
