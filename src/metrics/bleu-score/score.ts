import { NgramIds } from "../shared/text/ngram-ids.js";
import { isPythonWhitespace } from "../shared/text/python-str.js";
import { type Spans13a, spans13a } from "./tokenizer-13a.js";

/** sacrebleu smoothing methods. */
export type SmoothMethod = "exp" | "floor" | "add-k" | "none";
/** Tokenizers offered here: sacrebleu's default `13a`, or `none` (split on whitespace only). */
export type BleuTokenizer = "13a" | "none";

/** The `corpus_bleu` arguments Ragas passes through its `kwargs`. */
export interface BleuSettings {
  /** Smoothing. Defaults to "exp" (sacrebleu's default). */
  smoothMethod?: SmoothMethod;
  /** Value for "floor" (default 0.1) and "add-k" (default 1). Defaults to sacrebleu's value for the method. */
  smoothValue?: number;
  /** Lower-case both sides first. Defaults to false. */
  lowercase?: boolean;
  /** Tokenizer. Defaults to "13a". */
  tokenize?: BleuTokenizer;
  /** Stop at the highest n-gram order with a match, as for sentence BLEU. Defaults to false. */
  useEffectiveOrder?: boolean;
}

/** The sufficient statistics of corpus BLEU, and the score built from them. */
export interface BleuResult {
  /** BLEU on sacrebleu's 0..100 scale. */
  score: number;
  /** Matched n-grams per order 1..4. */
  correct: number[];
  /** Hypothesis n-grams per order 1..4. */
  total: number[];
  /** n-gram precisions in percent. */
  precisions: number[];
  /** Brevity penalty. */
  brevityPenalty: number;
  /** Hypothesis and (closest) reference lengths in tokens. */
  hypothesisLength: number;
  referenceLength: number;
}

const maxOrder = 4;
const smoothDefaults: Record<SmoothMethod, number> = { none: 0, floor: 0.1, "add-k": 1, exp: 0 };

/**
 * The tables and buffers BLEU reuses from one segment to the next: token ids (a trie over code units, so that
 * equal tokens get equal ids without building token strings), n-gram ids, the spans of a whitespace split, and
 * per n-gram id its order (0-based), its count in the hypothesis, in the current reference, and its highest
 * count in any one reference. A caller that scores many rows one at a time (the metric) keeps one and passes it
 * in; a call without one gets fresh ones. The numbers are the same either way.
 */
export class BleuScratch {
  readonly tokenIds = new NgramIds();
  readonly ngramIds = new NgramIds();
  whitespaceSpans = new Int32Array(256);
  orderOf = new Int32Array(1024);
  hypCounts = new Int32Array(1024);
  refCounts = new Int32Array(1024);
  refMax = new Int32Array(1024);

  /** Makes the per-id arrays hold at least `size` ids. */
  ensureIdArrays(size: number): void {
    if (this.orderOf.length >= size) return;
    const grown = 2 ** Math.ceil(Math.log2(size));
    this.orderOf = new Int32Array(grown);
    this.hypCounts = new Int32Array(grown);
    this.refCounts = new Int32Array(grown);
    this.refMax = new Int32Array(grown);
  }
}

/**
 * Counts every word n-gram (orders 1..4) of `symbols` (interned tokens) into `counts` by integer id
 * ({@link NgramIds}), as sacrebleu's `extract_all_word_ngrams` lists them.
 */
function countWordNgrams(symbols: Int32Array, counts: Int32Array, scratch: BleuScratch): void {
  const { ngramIds, orderOf } = scratch;
  for (let i = 0; i < symbols.length; i++) {
    let prefix = 0;
    const last = Math.min(maxOrder, symbols.length - i);
    for (let n = 0; n < last; n++) {
      prefix = ngramIds.id(prefix, symbols[i + n]!);
      orderOf[prefix] = n;
      counts[prefix]! += 1;
    }
  }
}

/** Python `text.split()` as offsets (start and end of each piece), like {@link spans13a}. */
function whitespaceSplitSpans(line: string, scratch: BleuScratch): Spans13a {
  if (scratch.whitespaceSpans.length < line.length + 2)
    scratch.whitespaceSpans = new Int32Array(line.length * 2 + 2);
  const whitespaceSpans = scratch.whitespaceSpans;
  let count = 0;
  let start = -1;
  for (let i = 0; i <= line.length; i++) {
    if (i === line.length || isPythonWhitespace(line.charCodeAt(i))) {
      if (start >= 0) {
        whitespaceSpans[2 * count] = start;
        whitespaceSpans[2 * count + 1] = i;
        count++;
      }
      start = -1;
    } else if (start < 0) {
      start = i;
    }
  }
  return { line, spans: whitespaceSpans, count };
}

/**
 * The tokens of `text` as sacrebleu sees them (lower-cased when asked, right-stripped, tokenised),
 * each as its id in `scratch.tokenIds`. sacrebleu joins the 13a tokens with spaces and splits them
 * again: the tokens themselves.
 */
function tokenSymbols(text: string, settings: BleuSettings, scratch: BleuScratch): Int32Array {
  const cased = settings.lowercase === true ? text.toLowerCase() : text;
  let end = cased.length;
  while (end > 0 && isPythonWhitespace(cased.charCodeAt(end - 1))) end--;
  const stripped = end === cased.length ? cased : cased.slice(0, end);
  const { line, spans, count } =
    (settings.tokenize ?? "13a") === "13a" ? spans13a(stripped) : whitespaceSplitSpans(stripped, scratch);
  const symbols = new Int32Array(count);
  for (let k = 0; k < count; k++) {
    let id = 0;
    for (let i = spans[2 * k]!; i < spans[2 * k + 1]!; i++) id = scratch.tokenIds.id(id, line.charCodeAt(i));
    symbols[k] = id;
  }
  return symbols;
}

/** sacrebleu `_get_closest_ref_len`: the nearest reference length, the shorter one on ties. */
export function closestReferenceLength(
  hypothesisLength: number,
  referenceLengths: readonly number[],
): number {
  let closestDiff = -1;
  let closest = -1;
  for (const length of referenceLengths) {
    const diff = Math.abs(hypothesisLength - length);
    if (closestDiff === -1 || diff < closestDiff) {
      closestDiff = diff;
      closest = length;
    } else if (diff === closestDiff && length < closest) {
      closest = length;
    }
  }
  return closest;
}

/** sacrebleu `my_log`: log with log(0) floored to -9999999999. */
function flooredLog(x: number): number {
  return x === 0 ? -9999999999 : Math.log(x);
}

/** sacrebleu `BLEU.compute_bleu`: the score from summed statistics, with smoothing. */
export function computeBleu(
  correctIn: readonly number[],
  totalIn: readonly number[],
  hypothesisLength: number,
  referenceLength: number,
  settings: Pick<BleuSettings, "smoothMethod" | "smoothValue" | "useEffectiveOrder"> = {},
): BleuResult {
  const method = settings.smoothMethod ?? "exp";
  const smoothValue = settings.smoothValue ?? smoothDefaults[method];
  const correct = [...correctIn];
  const total = [...totalIn];
  let brevityPenalty = 1;
  if (hypothesisLength < referenceLength) {
    brevityPenalty = hypothesisLength > 0 ? Math.exp(1 - referenceLength / hypothesisLength) : 0;
  }
  const precisions = new Array<number>(maxOrder).fill(0);
  const base = { correct, total, precisions, brevityPenalty, hypothesisLength, referenceLength };
  if (!correct.some((c) => c !== 0)) return { score: 0, ...base };
  let smoothMteval = 1;
  let effectiveOrder = maxOrder;
  for (let n = 1; n <= maxOrder; n++) {
    if (method === "add-k" && n > 1) {
      correct[n - 1]! += smoothValue;
      total[n - 1]! += smoothValue;
    }
    if (total[n - 1] === 0) break;
    if (settings.useEffectiveOrder === true) effectiveOrder = n;
    if (correct[n - 1] === 0) {
      if (method === "exp") {
        smoothMteval *= 2;
        precisions[n - 1] = 100 / (smoothMteval * total[n - 1]!);
      } else if (method === "floor") {
        precisions[n - 1] = (100 * smoothValue) / total[n - 1]!;
      }
    } else {
      precisions[n - 1] = (100 * correct[n - 1]!) / total[n - 1]!;
    }
  }
  let logSum = 0;
  for (const p of precisions.slice(0, effectiveOrder)) logSum += flooredLog(p);
  return { score: brevityPenalty * Math.exp(logSum / effectiveOrder), ...base };
}

/**
 * sacrebleu `corpus_bleu(hypotheses, references)`: `references` is a list of reference streams, each
 * with one segment per hypothesis. As in sacrebleu, segments are paired with `zip`, so hypotheses
 * beyond the shortest stream are left out (Ragas' `BleuScore` depends on this; see
 * docs/judge-free-metrics.md). `scratch` (fresh by default) holds the tables it reuses; see {@link BleuScratch}.
 *
 * @example
 * corpusBleu(["The Eiffel Tower is located in India."], [["The Eiffel Tower is located in Paris."]]).score;
 * // 70.71067811865478
 */
export function corpusBleu(
  hypotheses: readonly string[],
  references: ReadonlyArray<ReadonlyArray<string | null>>,
  settings: BleuSettings = {},
  scratch: BleuScratch = new BleuScratch(),
): BleuResult {
  const { tokenIds, ngramIds } = scratch;
  const segments = references.length === 0 ? 0 : Math.min(...references.map((s) => s.length));
  const pairs = Math.min(hypotheses.length, segments);
  const correct = new Array<number>(maxOrder).fill(0);
  const total = new Array<number>(maxOrder).fill(0);
  let hypothesisLength = 0;
  let referenceLength = 0;
  for (let i = 0; i < pairs; i++) {
    let characters = hypotheses[i]!.length;
    for (const stream of references) characters += stream[i]?.length ?? 0;
    tokenIds.reset(characters + 1);
    const refTokens: Int32Array[] = [];
    for (const stream of references) {
      const ref = stream[i];
      if (ref !== null && ref !== undefined) refTokens.push(tokenSymbols(ref, settings, scratch));
    }
    const hypTokens = tokenSymbols(hypotheses[i]!, settings, scratch);
    const maxIds = (hypTokens.length + refTokens.reduce((sum, t) => sum + t.length, 0)) * maxOrder + 1;
    ngramIds.reset(maxIds, tokenIds.count + 1);
    scratch.ensureIdArrays(maxIds);
    const { orderOf, hypCounts, refCounts, refMax } = scratch;
    hypCounts.fill(0, 0, maxIds);
    refMax.fill(0, 0, maxIds);
    // Per n-gram id: the highest count in any one reference (sacrebleu merges references with max).
    for (const tokens of refTokens) {
      refCounts.fill(0, 0, maxIds);
      countWordNgrams(tokens, refCounts, scratch);
      for (let id = 1; id <= ngramIds.count; id++) {
        if (refCounts[id]! > refMax[id]!) refMax[id] = refCounts[id]!;
      }
    }
    countWordNgrams(hypTokens, hypCounts, scratch);
    hypothesisLength += hypTokens.length;
    referenceLength += closestReferenceLength(
      hypTokens.length,
      refTokens.map((t) => t.length),
    );
    for (let id = 1; id <= ngramIds.count; id++) {
      const n = hypCounts[id]!;
      if (n === 0) continue;
      const order = orderOf[id]!;
      total[order]! += n;
      correct[order]! += Math.min(n, refMax[id]!);
    }
  }
  return computeBleu(correct, total, hypothesisLength, referenceLength, settings);
}

/**
 * Ragas `BleuScore`: splits reference and response on ". ", passes the response pieces as hypotheses
 * and each reference piece as its own reference stream, and divides sacrebleu's score by 100. Only the
 * first response piece is therefore scored, against every reference piece as an alternative. `scratch` as for
 * {@link corpusBleu}.
 *
 * @example
 * ragasBleu("The Eiffel Tower is located in Paris.", "The Eiffel Tower is located in India.").score;
 * // 0.7071067811865478
 */
export function ragasBleu(
  reference: string,
  response: string,
  settings: BleuSettings = {},
  scratch: BleuScratch = new BleuScratch(),
): BleuResult {
  const references = reference.split(". ").map((sentence) => [sentence]);
  const result = corpusBleu(response.split(". "), references, settings, scratch);
  return { ...result, score: result.score / 100 };
}
