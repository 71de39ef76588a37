import { NgramIds } from "../shared/text/ngram-ids.js";
import { pythonRstrip, pythonSplit } from "../shared/text/python-str.js";
import { tokens13a } from "./tokenizer-13a.js";

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

const ngramIds = new NgramIds();

// Per n-gram id, reused across calls (the metric is synchronous): its order (0-based), its count in
// the hypothesis, in the current reference, and its highest count in any one reference.
let orderOf = new Int32Array(1024);
let hypCounts = new Int32Array(1024);
let refCounts = new Int32Array(1024);
let refMax = new Int32Array(1024);

function ensureIdArrays(size: number): void {
  if (orderOf.length >= size) return;
  const grown = 2 ** Math.ceil(Math.log2(size));
  orderOf = new Int32Array(grown);
  hypCounts = new Int32Array(grown);
  refCounts = new Int32Array(grown);
  refMax = new Int32Array(grown);
}

/**
 * Counts every word n-gram (orders 1..4) of `symbols` (interned tokens) into `counts` by integer id
 * ({@link NgramIds}), as sacrebleu's `extract_all_word_ngrams` lists them.
 */
function countWordNgrams(symbols: Int32Array, counts: Int32Array): void {
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

/** Interns each token as a small integer, numbering new tokens in order of appearance. */
function internTokens(tokens: readonly string[], interned: Map<string, number>): Int32Array {
  const out = new Int32Array(tokens.length);
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    let v = interned.get(token);
    if (v === undefined) {
      v = interned.size;
      interned.set(token, v);
    }
    out[i] = v;
  }
  return out;
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
 * docs/judge-free-metrics.md).
 *
 * @example
 * corpusBleu(["The Eiffel Tower is located in India."], [["The Eiffel Tower is located in Paris."]]).score;
 * // 70.71067811865478
 */
export function corpusBleu(
  hypotheses: readonly string[],
  references: ReadonlyArray<ReadonlyArray<string | null>>,
  settings: BleuSettings = {},
): BleuResult {
  // sacrebleu joins the 13a tokens with spaces and splits them again: the tokens themselves.
  const tokensOf = (text: string): string[] => {
    const cased = settings.lowercase === true ? text.toLowerCase() : text;
    const stripped = pythonRstrip(cased);
    return (settings.tokenize ?? "13a") === "13a" ? tokens13a(stripped) : pythonSplit(stripped);
  };
  const segments = references.length === 0 ? 0 : Math.min(...references.map((s) => s.length));
  const pairs = Math.min(hypotheses.length, segments);
  const correct = new Array<number>(maxOrder).fill(0);
  const total = new Array<number>(maxOrder).fill(0);
  let hypothesisLength = 0;
  let referenceLength = 0;
  for (let i = 0; i < pairs; i++) {
    const refTokens: string[][] = [];
    for (const stream of references) {
      const ref = stream[i];
      if (ref !== null && ref !== undefined) refTokens.push(tokensOf(ref));
    }
    const hypTokens = tokensOf(hypotheses[i]!);
    const interned = new Map<string, number>();
    const maxIds = (hypTokens.length + refTokens.reduce((sum, t) => sum + t.length, 0)) * maxOrder + 1;
    ngramIds.reset(maxIds);
    ensureIdArrays(maxIds);
    hypCounts.fill(0, 0, maxIds);
    refMax.fill(0, 0, maxIds);
    // Per n-gram id: the highest count in any one reference (sacrebleu merges references with max).
    for (const tokens of refTokens) {
      refCounts.fill(0, 0, maxIds);
      countWordNgrams(internTokens(tokens, interned), refCounts);
      for (let id = 1; id <= ngramIds.count; id++) {
        if (refCounts[id]! > refMax[id]!) refMax[id] = refCounts[id]!;
      }
    }
    countWordNgrams(internTokens(hypTokens, interned), hypCounts);
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
 * first response piece is therefore scored, against every reference piece as an alternative.
 *
 * @example
 * ragasBleu("The Eiffel Tower is located in Paris.", "The Eiffel Tower is located in India.").score;
 * // 0.7071067811865478
 */
export function ragasBleu(reference: string, response: string, settings: BleuSettings = {}): BleuResult {
  const references = reference.split(". ").map((sentence) => [sentence]);
  const result = corpusBleu(response.split(". "), references, settings);
  return { ...result, score: result.score / 100 };
}
