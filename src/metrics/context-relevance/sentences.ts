// Context relevance with `prefill: true`: the statements are the contexts' sentences, known before the call, so the
// judge's answer is written from a plan (the JSON structure and each sentence copied exactly, fed in batches) and the
// judge only scores each sentence, written greedily under the grammar of 0 and 1 (its distribution read only for
// `confidence` or `scoring: "expected"`).
import type { AnswerPart } from "../../llm/types.js";
import { verdictListPlan } from "../shared/judge/verdict-plan.js";

/** The score slot of a statement in the context relevance answer. */
export const SCORE_SLOT = { key: "score", values: ["0", "1"] } as const;

const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });

/** Characters segmented at a time: V8's segmenter slows with the length of the text it is given. */
const WINDOW = 4096;

/** A sentence segment of a text and where it starts. */
interface Segment {
  index: number;
  segment: string;
}

/**
 * The sentence segments of `text` (Intl.Segmenter's English rules), found window by window so the work grows with
 * the text's length: every segment of a window but the last is complete; the next window starts at the last one.
 */
function* segments(text: string): Generator<Segment> {
  let start = 0;
  let window = WINDOW;
  while (start < text.length) {
    const end = Math.min(text.length, start + window);
    const spans = [...segmenter.segment(text.slice(start, end))];
    if (end === text.length) {
      for (const s of spans) yield { index: start + s.index, segment: s.segment };
      return;
    }
    if (spans.length < 2) {
      window *= 2; // one sentence longer than the window
      continue;
    }
    for (const s of spans.slice(0, -1)) yield { index: start + s.index, segment: s.segment };
    start += spans.at(-1)!.index;
    window = WINDOW;
  }
}

/** Abbreviations after which the segmenter breaks, though a sentence rarely ends there. */
const ABBREVIATIONS = new Set(
  "mr mrs ms dr prof sr jr st mt vs cf al approx fig no vol ca e.g i.e jan feb mar apr jun jul aug sep sept oct nov dec".split(
    " ",
  ),
);

/** The longest word {@link isFragment} looks up: a longer last word is neither an abbreviation nor an initial. */
const LONGEST_ABBREVIATION = Math.max(...[...ABBREVIATIONS].map((a) => a.length));

/** The longest list marker (`(iiii.`): only a sentence this short can be one. */
const LONGEST_LIST_MARKER = 6;

const isSpace = (c: string) => /\s/.test(c);

/**
 * The segments joined so far into one sentence: trimmed bounds in the text and whether a letter was seen, kept as
 * segments are added, so a sentence of many segments (a run of dots is one segment per dot) costs its length, not
 * its length once per segment.
 */
class PendingSentence {
  start = -1;
  end = -1;
  hasLetter = false;

  constructor(private readonly text: string) {}

  add({ index, segment }: Segment): void {
    this.hasLetter ||= /\p{L}/u.test(segment);
    let last = index + segment.length;
    while (last > index && isSpace(this.text[last - 1]!)) last--;
    if (last === index) return; // only whitespace
    if (this.start === -1) {
      let first = index;
      while (isSpace(this.text[first]!)) first++;
      this.start = first;
    }
    this.end = last;
  }

  get empty(): boolean {
    return this.start === -1;
  }

  get sentence(): string {
    return this.text.slice(this.start, this.end);
  }

  /**
   * True when the sentence is not one of its own: a list marker (`1.`, `b)`, `iv.`), text without a letter, or text
   * ending in a known abbreviation or an initial (`Mr.`, `Jan.`, `J.`). Reads at most a few characters at its end.
   */
  get isFragment(): boolean {
    if (!this.hasLetter) return true;
    const { text, start, end } = this;
    if (end - start <= LONGEST_LIST_MARKER && /^\(?(\d{1,3}|[a-z]|[ivx]{1,4})[.)]$/i.test(this.sentence))
      return true;
    if (text[end - 1] !== "." || end - 1 === start) return false;
    // The word before the final stop: the run of non-space characters ending there.
    let from = end - 1;
    while (from > start && !isSpace(text[from - 1]!)) {
      from--;
      if (end - 1 - from > LONGEST_ABBREVIATION) return false;
    }
    if (from === end - 1) return false;
    const last = text.slice(from, end - 1);
    return ABBREVIATIONS.has(last.toLowerCase()) || /^\p{Lu}$/u.test(last);
  }
}

/**
 * The sentences of the contexts, in order, each trimmed; blank ones are dropped, and a list marker, a segment without
 * a letter or one ending in a common abbreviation or an initial is joined to the sentence after it (Intl.Segmenter's
 * English rules break there). The work grows linearly with the contexts' length.
 *
 * @example
 * contextSentences(["Mr. Smith is in Rome. It is old.", "1. Paris is in France."]);
 * // ["Mr. Smith is in Rome.", "It is old.", "1. Paris is in France."]
 */
export function contextSentences(contexts: readonly string[]): string[] {
  const out: string[] = [];
  for (const context of contexts) {
    let pending = new PendingSentence(context);
    for (const segment of segments(context)) {
      pending.add(segment);
      if (pending.empty || pending.isFragment) continue;
      out.push(pending.sentence);
      pending = new PendingSentence(context);
    }
    if (!pending.empty) out.push(pending.sentence);
  }
  return out;
}

/**
 * The answer plan of the statements prompt over known sentences:
 * `{"statements":[{"statement":"<sentence>","score":<0|1>},…]}`, compact, one score choice per sentence.
 */
export function sentenceScorePlan(sentences: readonly string[]): AnswerPart[] {
  return verdictListPlan(
    {
      listKey: "statements",
      textKey: "statement",
      reason: undefined,
      choiceKey: SCORE_SLOT.key,
      values: SCORE_SLOT.values,
    },
    sentences,
  );
}
