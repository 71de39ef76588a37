import type { UnsupportedSpan } from "./types.js";

/**
 * Merges runs of adjacent tokens whose P(unsupported) is at least `threshold` into character spans of `text`.
 * `offsets[i]` is token i's `[start, end)` in `text`; zero-width tokens neither start, end nor break a run. The span's
 * probability is the highest of its tokens.
 */
export function mergeUnsupported(
  text: string,
  probabilities: readonly number[],
  offsets: ReadonlyArray<readonly [number, number]>,
  threshold: number,
): UnsupportedSpan[] {
  const spans: UnsupportedSpan[] = [];
  let current: { start: number; end: number; probability: number } | undefined;
  const flush = () => {
    if (current) spans.push({ ...current, text: text.slice(current.start, current.end) });
    current = undefined;
  };
  probabilities.forEach((p, i) => {
    const [start, end] = offsets[i] ?? [0, 0];
    if (end <= start) return;
    if (p < threshold) {
      flush();
      return;
    }
    if (current) {
      current.end = end;
      current.probability = Math.max(current.probability, p);
    } else {
      current = { start, end, probability: p };
    }
  });
  flush();
  return spans;
}
