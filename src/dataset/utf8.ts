import { ByteLines, countLineFeeds } from "../util/lines.js";
/** Text decoded from bytes, with the 1-based lines that held invalid UTF-8 (replaced by U+FFFD in `text`). */
export interface DecodedText {
  text: string;
  badLines: number[];
}

const strictDecoder = new TextDecoder("utf-8", { fatal: true });
const strictKeepBom = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const lossyDecoder = new TextDecoder("utf-8");
const lossyKeepBom = new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * Decodes UTF-8 bytes, strictly first; on failure, finds the lines with invalid bytes so they can be
 * reported, and decodes the rest with replacement characters. A leading BOM is dropped unless
 * `keepBom` (used for the pieces after the first of a file read in pieces). `firstLine` is the
 * 1-based line number of the first byte.
 */
export function decodeUtf8(bytes: Uint8Array, firstLine = 1, keepBom = false): DecodedText {
  try {
    return { text: (keepBom ? strictKeepBom : strictDecoder).decode(bytes), badLines: [] };
  } catch {
    const badLines: number[] = [];
    let start = 0;
    let line = firstLine;
    for (let i = 0; i <= bytes.length; i++) {
      if (i === bytes.length || bytes[i] === 0x0a) {
        try {
          strictKeepBom.decode(bytes.subarray(start, i));
        } catch {
          badLines.push(line);
        }
        start = i + 1;
        line++;
      }
    }
    return { text: (keepBom ? lossyKeepBom : lossyDecoder).decode(bytes), badLines };
  }
}

/**
 * Decodes a byte stream given in pieces into whole lines: each `push` returns the text of the complete
 * lines received so far (ending with their newline) and the lines among them that held invalid UTF-8;
 * `end` returns the rest. Splitting at a newline never cuts a UTF-8 sequence (0x0A is never part of
 * one), so the result is what {@link decodeUtf8} gives for the whole file.
 */
export class Utf8LineDecoder {
  private readonly lines = new ByteLines();
  private line = 1;
  private started = false;

  /** Adds bytes; returns the complete lines among everything pushed so far that were not returned yet. */
  push(chunk: Buffer): DecodedText & { firstLine: number } {
    const { bytes } = this.lines.push(chunk);
    if (bytes.length === 0) return { text: "", badLines: [], firstLine: this.line };
    return this.decode(bytes);
  }

  /** The last line (without a final newline), if any. */
  end(): DecodedText & { firstLine: number } {
    return this.decode(this.lines.end().bytes);
  }

  private decode(bytes: Uint8Array): DecodedText & { firstLine: number } {
    const firstLine = this.line;
    const decoded = decodeUtf8(bytes, firstLine, this.started);
    this.started = true;
    this.line += countLineFeeds(bytes);
    return { ...decoded, firstLine };
  }
}

/** Problem text for a row that spans a line with invalid UTF-8. */
export function invalidUtf8Message(line: number): string {
  return `line ${line} holds bytes that are not valid UTF-8; save the file as UTF-8 and load it again`;
}
