/** A UTF-16 surrogate without its partner: not a Unicode character, so it has no UTF-8 encoding. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const loneSurrogates = new RegExp(loneSurrogate.source, "g");

/**
 * Index of the first lone surrogate in `text`, or -1 when it is well-formed Unicode.
 *
 * @example
 * loneSurrogateIndex("ok \ud800"); // 3
 */
export function loneSurrogateIndex(text: string): number {
  return text.search(loneSurrogate);
}

/**
 * `text` with every lone surrogate replaced by U+FFFD, so it can be written as UTF-8 and read back by
 * strict parsers (jq, Python's json with strict UTF-8). Well-formed text is returned as is.
 *
 * @example
 * toWellFormed("a\ud800b"); // "a\ufffdb"
 */
export function toWellFormed(text: string): string {
  return loneSurrogate.test(text) ? text.replace(loneSurrogates, "\ufffd") : text;
}

/**
 * `JSON.stringify` whose output has no lone-surrogate escapes (`"\ud800"`): such strings are written
 * with U+FFFD instead, so every file written is well-formed UTF-8 JSON.
 *
 * @example
 * wellFormedJson({ reason: "cut \ud83d" }); // '{"reason":"cut \ufffd"}' (the real character)
 */
export function wellFormedJson(value: unknown, indent?: number): string {
  // JSON.stringify writes a lone surrogate as an escape (`\udXXX`); without one in the output (the
  // usual case) the text is already well-formed, and the slow pass through every string is skipped.
  const text = JSON.stringify(value, null, indent);
  if (text === undefined || !surrogateEscape.test(text)) return text;
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === "string" ? toWellFormed(v) : v), indent);
}

/** A surrogate as JSON.stringify escapes a lone one (a pair is written as the character itself). */
const surrogateEscape = /\\ud[89abcdef]/i;
