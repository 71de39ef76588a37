// Cutting premises to a pair verifier's window at token bounds, with overlap, so no claim is lost at a cut.

/** A window of a text: character offsets `[start, end)` and the text itself. */
export interface TextWindow {
  start: number;
  end: number;
  text: string;
}

/** Tokens kept free for the special tokens and the model's input template (HHEM's prompt takes about 20). */
export const TEMPLATE_RESERVE_TOKENS = 32;
/** The fewest tokens a premise window holds, even beside a very long hypothesis (the verifier then truncates). */
export const MIN_WINDOW_TOKENS = 32;
/** Share of a window repeated at the start of the next one. */
export const WINDOW_OVERLAP = 0.25;

/**
 * Token windows of a text from its token offsets: `budget` tokens each, consecutive windows sharing
 * `floor(budget * overlap)` tokens. A text of at most `budget` tokens is one window, the whole text.
 *
 * @example
 * tokenWindows("a b c d", [[0, 1], [2, 3], [4, 5], [6, 7]], 2, 0.5);
 * // [{ start: 0, end: 3, text: "a b" }, { start: 2, end: 5, text: "b c" }, { start: 4, end: 7, text: "c d" }]
 */
export function tokenWindows(
  text: string,
  offsets: ReadonlyArray<readonly [number, number]>,
  budget: number,
  overlap: number,
): TextWindow[] {
  if (offsets.length <= budget) return [{ start: 0, end: text.length, text }];
  const size = Math.max(1, Math.floor(budget));
  const step = Math.max(1, size - Math.floor(size * overlap));
  const windows: TextWindow[] = [];
  for (let first = 0; ; first += step) {
    const last = Math.min(first + size, offsets.length) - 1;
    const start = offsets[first]![0];
    const end = offsets[last]![1];
    windows.push({ start, end, text: text.slice(start, end) });
    if (last === offsets.length - 1) break;
  }
  return windows;
}

/**
 * The premise budget beside hypotheses of `longestHypothesis` tokens in a window of `maxTokens`: what is left after
 * the hypothesis and {@link TEMPLATE_RESERVE_TOKENS}, at least {@link MIN_WINDOW_TOKENS}.
 *
 * @example
 * premiseBudget(512, 40); // 440
 */
export function premiseBudget(maxTokens: number, longestHypothesis: number): number {
  return Math.max(MIN_WINDOW_TOKENS, maxTokens - longestHypothesis - TEMPLATE_RESERVE_TOKENS);
}
