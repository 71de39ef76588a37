import { pythonSplit, pythonStrip } from "../shared/text/python-str.js";

/**
 * A quoted span: text between two quote marks (straight or curly double and single quotes, backtick,
 * acute accent), as Ragas reads them, on one line and as short as possible.
 */
const QUOTED =
  /["\u201c\u201d\u201e\u201f'\u2018\u2019`\u00b4]([^\n]*?)["\u201c\u201d\u201e\u201f'\u2018\u2019`\u00b4]/g;

/**
 * Lower-cased, with each run of whitespace as one space and none at the ends (Ragas' `normalize_text`,
 * with Python's whitespace: see python-str.ts).
 */
export function normalizeQuoteText(text: string): string {
  return pythonSplit(text).join(" ").toLowerCase();
}

/**
 * The quoted spans of a response with at least `minWords` words, in order, trimmed.
 *
 * @example
 * quotedSpans('He said "the tower is in Paris" and "yes".', 3); // ["the tower is in Paris"]
 */
export function quotedSpans(response: string, minWords: number): string[] {
  const spans: string[] = [];
  for (const match of response.matchAll(QUOTED)) {
    const span = pythonStrip(match[1]!);
    if (pythonSplit(span).length >= minWords) spans.push(span);
  }
  return spans;
}

/** The spans found in the contexts (joined with a space), and the score. */
export interface QuotedSpansAlignment {
  /** matched / spans, or 1 when the response quotes nothing. */
  score: number;
  /** Each span, and whether it was found. */
  spans: Array<{ span: string; found: boolean }>;
}

/**
 * Ragas `quoted_spans_alignment`: the share of the response's quoted spans (of `minWords` words or more)
 * that occur word for word in the retrieved contexts joined by spaces, compared after
 * {@link normalizeQuoteText} when `casefold`; 1 when the response quotes nothing.
 *
 * @example
 * quotedSpansAlignment('It says "built in 1889 for the fair".', ["The tower was built in 1889 for the fair."], 3, true).score; // 1
 */
export function quotedSpansAlignment(
  response: string,
  contexts: readonly string[],
  minWords: number,
  casefold: boolean,
): QuotedSpansAlignment {
  const spans = quotedSpans(response, minWords);
  if (spans.length === 0) return { score: 1, spans: [] };
  const joined = contexts.join(" ");
  const sources = casefold ? normalizeQuoteText(joined) : joined;
  const checked = spans.map((span) => {
    const needle = casefold ? normalizeQuoteText(span) : span;
    return { span, found: needle !== "" && sources.includes(needle) };
  });
  return { score: checked.filter((s) => s.found).length / spans.length, spans: checked };
}
