// Python `str` behaviour that the reference implementations rely on and JavaScript does not share.

/**
 * The characters Python's `str.split()` (no argument) and `str.strip()` treat as whitespace:
 * Unicode category Zs plus the bidirectional classes WS, B and S. JavaScript's `\s` differs: it
 * lacks U+001C..U+001F and U+0085 and has U+FEFF, which Python does not split on.
 */
const pythonWhitespace =
  "\\t\\n\\u000b\\u000c\\r\\u001c\\u001d\\u001e\\u001f \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";

const runs = new RegExp(`[${pythonWhitespace}]+`, "u");

/** Python `s.split()`: splits on runs of Python whitespace and drops empty pieces. */
export function pythonSplit(text: string): string[] {
  return text.split(runs).filter((piece) => piece !== "");
}

/** Unicode code points of a string (Python indexes strings by code point, JavaScript by UTF-16 unit). */
export function codePoints(text: string): string[] {
  return Array.from(text);
}

/** Whether a code point is Python whitespace (the characters of {@link pythonSplit}'s runs). */
export function isPythonWhitespace(cp: number): boolean {
  if (cp <= 0x20) return cp === 0x20 || (cp >= 0x09 && cp <= 0x0d) || (cp >= 0x1c && cp <= 0x1f);
  if (cp < 0x85) return false;
  return (
    cp === 0x85 ||
    cp === 0xa0 ||
    cp === 0x1680 ||
    (cp >= 0x2000 && cp <= 0x200a) ||
    cp === 0x2028 ||
    cp === 0x2029 ||
    cp === 0x202f ||
    cp === 0x205f ||
    cp === 0x3000
  );
}

/** Whether the text is empty or Python whitespace only (Python `not s.strip()`), without allocating. */
export function isPythonBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (!isPythonWhitespace(text.charCodeAt(i))) return false;
  return true;
}

/** Python `s.strip()`: the text without Python whitespace at either end. */
export function pythonStrip(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isPythonWhitespace(text.charCodeAt(start))) start++;
  while (end > start && isPythonWhitespace(text.charCodeAt(end - 1))) end--;
  return text.slice(start, end);
}
