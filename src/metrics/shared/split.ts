import { ContextOverflowError } from "../../errors.js";

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

/** What `judgeWithSplitting` did: the calls' results and whether the input had to be split. */
export interface SplitOutcome<T> {
  results: Array<PartResult<T>>;
  /** True when the first call (all texts at once) overflowed and the texts were split. */
  split: boolean;
}

/** The `details.splits` record of a split input: which character ranges went to which call. */
export interface SplitRecord {
  /** What was split: `retrievedContexts` / `contexts` or `response`. */
  field: string;
  /** Judge calls made on parts (the overflowing attempts not counted). */
  calls: number;
  /** Character ranges per call, e.g. `[[{ index: 0, start: 0, end: 812 }], ...]`. */
  parts: Array<Array<{ index: number; start: number; end: number }>>;
}

/** Splits a text into sentences (Intl.Segmenter, English rules), returned with their character offsets. */
export function sentenceSpans(text: string): Array<{ start: number; end: number }> {
  const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });
  const spans: Array<{ start: number; end: number }> = [];
  for (const s of segmenter.segment(text)) spans.push({ start: s.index, end: s.index + s.segment.length });
  return spans;
}

/**
 * Calls `call` with all texts at once; when the judge throws `ContextOverflowError`, calls it once
 * per text, and a text that still overflows is cut at the sentence boundary nearest its middle,
 * recursively, until each part fits. Nothing is dropped: every character of every text is in exactly
 * one part. A single sentence that does not fit rethrows `ContextOverflowError` naming the text and
 * sentence, so the caller reports it instead of scoring a truncated input.
 */
export async function judgeWithSplitting<T>(
  texts: readonly string[],
  what: string,
  call: (parts: TextPart[]) => Promise<T>,
): Promise<SplitOutcome<T>> {
  const whole: TextPart[] = texts.map((text, index) => ({ index, start: 0, end: text.length, text }));
  try {
    return { results: [{ parts: whole, value: await call(whole) }], split: false };
  } catch (err) {
    if (!(err instanceof ContextOverflowError)) throw err;
    const results: Array<PartResult<T>> = [];
    if (whole.length > 1) {
      for (const part of whole) await fitPart(part, what, call, results, null);
    } else if (whole.length === 1) {
      await fitPart(whole[0]!, what, call, results, err);
    } else {
      throw err;
    }
    return { results, split: true };
  }
}

async function fitPart<T>(
  part: TextPart,
  what: string,
  call: (parts: TextPart[]) => Promise<T>,
  out: Array<PartResult<T>>,
  knownOverflow: ContextOverflowError | null,
): Promise<void> {
  let overflow = knownOverflow;
  if (overflow === null) {
    try {
      out.push({ parts: [part], value: await call([part]) });
      return;
    } catch (err) {
      if (!(err instanceof ContextOverflowError)) throw err;
      overflow = err;
    }
  }
  const spans = sentenceSpans(part.text);
  if (spans.length < 2) {
    throw new ContextOverflowError(
      `${what}[${part.index}] characters ${part.start}-${part.end} form one sentence that does not fit the judge's ` +
        `context window (${overflow.promptTokens} prompt tokens > ${overflow.contextSize}); use a judge with a larger ` +
        "context size or shorten that text",
      overflow.promptTokens,
      overflow.contextSize,
      { cause: overflow },
    );
  }
  // Cut at the sentence boundary closest to the middle of the part (by characters).
  const middle = part.text.length / 2;
  let cut = spans[1]!.start;
  for (const s of spans.slice(1)) {
    if (Math.abs(s.start - middle) < Math.abs(cut - middle)) cut = s.start;
  }
  const left: TextPart = {
    index: part.index,
    start: part.start,
    end: part.start + cut,
    text: part.text.slice(0, cut),
  };
  const right: TextPart = {
    index: part.index,
    start: part.start + cut,
    end: part.end,
    text: part.text.slice(cut),
  };
  await fitPart(left, what, call, out, null);
  await fitPart(right, what, call, out, null);
}

/** Builds the `details.splits` record for a split outcome, or undefined when nothing was split. */
export function splitRecord<T>(field: string, outcome: SplitOutcome<T>): SplitRecord | undefined {
  if (!outcome.split) return undefined;
  return {
    field,
    calls: outcome.results.length,
    parts: outcome.results.map((r) => r.parts.map(({ index, start, end }) => ({ index, start, end }))),
  };
}
