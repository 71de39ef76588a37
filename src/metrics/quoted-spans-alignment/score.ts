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

/** A single quote between two letters or digits: an apostrophe (it's), not a quote mark. */
const APOSTROPHE = /(?<=[\p{L}\p{N}])['\u2019](?=[\p{L}\p{N}])/gu;
/** Stand-ins for the two apostrophes while quotes are read (private-use code points, restored after). */
const HIDDEN = { "'": "\ue000", "\u2019": "\ue001" } as const;

/**
 * The quoted spans of a response with at least `minWords` words, in order, trimmed. With
 * `skipApostrophes`, a ' or ’ between two letters or digits is not a quote mark (Ragas reads it as one,
 * so "it's ... that's" makes a span).
 *
 * @example
 * quotedSpans('He said "the tower is in Paris" and "yes".', 3); // ["the tower is in Paris"]
 */
export function quotedSpans(response: string, minWords: number, skipApostrophes = false): string[] {
  const text = skipApostrophes
    ? response.replace(APOSTROPHE, (mark) => HIDDEN[mark as keyof typeof HIDDEN])
    : response;
  const spans: string[] = [];
  for (const match of text.matchAll(QUOTED)) {
    const span = pythonStrip(match[1]!);
    if (pythonSplit(span).length >= minWords) {
      spans.push(
        skipApostrophes ? span.replaceAll(HIDDEN["'"], "'").replaceAll(HIDDEN["\u2019"], "\u2019") : span,
      );
    }
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
 * {@link normalizeQuoteText} when `casefold`; 1 when the response quotes nothing. `skipApostrophes` as in
 * {@link quotedSpans}.
 *
 * @example
 * quotedSpansAlignment('It says "built in 1889 for the fair".', ["The tower was built in 1889 for the fair."], 3, true).score; // 1
 */
export function quotedSpansAlignment(
  response: string,
  contexts: readonly string[],
  minWords: number,
  casefold: boolean,
  skipApostrophes = false,
): QuotedSpansAlignment {
  const spans = quotedSpans(response, minWords, skipApostrophes);
  if (spans.length === 0) return { score: 1, spans: [] };
  const joined = contexts.join(" ");
  const sources = casefold ? normalizeQuoteText(joined) : joined;
  const checked = spans.map((span) => {
    const needle = casefold ? normalizeQuoteText(span) : span;
    return { span, found: needle !== "" && sources.includes(needle) };
  });
  return { score: checked.filter((s) => s.found).length / spans.length, spans: checked };
}
