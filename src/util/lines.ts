// The project's one rule for lines: a line ends at "\n" (LF); a "\r" just before it (a CRLF line end)
// is not part of the line; a final line break ends the last line and starts no empty one. Text is
// split here, and byte streams are cut here at their line feeds (never inside a UTF-8 sequence: 0x0A
// is never part of one).

const LF = 0x0a;
const CR = 13;

/**
 * The lines of `text`, without their line ends ("\n" or "\r\n"). Blank lines are kept; "" has no lines.
 *
 * @example
 * textLines("a\r\nb\n\nc"); // ["a", "b", "", "c"]
 */
export function textLines(text: string): string[] {
  const lines: string[] = [];
  let start = 0;
  while (start < text.length) {
    const nl = text.indexOf("\n", start);
    const stop = nl === -1 ? text.length : nl;
    lines.push(
      text.charCodeAt(stop - 1) === CR && stop > start
        ? text.slice(start, stop - 1)
        : text.slice(start, stop),
    );
    start = stop + 1;
  }
  return lines;
}

/** How many line feeds `bytes` holds (the lines that end in it). */
export function countLineFeeds(bytes: Uint8Array, end = bytes.length): number {
  let n = 0;
  for (let i = bytes.indexOf(LF); i !== -1 && i < end; i = bytes.indexOf(LF, i + 1)) n++;
  return n;
}

/** Bytes of a stream and the stream offset of their first byte. */
export interface StreamBytes {
  bytes: Buffer;
  offset: number;
}

/**
 * Cuts a byte stream given in pieces after its last line feed, so each piece handed on holds whole
 * lines: `push` returns the complete lines received so far and not returned yet (each ending with its
 * "\n"), `end` the bytes after the last line feed (a last line without a line break, or nothing).
 * Each comes with its offset in the stream.
 *
 * @example
 * const lines = new ByteLines();
 * const { bytes, offset } = lines.push(chunk); // whole lines only
 * const last = lines.end().bytes; // a last line without "\n"
 */
export class ByteLines {
  private rest: Buffer = Buffer.alloc(0);
  private restOffset = 0;

  /** Adds bytes; returns the complete lines among everything pushed that were not returned yet. */
  push(chunk: Buffer): StreamBytes {
    const bytes = this.rest.length === 0 ? chunk : Buffer.concat([this.rest, chunk]);
    const offset = this.restOffset;
    const cut = bytes.lastIndexOf(LF) + 1;
    this.rest = cut === 0 ? bytes : Buffer.from(bytes.subarray(cut));
    this.restOffset += cut;
    return { bytes: bytes.subarray(0, cut), offset };
  }

  /** The bytes after the last line feed; the stream is over. */
  end(): StreamBytes {
    const last = { bytes: this.rest, offset: this.restOffset };
    this.rest = Buffer.alloc(0);
    this.restOffset += last.bytes.length;
    return last;
  }
}
