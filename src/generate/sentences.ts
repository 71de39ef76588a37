// Where sentences end in a document's text, by character offsets: the chunker packs whole sentences.

/** A span of text: `text.slice(start, end)`, without surrounding whitespace. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

// Words after which a full stop does not end a sentence (lower case, without the stop).
const abbreviations = new Set([
  "e.g",
  "i.e",
  "etc",
  "vs",
  "cf",
  "mr",
  "mrs",
  "ms",
  "dr",
  "prof",
  "st",
  "no",
  "fig",
  "approx",
  "inc",
  "ltd",
  "jr",
  "sr",
]);

/** `[start, end)` without leading and trailing whitespace, or undefined when only whitespace. */
export function trimSpan(text: string, start: number, end: number): Span | undefined {
  let s = start;
  let e = end;
  while (s < e && /\s/.test(text[s]!)) s++;
  while (e > s && /\s/.test(text[e - 1]!)) e--;
  return s < e ? { start: s, end: e } : undefined;
}

function endsWithAbbreviation(text: string, stop: number): boolean {
  const before = /([A-Za-z.]+)$/.exec(text.slice(Math.max(0, stop - 12), stop));
  if (before === null) return false;
  const word = before[1]!.toLowerCase();
  // A single letter ("J. Smith") or a listed abbreviation.
  return abbreviations.has(word) || /^[a-z]$/.test(word);
}

/**
 * The sentences of `text[start, end)`: cut after `.`, `!`, `?` or `…` (and closing quotes or brackets) followed by
 * whitespace, after `。！？`, and at line breaks that end a paragraph or start a list item; not after common
 * abbreviations ("e.g.", "Dr.") or single initials. Each character is read a bounded number of times, so the work
 * grows linearly with the text.
 *
 * @example
 * splitSentences("One. Two? Three", 0, 15); // [{start:0,end:4},{start:5,end:9},{start:10,end:15}]
 */
export function splitSentences(text: string, start = 0, end = text.length): Span[] {
  const spans: Span[] = [];
  let from = start;
  const push = (to: number) => {
    const span = trimSpan(text, from, to);
    if (span !== undefined) spans.push(span);
    from = to;
  };
  for (let i = start; i < end; i++) {
    const c = text[i]!;
    if (c === "\n") {
      // A blank line, or a line that starts a list item or a table row, ends the sentence.
      const rest = text.slice(i + 1, Math.min(end, i + 8));
      if (/^\s*\n/.test(rest) || /^\s*([-*+]\s|\d+[.)]\s|\|)/.test(rest)) push(i + 1);
      continue;
    }
    if (c === "。" || c === "！" || c === "？") {
      push(i + 1);
      continue;
    }
    if (c !== "." && c !== "!" && c !== "?" && c !== "…") continue;
    let j = i + 1;
    while (j < end && /[.!?…"'”’)\]]/.test(text[j]!)) j++;
    if (j < end && !/\s/.test(text[j]!)) {
      // No stop inside this run ends a sentence either (its run ends at the same j): skip the run, so a run of
      // stops is read once, not once per stop (20,000 dots before a letter took seconds).
      i = j - 1;
      continue;
    }
    if (c === "." && j === i + 1 && endsWithAbbreviation(text, i)) continue;
    push(j);
    i = j - 1;
  }
  push(end);
  return spans;
}
