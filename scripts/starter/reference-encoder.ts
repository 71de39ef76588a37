// A plain-JavaScript mirror of the starter model (tokenizer.json + lookup + mean pooling +
// normalization). The bench uses it to score table variants without writing an ONNX file per
// variant; a test checks that its token ids equal the ones transformers.js produces.
import { pieceRegex, replacements, specialCount, specialIds } from "./tokenizer-files.js";

const piece = new RegExp(pieceRegex, "gu");
const compiledReplacements = replacements.map(
  ([pattern, content]) => [new RegExp(pattern, "gu"), content] as const,
);

/** Normalizes and splits a text the way tokenizer.json does. */
export function referencePieces(text: string): string[] {
  let normalized = text.normalize("NFKC").toLowerCase();
  for (const [pattern, content] of compiledReplacements) normalized = normalized.replaceAll(pattern, content);
  return normalized.match(piece) ?? [];
}

/** Token ids, [CLS] ... [SEP], for a text given the word -> index map of the vocabulary. */
export function referenceTokenIds(text: string, wordIndex: ReadonlyMap<string, number>): number[] {
  const ids: number[] = [specialIds.cls];
  for (const p of referencePieces(text)) {
    const index = p.length > 100 ? undefined : wordIndex.get(p);
    ids.push(index === undefined ? specialIds.unk : specialCount + index);
  }
  ids.push(specialIds.sep);
  return ids;
}

/**
 * Mean of the table rows for `ids`, L2-normalized (what feature extraction returns). A text with no known
 * word (every row zero) gives a zero vector, as `TransformersEmbeddings` does, not NaN.
 */
export function referenceEmbedding(
  ids: readonly number[],
  table: Float32Array,
  dimensions: number,
): Float32Array {
  const sum = new Float64Array(dimensions);
  for (const id of ids) for (let k = 0; k < dimensions; k++) sum[k]! += table[id * dimensions + k]!;
  let norm = 0;
  for (let k = 0; k < dimensions; k++) {
    sum[k]! /= ids.length;
    norm += sum[k]! * sum[k]!;
  }
  norm = Math.sqrt(norm);
  const out = new Float32Array(dimensions);
  if (norm === 0) return out;
  for (let k = 0; k < dimensions; k++) out[k] = sum[k]! / norm;
  return out;
}

/** Cosine similarity of two vectors. */
export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return dot / Math.sqrt(na * nb);
}
