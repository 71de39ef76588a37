import type { Chunk } from "../../src/generate/types.js";

/**
 * Chunks of one document from texts already cut, in order, as if joined with one newline: ids `<document>#<index>`,
 * offsets into the joined text, no headings, tokens estimated at 4 characters each.
 *
 * @example
 * chunksOf("bridge.md", ["The Hale Bridge opened in 1902.", "It was widened in 1950."]);
 */
export function chunksOf(documentId: string, texts: readonly string[]): Chunk[] {
  let start = 0;
  return texts.map((text, index) => {
    const chunk: Chunk = {
      id: `${documentId}#${index}`,
      documentId,
      start,
      end: start + text.length,
      text,
      headings: [],
      tokens: Math.ceil(text.length / 4),
    };
    start += text.length + 1;
    return chunk;
  });
}
