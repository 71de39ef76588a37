// The hallucinated spans formula: the share of the response's characters outside every unsupported span.

/**
 * `1 - (characters covered by the union of spans) / responseLength`; 1 when there is no span or the response is empty.
 * Overlapping spans count their characters once.
 *
 * @example
 * supportedCharacterShare(20, [{ start: 0, end: 5 }, { start: 3, end: 10 }]); // 0.5
 */
export function supportedCharacterShare(
  responseLength: number,
  spans: ReadonlyArray<{ start: number; end: number }>,
): number {
  if (responseLength === 0 || spans.length === 0) return 1;
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  let covered = 0;
  let reach = 0;
  for (const { start, end } of sorted) {
    const from = Math.max(start, reach, 0);
    const to = Math.min(end, responseLength);
    if (to > from) covered += to - from;
    reach = Math.max(reach, to);
  }
  return 1 - covered / responseLength;
}
