/** Text decoded from bytes, with the 1-based lines that held invalid UTF-8 (replaced by U+FFFD in `text`). */
export interface DecodedText {
  text: string;
  badLines: number[];
}

/**
 * Decodes UTF-8 bytes, strictly first; on failure, finds the lines with invalid bytes so they can be
 * reported, and decodes the rest with replacement characters. A leading BOM is dropped.
 */
export function decodeUtf8(bytes: Uint8Array): DecodedText {
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), badLines: [] };
  } catch {
    const strict = new TextDecoder("utf-8", { fatal: true });
    const badLines: number[] = [];
    let start = 0;
    let line = 1;
    for (let i = 0; i <= bytes.length; i++) {
      if (i === bytes.length || bytes[i] === 0x0a) {
        try {
          strict.decode(bytes.subarray(start, i));
        } catch {
          badLines.push(line);
        }
        start = i + 1;
        line++;
      }
    }
    return { text: new TextDecoder("utf-8").decode(bytes), badLines };
  }
}

/** Problem text for a row that spans a line with invalid UTF-8. */
export function invalidUtf8Message(line: number): string {
  return `line ${line} holds bytes that are not valid UTF-8; save the file as UTF-8 and load it again`;
}
