// Python `str` behaviour that the reference implementations rely on and JavaScript does not share.

/**
 * The characters Python's `str.split()` (no argument) and `str.strip()` treat as whitespace:
 * Unicode category Zs plus the bidirectional classes WS, B and S. JavaScript's `\s` differs: it
 * lacks U+001C..U+001F and U+0085 and has U+FEFF, which Python does not split on.
 */
const pythonWhitespace =
  "\\t\\n\\u000b\\u000c\\r\\u001c\\u001d\\u001e\\u001f \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";

const runs = new RegExp(`[${pythonWhitespace}]+`, "u");
const allRuns = new RegExp(`[${pythonWhitespace}]+`, "gu");
const trailing = new RegExp(`[${pythonWhitespace}]+$`, "u");

/** Python `s.split()`: splits on runs of Python whitespace and drops empty pieces. */
export function pythonSplit(text: string): string[] {
  return text.split(runs).filter((piece) => piece !== "");
}

/** Python `s.rstrip()`. */
export function pythonRstrip(text: string): string {
  return text.replace(trailing, "");
}

/** Python `s.split()` then `"".join(...)`: the text with every Python whitespace character removed. */
export function withoutPythonWhitespace(text: string): string {
  return text.replace(allRuns, "");
}

/** Unicode code points of a string (Python indexes strings by code point, JavaScript by UTF-16 unit). */
export function codePoints(text: string): string[] {
  return Array.from(text);
}
