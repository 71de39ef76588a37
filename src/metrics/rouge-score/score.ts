import { type Counter, ngramCounts, overlap, total } from "../shared/text/counter.js";
import { porterStem } from "./porter-stemmer.js";

/** ROUGE variants Ragas' `RougeScore` exposes (`rouge2` is also accepted by rouge_score). */
export type RougeType = "rouge1" | "rouge2" | "rougeL";
/** Which of rouge_score's three numbers Ragas returns. */
export type RougeMode = "precision" | "recall" | "fmeasure";

/** rouge_score's `Score` tuple. */
export interface RougeNumbers {
  precision: number;
  recall: number;
  fmeasure: number;
}

/** A ROUGE result with the counts behind it. */
export interface RougeResult extends RougeNumbers {
  /** Tokens of the reference (target) and the response (prediction) after tokenising and stemming. */
  referenceTokens: number;
  responseTokens: number;
  /** Matched n-grams (rougeN) or the length of the longest common subsequence (rougeL). */
  overlap: number;
}

/**
 * rouge_score's default tokenizer: lower-case, every run of characters other than `a-z0-9` becomes a
 * space (so all non-ASCII letters are dropped), split, stem tokens longer than 3 characters with
 * NLTK's Porter stemmer when `stem` is set, and keep only `[a-z0-9]+` tokens.
 *
 * @example
 * rougeTokens("The cats are running!", true); // ["the", "cat", "are", "run"]
 */
export function rougeTokens(text: string, stem: boolean): string[] {
  // One scan for the runs of [a-z0-9] (code units, as the regex without the u flag sees them).
  const lower = text.toLowerCase();
  const out: string[] = [];
  let start = -1;
  for (let i = 0; i <= lower.length; i++) {
    const c = i < lower.length ? lower.charCodeAt(i) : 0;
    if ((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39)) {
      if (start < 0) start = i;
      continue;
    }
    if (start < 0) continue;
    const token = lower.slice(start, i);
    start = -1;
    if (!stem || token.length <= 3) out.push(token);
    else {
      const stemmed = porterStem(token);
      if (/^[a-z0-9]+$/.test(stemmed)) out.push(stemmed);
    }
  }
  return out;
}

/** rouge_score's `scoring.fmeasure`: harmonic mean, 0 when both are 0. */
export function rougeFmeasure(precision: number, recall: number): number {
  return precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
}

/** rouge_score `_score_ngrams`: clipped n-gram overlap over each side's n-gram count (at least 1). */
export function scoreNgrams(target: Counter, prediction: Counter): RougeNumbers & { overlap: number } {
  const hits = overlap(target, prediction);
  const precision = hits / Math.max(total(prediction), 1);
  const recall = hits / Math.max(total(target), 1);
  return { precision, recall, fmeasure: rougeFmeasure(precision, recall), overlap: hits };
}

/** Length of the longest common subsequence of two token lists (a two-row table, made for the call). */
export function lcsLength(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  let previous = new Uint32Array(b.length + 1);
  let current = new Uint32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    const ai = a[i - 1];
    for (let j = 1; j <= b.length; j++) {
      current[j] = ai === b[j - 1] ? previous[j - 1]! + 1 : Math.max(previous[j]!, current[j - 1]!);
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length]!;
}

/** rouge_score `_score_lcs`: zeros when either side has no tokens. */
export function scoreLcs(
  target: readonly string[],
  prediction: readonly string[],
): RougeNumbers & { overlap: number } {
  if (target.length === 0 || prediction.length === 0)
    return { precision: 0, recall: 0, fmeasure: 0, overlap: 0 };
  const lcs = lcsLength(target, prediction);
  const precision = lcs / prediction.length;
  const recall = lcs / target.length;
  return { precision, recall, fmeasure: rougeFmeasure(precision, recall), overlap: lcs };
}

/**
 * `RougeScorer([rougeType], use_stemmer=stem).score(reference, response)` of rouge_score. Ragas'
 * `RougeScore` calls it with `use_stemmer=True` and returns the number named by its `mode`.
 *
 * @example
 * rouge("The Eiffel Tower is located in Paris.", "The Eiffel Tower is located in India.", "rougeL", true).fmeasure;
 * // 0.8571428571428571
 */
export function rouge(reference: string, response: string, rougeType: RougeType, stem: boolean): RougeResult {
  const target = rougeTokens(reference, stem);
  const prediction = rougeTokens(response, stem);
  const numbers =
    rougeType === "rougeL"
      ? scoreLcs(target, prediction)
      : scoreNgrams(
          ngramCounts(target, rougeType === "rouge1" ? 1 : 2, " "),
          ngramCounts(prediction, rougeType === "rouge1" ? 1 : 2, " "),
        );
  return { ...numbers, referenceTokens: target.length, responseTokens: prediction.length };
}
