// Context relevance with `prefill: true`: the statements are the contexts' sentences, known before the call, so the
// judge's answer is written from a plan (the JSON structure and each sentence copied exactly, fed in batches) and the
// judge only scores each sentence, written greedily under the grammar of 0 and 1 (its distribution read only for
// `confidence` or `scoring: "expected"`).
import type { AnswerPart } from "../../llm/types.js";
import { verdictListPlan } from "../shared/verdict-plan.js";

/** The score slot of a statement in the context relevance answer. */
export const SCORE_SLOT = { key: "score", values: ["0", "1"] } as const;

const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });

/** Characters segmented at a time: V8's segmenter slows with the length of the text it is given. */
const WINDOW = 4096;

/**
 * The sentence segments of `text` (Intl.Segmenter's English rules), found window by window so the work grows with
 * the text's length: every segment of a window but the last is complete; the next window starts at the last one.
 */
function* segments(text: string): Generator<string> {
  let start = 0;
  let window = WINDOW;
  while (start < text.length) {
    const end = Math.min(text.length, start + window);
    const spans = [...segmenter.segment(text.slice(start, end))];
    if (end === text.length) {
      for (const s of spans) yield s.segment;
      return;
    }
    if (spans.length < 2) {
      window *= 2; // one sentence longer than the window
      continue;
    }
    for (const s of spans.slice(0, -1)) yield s.segment;
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

/**
 * True when a segment is not a sentence of its own: a list marker (`1.`, `b)`, `iv.`), text without a letter, or
 * text ending in a known abbreviation or an initial (`Mr.`, `Jan.`, `J.`).
 */
function isFragment(segment: string): boolean {
  if (!/\p{L}/u.test(segment)) return true;
  if (/^\(?(\d{1,3}|[a-z]|[ivx]{1,4})[.)]$/i.test(segment)) return true;
  const last = /(\S+)\.$/u.exec(segment)?.[1];
  if (last === undefined) return false;
  return ABBREVIATIONS.has(last.toLowerCase()) || /^\p{Lu}$/u.test(last);
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
    let pending = "";
    for (const segment of segments(context)) {
      pending += segment;
      const sentence = pending.trim();
      if (sentence === "" || isFragment(sentence)) continue;
      out.push(sentence);
      pending = "";
    }
    if (pending.trim() !== "") out.push(pending.trim());
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
      reasonKey: undefined,
      choiceKey: SCORE_SLOT.key,
      values: SCORE_SLOT.values,
    },
    sentences,
  );
}
