import { ngramCounts, overlap, total } from "../shared/text/counter.js";
import { DenseSymbols } from "../shared/text/dense-symbols.js";
import { NgramIds } from "../shared/text/ngram-ids.js";
import { isPythonBlank, isPythonWhitespace, pythonSplit } from "../shared/text/python-str.js";

/** The `corpus_chrf` arguments Ragas passes through its `kwargs`, with sacrebleu's defaults. */
export interface ChrfSettings {
  /** Character n-gram order. Defaults to 6. */
  charOrder?: number;
  /** Word n-gram order (2 gives chrF++). Defaults to 0. */
  wordOrder?: number;
  /** Recall weight. Defaults to 2. */
  beta?: number;
  /** Remove whitespace before taking character n-grams (sacrebleu `remove_whitespace`). Defaults to true. */
  removeWhitespace?: boolean;
  /** Use the chrF++.py / NLTK / Moses epsilon smoothing instead of the effective order. Defaults to false. */
  epsSmoothing?: boolean;
}

/** chrF with its per-order statistics. */
export interface ChrfResult {
  /** chrF on sacrebleu's 0..100 scale. */
  score: number;
  /** Per order (characters 1..charOrder, then words 1..wordOrder): [hypothesis, reference, matched] n-grams. */
  statistics: Array<[number, number, number]>;
}

const punctuation: ReadonlySet<string> = new Set(Array.from("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"));

/** sacrebleu `CHRF._remove_punctuation`: splits one leading or trailing punctuation mark off each word. */
function wordsWithoutPunctuation(text: string): string[] {
  const out: string[] = [];
  for (const word of pythonSplit(text)) {
    const chars = Array.from(word);
    if (chars.length === 1) out.push(word);
    else if (punctuation.has(chars.at(-1)!)) out.push(chars.slice(0, -1).join(""), chars.at(-1)!);
    else if (punctuation.has(chars[0]!)) out.push(chars[0]!, chars.slice(1).join(""));
    else out.push(word);
  }
  return out;
}

/**
 * Writes the code points of `text` into `out` from index 0 (growing it when needed), leaving out
 * Python whitespace unless `keepWhitespace`; returns the buffer and the count.
 */
function codePointsInto(
  text: string,
  keepWhitespace: boolean,
  out: Int32Array,
): { buffer: Int32Array; length: number } {
  const buffer = out.length >= text.length ? out : new Int32Array(text.length * 2);
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const cp = text.codePointAt(i)!;
    if (cp > 0xffff) i++;
    if (!keepWhitespace && isPythonWhitespace(cp)) continue;
    buffer[n++] = cp;
  }
  return { buffer, length: n };
}

/**
 * The tables and buffers chrF reuses from one segment to the next: n-gram ids, dense symbols, the code points
 * of each side, and per n-gram id its counts in the hypothesis and (so far) in the reference. A caller that
 * scores many rows one at a time (the metric) keeps one and passes it in; a call without one gets fresh ones.
 * The numbers are the same either way.
 */
export class ChrfScratch {
  readonly charIds = new NgramIds();
  readonly dense = new DenseSymbols();
  hypBuffer: Int32Array = new Int32Array(256);
  refBuffer: Int32Array = new Int32Array(256);
  hypCounts = new Int32Array(1024);
  refCounts = new Int32Array(1024);
}

/** Counts the character n-grams (orders 1..charOrder) of `cps[0..length)` into `hypCounts` by id. */
function countHypothesisNgrams(
  cps: Int32Array,
  length: number,
  charOrder: number,
  scratch: ChrfScratch,
): void {
  const { charIds, hypCounts } = scratch;
  for (let i = 0; i < length; i++) {
    let prefix = 0;
    const last = Math.min(charOrder, length - i);
    for (let n = 0; n < last; n++) {
      prefix = charIds.id(prefix, cps[i + n]!);
      hypCounts[prefix]! += 1;
    }
  }
}

/**
 * Adds to `matched[n]` the matches of the reference's n-grams of order n+1: an occurrence matches
 * while the reference has not yet used up the hypothesis' count of that n-gram, which sums to
 * min(hypothesis count, reference count) per n-gram. An n-gram the hypothesis lacks has no id and
 * cannot match, nor can any longer one starting at the same place, so the walk stops there.
 */
function matchReferenceNgrams(
  cps: Int32Array,
  length: number,
  charOrder: number,
  matched: number[],
  scratch: ChrfScratch,
): void {
  const { charIds, hypCounts, refCounts } = scratch;
  for (let i = 0; i < length; i++) {
    let prefix = 0;
    const last = Math.min(charOrder, length - i);
    for (let n = 0; n < last; n++) {
      prefix = charIds.find(prefix, cps[i + n]!);
      if (prefix === 0) break;
      refCounts[prefix]! += 1;
      if (refCounts[prefix]! <= hypCounts[prefix]!) matched[n]! += 1;
    }
  }
}

/**
 * Character n-gram statistics [hypothesis, reference, matched] for orders 1..charOrder, as sacrebleu's
 * `extract_all_char_ngrams` and `_get_match_statistics` give them; n-grams are counted by integer id
 * ({@link NgramIds}) instead of by string. The totals follow from the lengths; the matches need the
 * reference's counts only of the hypothesis' n-grams.
 */
function charStatistics(
  hypothesis: string,
  reference: string,
  charOrder: number,
  keepWhitespace: boolean,
  scratch: ChrfScratch,
): Array<[number, number, number]> {
  const { charIds, dense } = scratch;
  const hyp = codePointsInto(hypothesis, keepWhitespace, scratch.hypBuffer);
  scratch.hypBuffer = hyp.buffer;
  const ref = codePointsInto(reference, keepWhitespace, scratch.refBuffer);
  scratch.refBuffer = ref.buffer;
  // Code points become dense numbers (the hypothesis' own 0..a-1; a for any the hypothesis lacks),
  // so n-gram ids come from a directly indexed table.
  dense.reset();
  for (let i = 0; i < hyp.length; i++) hyp.buffer[i] = dense.of(hyp.buffer[i]!);
  const alphabet = dense.size;
  for (let i = 0; i < ref.length; i++) {
    const k = dense.known(ref.buffer[i]!);
    ref.buffer[i] = k < 0 ? alphabet : k;
  }
  const maxIds = hyp.length * charOrder + 1;
  charIds.reset(maxIds, alphabet);
  if (scratch.hypCounts.length < maxIds) {
    const size = 2 ** Math.ceil(Math.log2(maxIds));
    scratch.hypCounts = new Int32Array(size);
    scratch.refCounts = new Int32Array(size);
  } else {
    scratch.hypCounts.fill(0, 0, maxIds);
    scratch.refCounts.fill(0, 0, maxIds);
  }
  countHypothesisNgrams(hyp.buffer, hyp.length, charOrder, scratch);
  const matched = new Array<number>(charOrder).fill(0);
  matchReferenceNgrams(ref.buffer, ref.length, charOrder, matched, scratch);
  return matched.map((m, n): [number, number, number] => {
    const refTotal = Math.max(0, ref.length - n);
    return [refTotal > 0 ? Math.max(0, hyp.length - n) : 0, refTotal, m];
  });
}

/** Word n-gram statistics for orders 1..wordOrder (chrF++), with sacrebleu's punctuation splitting. */
function wordStatistics(
  hypothesis: string,
  reference: string,
  wordOrder: number,
): Array<[number, number, number]> {
  if (wordOrder === 0) return [];
  const hypWords = wordsWithoutPunctuation(hypothesis);
  const refWords = wordsWithoutPunctuation(reference);
  const out: Array<[number, number, number]> = [];
  for (let n = 1; n <= wordOrder; n++) {
    const h = ngramCounts(hypWords, n, " ");
    const r = ngramCounts(refWords, n, " ");
    out.push([r.size > 0 ? total(h) : 0, total(r), overlap(h, r)]);
  }
  return out;
}

/** sacrebleu `CHRF._compute_f_score`: F-beta of the precision and recall averaged over the effective orders. */
export function chrfFromStatistics(
  statistics: ReadonlyArray<readonly [number, number, number]>,
  beta: number,
  epsSmoothing: boolean,
): number {
  const eps = 1e-16;
  const factor = beta ** 2;
  let score = 0;
  let effectiveOrder = 0;
  let avgPrecision = 0;
  let avgRecall = 0;
  for (const [hyp, ref, match] of statistics) {
    const precision = hyp > 0 ? match / hyp : eps;
    const recall = ref > 0 ? match / ref : eps;
    const denominator = factor * precision + recall;
    score += denominator > 0 ? ((1 + factor) * precision * recall) / denominator : eps;
    if (hyp > 0 && ref > 0) {
      avgPrecision += precision;
      avgRecall += recall;
      effectiveOrder += 1;
    }
  }
  if (epsSmoothing) return (100 * score) / statistics.length;
  if (effectiveOrder === 0) {
    avgPrecision = 0;
    avgRecall = 0;
  } else {
    avgPrecision /= effectiveOrder;
    avgRecall /= effectiveOrder;
  }
  if (avgPrecision + avgRecall === 0) return 0;
  return 100 * (((1 + factor) * avgPrecision * avgRecall) / (factor * avgPrecision + avgRecall));
}

function settingsOf(settings: ChrfSettings) {
  return {
    charOrder: settings.charOrder ?? 6,
    wordOrder: settings.wordOrder ?? 0,
    beta: settings.beta ?? 2,
    whitespace: !(settings.removeWhitespace ?? true),
    eps: settings.epsSmoothing ?? false,
  };
}

/** Per-order statistics of the reference with the best chrF for one segment, as sacrebleu keeps them. */
function segmentStatistics(
  hypothesis: string,
  references: readonly string[],
  s: ReturnType<typeof settingsOf>,
  scratch: ChrfScratch,
): Array<[number, number, number]> {
  let bestScore = -1;
  let best: Array<[number, number, number]> = [];
  for (const reference of references) {
    const statistics = [
      ...charStatistics(hypothesis, reference, s.charOrder, s.whitespace, scratch),
      ...wordStatistics(hypothesis, reference, s.wordOrder),
    ];
    const score = chrfFromStatistics(statistics, s.beta, s.eps);
    if (score > bestScore) {
      bestScore = score;
      best = statistics;
    }
  }
  return best;
}

/**
 * sacrebleu `corpus_chrf(hypotheses, references)`: `references` holds reference streams with one
 * segment per hypothesis; per segment the best reference's statistics are kept, summed over segments.
 * `scratch` (fresh by default) holds the tables it reuses; see {@link ChrfScratch}.
 *
 * @example
 * corpusChrf(["The Eiffel Tower is located in India."], [["The Eiffel Tower is located in Paris."]]).score;
 * // 80.48420145750512
 */
export function corpusChrf(
  hypotheses: readonly string[],
  references: ReadonlyArray<ReadonlyArray<string>>,
  settings: ChrfSettings = {},
  scratch: ChrfScratch = new ChrfScratch(),
): ChrfResult {
  const s = settingsOf(settings);
  const orders = s.charOrder + s.wordOrder;
  const sums: Array<[number, number, number]> = Array.from({ length: orders }, () => [0, 0, 0]);
  const segments = references.length === 0 ? 0 : Math.min(...references.map((r) => r.length));
  for (let i = 0; i < Math.min(hypotheses.length, segments); i++) {
    const stats = segmentStatistics(
      hypotheses[i]!,
      references.map((stream) => stream[i]!),
      s,
      scratch,
    );
    stats.forEach(([h, r, m], order) => {
      const sum = sums[order]!;
      sum[0] += h;
      sum[1] += r;
      sum[2] += m;
    });
  }
  return { score: chrfFromStatistics(sums, s.beta, s.eps), statistics: sums };
}

/**
 * Ragas `ChrfScore`: sacrebleu corpus chrF of the response against the reference, divided by 100.
 * Ragas returns 0 when either text is empty or whitespace only; so does this function. `scratch` as for
 * {@link corpusChrf}.
 *
 * @example
 * ragasChrf("The Eiffel Tower is located in Paris.", "The Eiffel Tower is located in India.").score;
 * // 0.8048420145750512
 */
export function ragasChrf(
  reference: string,
  response: string,
  settings: ChrfSettings = {},
  scratch: ChrfScratch = new ChrfScratch(),
): ChrfResult {
  if (isPythonBlank(reference) || isPythonBlank(response)) {
    return { score: 0, statistics: [] };
  }
  const result = corpusChrf([response], [[reference]], settings, scratch);
  return { ...result, score: result.score / 100 };
}
