// Turns raw GloVe rows into the lookup table: smooth-inverse-frequency weights and removal of the
// common component are linear, so they can be baked into the rows (mean pooling stays linear).
import { type GloveEntries, readGloveEntries } from "./glove-source.js";
import type { StarterRecipe } from "./recipe.js";
import { isProducibleToken, specialCount } from "./tokenizer-files.js";

/** The chosen vocabulary: words and their 0-based frequency rank in the source. */
export interface StarterVocabulary {
  /** Words in id order (id = specialCount + index). */
  words: string[];
  /** Source frequency rank of each word (0 = most frequent). */
  ranks: Int32Array;
  /** Raw GloVe rows, words.length x dimensions. */
  raw: Float32Array;
  /** Vector length. */
  dimensions: number;
  /** Number of words in the whole source (for the Zipf estimate). */
  sourceSize: number;
}

/**
 * Reads as many leading source entries as needed to get `size` producible words.
 *
 * @example
 * const vocabulary = selectVocabulary(source.dataFile, 100_000);
 */
export function selectVocabulary(dataFile: string, size: number): StarterVocabulary {
  let toRead = Math.ceil(size * 1.08) + 1000;
  for (;;) {
    const entries: GloveEntries = readGloveEntries(dataFile, toRead);
    const picked: number[] = [];
    for (let i = 0; i < entries.words.length && picked.length < size; i++) {
      if (isProducibleToken(entries.words[i]!)) picked.push(i);
    }
    if (picked.length === size || entries.words.length >= entries.totalWords) {
      const d = entries.dimensions;
      const raw = new Float32Array(picked.length * d);
      picked.forEach((rank, row) => {
        raw.set(entries.vectors.subarray(rank * d, rank * d + d), row * d);
      });
      return {
        words: picked.map((i) => entries.words[i]!),
        ranks: Int32Array.from(picked),
        raw,
        dimensions: d,
        sourceSize: entries.totalWords,
      };
    }
    toRead = Math.ceil(toRead * 1.5);
  }
}

/** Zipf estimate of a word's relative frequency from its 0-based rank: 1 / ((rank + 1) * H_n). */
export function zipfProbability(rank: number, sourceSize: number): number {
  let harmonic = 0;
  // H_n computed once per size; the cache keeps repeated calls cheap.
  const cached = harmonicCache.get(sourceSize);
  if (cached !== undefined) harmonic = cached;
  else {
    for (let r = sourceSize; r >= 1; r--) harmonic += 1 / r;
    harmonicCache.set(sourceSize, harmonic);
  }
  return 1 / ((rank + 1) * harmonic);
}
const harmonicCache = new Map<number, number>();

/** Top eigenvectors of a symmetric d x d matrix by power iteration with deflation (deterministic). */
export function topEigenvectors(matrix: Float64Array, d: number, count: number): Float64Array[] {
  const work = Float64Array.from(matrix);
  const out: Float64Array[] = [];
  for (let c = 0; c < count; c++) {
    let v = new Float64Array(d);
    for (let i = 0; i < d; i++) v[i] = 1 + i / d;
    let lambda = 0;
    for (let iter = 0; iter < 1000; iter++) {
      const next = new Float64Array(d);
      for (let i = 0; i < d; i++) {
        let s = 0;
        for (let j = 0; j < d; j++) s += work[i * d + j]! * v[j]!;
        next[i] = s;
      }
      let norm = 0;
      for (let i = 0; i < d; i++) norm += next[i]! * next[i]!;
      norm = Math.sqrt(norm);
      if (norm === 0) break;
      for (let i = 0; i < d; i++) next[i]! /= norm;
      v = next;
      lambda = norm;
    }
    // Fix the sign so the result does not depend on the iteration's start.
    let largest = 0;
    for (let i = 1; i < d; i++) if (Math.abs(v[i]!) > Math.abs(v[largest]!)) largest = i;
    if (v[largest]! < 0) for (let i = 0; i < d; i++) v[i] = -v[i]!;
    out.push(v);
    for (let i = 0; i < d; i++) for (let j = 0; j < d; j++) work[i * d + j]! -= lambda * v[i]! * v[j]!;
  }
  return out;
}

/** What the table computation found (for the build report and config.json). */
export interface TableStats {
  /** Removed directions (unit vectors), rounded for display. */
  removedComponents: number;
  /** Mean SIF weight over the vocabulary (1 when SIF is off). */
  meanWeight: number;
}

/**
 * Builds the full lookup table (special rows first, then one row per word) in float32.
 *
 * Rows: the special tokens [PAD], [UNK], [CLS] and [SEP] are zero: they only scale the
 * mean and vanish after normalization. A text with no known word therefore pools to a zero vector:
 * `TransformersEmbeddings` detects such a text (all its own tokens are [UNK]), returns a zero vector
 * without running the model and lists it in `embedDetailed(...).unknownOnly`; the raw transformers.js
 * feature-extraction pipeline with `normalize: true` divides 0 by 0 and yields NaN for it.
 *
 * @example
 * const { table } = buildTable(vocabulary, defaultRecipe);
 */
export function buildTable(
  vocabulary: StarterVocabulary,
  recipe: StarterRecipe,
): { table: Float32Array; stats: TableStats } {
  const d = vocabulary.dimensions;
  const n = vocabulary.words.length;
  const rows = new Float64Array(n * d);
  const frequency = new Float64Array(n);
  let weightSum = 0;
  for (let i = 0; i < n; i++) {
    const p = zipfProbability(vocabulary.ranks[i]!, vocabulary.sourceSize);
    frequency[i] = p;
    const weight = recipe.sifA === null ? 1 : recipe.sifA / (recipe.sifA + p);
    weightSum += weight;
    for (let k = 0; k < d; k++) rows[i * d + k] = vocabulary.raw[i * d + k]! * weight;
  }

  const rowWeight = (i: number): number => (recipe.componentWeighting === "frequency" ? frequency[i]! : 1);
  let totalWeight = 0;
  for (let i = 0; i < n; i++) totalWeight += rowWeight(i);

  if (recipe.centre) {
    const mean = new Float64Array(d);
    for (let i = 0; i < n; i++)
      for (let k = 0; k < d; k++) mean[k]! += (rowWeight(i) * rows[i * d + k]!) / totalWeight;
    for (let i = 0; i < n; i++) for (let k = 0; k < d; k++) rows[i * d + k]! -= mean[k]!;
  }

  if (recipe.removeComponents > 0) {
    // Weighted (uncentred unless `centre`) second-moment matrix of the rows.
    const moment = new Float64Array(d * d);
    for (let i = 0; i < n; i++) {
      const w = rowWeight(i) / totalWeight;
      const base = i * d;
      for (let a = 0; a < d; a++) {
        const va = w * rows[base + a]!;
        for (let b = a; b < d; b++) moment[a * d + b]! += va * rows[base + b]!;
      }
    }
    for (let a = 0; a < d; a++) for (let b = 0; b < a; b++) moment[a * d + b] = moment[b * d + a]!;
    const directions = topEigenvectors(moment, d, recipe.removeComponents);
    for (let i = 0; i < n; i++) {
      const base = i * d;
      for (const u of directions) {
        let dot = 0;
        for (let k = 0; k < d; k++) dot += rows[base + k]! * u[k]!;
        for (let k = 0; k < d; k++) rows[base + k]! -= dot * u[k]!;
      }
    }
  }

  // The special rows (ids 0 .. specialCount - 1) stay zero.
  const table = new Float32Array((specialCount + n) * d);
  for (let i = 0; i < n * d; i++) table[specialCount * d + i] = rows[i]!;
  return { table, stats: { removedComponents: recipe.removeComponents, meanWeight: weightSum / n } };
}
