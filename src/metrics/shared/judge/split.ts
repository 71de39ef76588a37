import { ContextOverflowError } from "../../../errors.js";
import { factsOf, overflowError } from "../../../llm/overflow-advice.js";

/** A piece of one context (or of the response) sent to the judge: characters `[start, end)` of `texts[index]`. */
export interface TextPart {
  /** Index of the text in the list that was split (context index, or 0 for the response). */
  index: number;
  /** First character (inclusive). */
  start: number;
  /** Last character (exclusive). */
  end: number;
  /** The characters themselves. */
  text: string;
}

/** One judge call made on some parts, and what it returned. */
export interface PartResult<T> {
  parts: TextPart[];
  value: T;
}

/** Which boundary a cut used: a sentence end, the start of a word, or (as a last resort) any character. */
export type CutKind = "sentence" | "word" | "character";

/** How many cuts of each kind were made inside texts. */
export type CutCounts = Record<CutKind, number>;

/** What `judgeWithSplitting` did: the calls' results, whether the input had to be split, and the cuts made. */
export interface SplitOutcome<T> {
  results: Array<PartResult<T>>;
  /** True when the first call (all texts at once) overflowed and the texts were regrouped or cut. */
  split: boolean;
  /** Cuts made inside texts, by kind (all 0 when whole texts were only regrouped). */
  cuts: CutCounts;
}

/** The `details.splits` record of a split input: which character ranges went to which call. */
export interface SplitRecord {
  /** What was split: `retrievedContexts` / `contexts` or `response`. */
  field: string;
  /** Judge calls made on parts (the overflowing attempts not counted). */
  calls: number;
  /** Character ranges per call, e.g. `[[{ index: 0, start: 0, end: 812 }, { index: 1, start: 0, end: 95 }], ...]`. */
  parts: Array<Array<{ index: number; start: number; end: number }>>;
  /** Cuts made inside texts, by boundary kind: `{ sentence, word, character }`. */
  cuts: CutCounts;
}

const sentenceSegmenter = new Intl.Segmenter("en", { granularity: "sentence" });

/** Characters segmented at once by {@link sentenceSpans}; a text up to this long is segmented whole. */
const sentenceWindow = 8192;
/** Characters of text a window keeps after the last boundary it keeps. */
const sentenceLookahead = 2048;

/**
 * Splits a text into sentences (Intl.Segmenter, English rules), returned with their character offsets. V8's
 * segment iterator slows down with the length of the whole text at every step (a 1 MB response took 81 s), so a
 * long text is segmented a window at a time: the sentences of a window that end at least {@link sentenceLookahead}
 * characters before its end are kept, and the next window starts where the first sentence not kept starts, so each
 * boundary kept was decided with that much text after it (the rules look ahead past a full stop for a lower-case
 * letter). A window keeping no sentence doubles until it keeps one or reaches the end. The work is linear in the
 * text; a seeded test compares it with whole-text segmentation.
 */
export function sentenceSpans(text: string): Array<{ start: number; end: number }> {
  const spans: Array<{ start: number; end: number }> = [];
  let from = 0;
  let size = sentenceWindow;
  while (from < text.length) {
    const to = Math.min(text.length, from + size);
    const found: Array<{ start: number; end: number }> = [];
    for (const s of sentenceSegmenter.segment(text.slice(from, to)))
      found.push({ start: from + s.index, end: from + s.index + s.segment.length });
    if (to === text.length) {
      spans.push(...found);
      break;
    }
    const kept = found.filter((span) => span.end <= to - sentenceLookahead);
    if (kept.length === 0) {
      size *= 2;
      continue;
    }
    spans.push(...kept);
    from = kept.at(-1)!.end;
    size = sentenceWindow;
  }
  return spans;
}

/** Characters each side of the middle that the first sentence search looks at; doubled until a boundary shows. */
const firstSentenceWindow = 2048;

/**
 * The sentence boundary nearest `middle` (excluding 0 and `text.length`), found by segmenting only a
 * window around it: the sentence containing the middle gives the nearest boundary on each side. A window
 * edge inside the text is not a boundary; while neither side is a real one, the window doubles. The work is
 * proportional to the window, so cutting a 10 MB context costs what cutting a 10 KB one does.
 */
function nearestSentenceBoundary(text: string, middle: number): number | undefined {
  for (let half = firstSentenceWindow; ; half *= 2) {
    const from = Math.max(0, middle - half);
    const to = Math.min(text.length, middle + half);
    const sentence = sentenceSegmenter.segment(text.slice(from, to)).containing(middle - from);
    if (sentence === undefined) return undefined;
    const left = from + sentence.index;
    const right = left + sentence.segment.length;
    const leftReal = left > 0 && (left > from || from === 0);
    const rightReal = right < text.length && (right < to || to === text.length);
    if (leftReal && (!rightReal || middle - left <= right - middle)) return left;
    if (rightReal) return right;
    if (from === 0 && to === text.length) return undefined;
  }
}

/**
 * Where to cut `text` in two, nearest its middle: at a sentence boundary when it has one, else at the
 * start of a word (after whitespace), else between two characters (never inside a surrogate pair).
 * Returns undefined for a text of one character, which cannot be cut. Looks only near the middle first,
 * so the cost grows with the distance to the nearest boundary, not with the text.
 */
export function cutPoint(text: string): { at: number; kind: CutKind } | undefined {
  const middle = Math.floor(text.length / 2);
  if (text.length < 2) return undefined;
  const sentence = nearestSentenceBoundary(text, middle);
  if (sentence !== undefined) return { at: sentence, kind: "sentence" };
  const word = nearestWordStart(text, middle);
  if (word !== undefined) return { at: word, kind: "word" };
  let at = middle;
  if (isLowSurrogate(text.charCodeAt(at)) && isHighSurrogate(text.charCodeAt(at - 1))) at += 1;
  if (at <= 0 || at >= text.length) return undefined;
  return { at, kind: "character" };
}

/** The start of a word (non-space after a space) nearest `from`, searching outwards; undefined when there is none. */
function nearestWordStart(text: string, from: number): number | undefined {
  const isStart = (i: number) =>
    i > 0 && i < text.length && isSpace(text.charCodeAt(i - 1)) && !isSpace(text.charCodeAt(i));
  for (let d = 0; from - d > 0 || from + d < text.length; d++) {
    if (isStart(from - d)) return from - d;
    if (isStart(from + d)) return from + d;
  }
  return undefined;
}

/** The characters of the regular expression class `\s`, tested by code unit (a regex per character is slow on megabytes). */
function isSpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

function charCount(parts: readonly TextPart[]): number {
  return parts.reduce((n, p) => n + p.text.length, 0);
}

/**
 * Calls `call` with all texts at once. When the judge throws `ContextOverflowError`, the texts are
 * regrouped and cut until every call fits, and nothing is dropped: every character of every text is
 * in exactly one part, in order.
 *
 * - Whole texts are packed greedily, in order, into calls no larger (in characters) than half of the
 *   smallest group that overflowed, so several small contexts still share one call.
 * - A text that overflows on its own (or is at least as long as an input that overflowed) is cut in
 *   two near its middle: at a sentence boundary, else at a word boundary, else between characters;
 *   the two parts are packed again like any other part. Cuts are counted by kind in `cuts`.
 * - When even one character does not fit (the prompt without the text is too long already), the
 *   `ContextOverflowError` is rethrown naming the text and range, so the caller reports it instead
 *   of scoring a truncated input.
 */
export async function judgeWithSplitting<T>(
  texts: readonly string[],
  what: string,
  call: (parts: TextPart[]) => Promise<T>,
): Promise<SplitOutcome<T>> {
  const whole: TextPart[] = texts.map((text, index) => ({ index, start: 0, end: text.length, text }));
  let firstOverflow: ContextOverflowError;
  try {
    return { results: [{ parts: whole, value: await call(whole) }], split: false, cuts: noCuts() };
  } catch (err) {
    if (!(err instanceof ContextOverflowError) || whole.length === 0) throw err;
    firstOverflow = err;
  }
  const results: Array<PartResult<T>> = [];
  const cuts = noCuts();
  // Parts still to judge, the next one last (a stack), so taking, cutting and packing cost O(1) each.
  const pending = [...whole].reverse();
  // Any input of `overflowAt` characters or more is taken to overflow; multi-part groups stay within `packLimit`.
  let overflowAt = charCount(whole);
  let packLimit = Math.floor(overflowAt / 2);
  let lastOverflow = firstOverflow;
  while (pending.length > 0) {
    const first = pending[pending.length - 1]!;
    if (first.text.length >= overflowAt) {
      cutNext(pending, what, lastOverflow, cuts);
      // Cutting is CPU work between judge calls: let signal handlers (Ctrl-C) and timers run.
      await yieldToEventLoop();
      continue;
    }
    const group = [first];
    let size = first.text.length;
    for (let i = pending.length - 2; i >= 0; i--) {
      const next = pending[i]!;
      if (size + next.text.length > packLimit || size + next.text.length >= overflowAt) break;
      group.push(next);
      size += next.text.length;
    }
    try {
      const value = await call(group);
      results.push({ parts: group, value });
      pending.length -= group.length;
    } catch (err) {
      if (!(err instanceof ContextOverflowError)) throw err;
      lastOverflow = err;
      overflowAt = Math.min(overflowAt, size);
      packLimit = Math.min(packLimit, Math.floor(size / 2));
    }
  }
  return { results, split: true, cuts };
}

/** Resolves after pending I/O callbacks and signal handlers have run. */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function noCuts(): CutCounts {
  return { sentence: 0, word: 0, character: 0 };
}

/** Replaces the next part (the last of the `pending` stack) by its two halves, or throws when it is a single character. */
function cutNext(pending: TextPart[], what: string, overflow: ContextOverflowError, cuts: CutCounts): void {
  const part = pending[pending.length - 1]!;
  const cut = cutPoint(part.text);
  if (cut === undefined) {
    throw overflowError(
      `${what}[${part.index}] characters ${part.start}-${part.end}: even a single character does not fit the ` +
        `judge's context window (${overflow.promptTokens} prompt tokens > ${overflow.contextSize}), so the rest ` +
        "of the prompt (instructions, examples, question or statements) is already too long.",
      factsOf(overflow),
      { cause: overflow },
    );
  }
  cuts[cut.kind] += 1;
  const left: TextPart = {
    index: part.index,
    start: part.start,
    end: part.start + cut.at,
    text: part.text.slice(0, cut.at),
  };
  const right: TextPart = {
    index: part.index,
    start: part.start + cut.at,
    end: part.end,
    text: part.text.slice(cut.at),
  };
  pending.splice(pending.length - 1, 1, right, left);
}

/** Builds the `details.splits` record for a split outcome, or undefined when nothing was split. */
export function splitRecord<T>(field: string, outcome: SplitOutcome<T>): SplitRecord | undefined {
  if (!outcome.split) return undefined;
  return {
    field,
    calls: outcome.results.length,
    parts: outcome.results.map((r) => r.parts.map(({ index, start, end }) => ({ index, start, end }))),
    cuts: { ...outcome.cuts },
  };
}
