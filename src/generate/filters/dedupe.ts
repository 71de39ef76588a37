/**
 * Near-duplicate removal: a question whose embedding is at least as close as the threshold to an accepted row's
 * question is rejected (a test set that asks the same thing twice weighs it twice).
 */
import type { Embeddings } from "../../embeddings/types.js";
import { cosineSimilarity } from "../../math/cosine.js";
import type { TestsetRow } from "../types.js";

/**
 * Default cosine similarity from which two questions count as the same question. High on purpose: two questions on
 * one chunk share most words and sit near 0.8–0.9 under sentence encoders; rewordings of one question sit above 0.95.
 */
export const DEFAULT_DUPLICATE_SIMILARITY = 0.95;

const vectorMemo = new WeakMap<Embeddings, Map<string, Float32Array>>();

async function vectorsOf(embeddings: Embeddings, texts: readonly string[]): Promise<Float32Array[]> {
  let memo = vectorMemo.get(embeddings);
  if (memo === undefined) {
    memo = new Map();
    vectorMemo.set(embeddings, memo);
  }
  const known = memo;
  const missing = [...new Set(texts.filter((t) => !known.has(t)))];
  if (missing.length > 0) {
    const vectors = await embeddings.embed(missing);
    missing.forEach((t, i) => {
      known.set(t, vectors[i]!);
    });
  }
  return texts.map((t) => known.get(t)!);
}

function normalised(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/**
 * The accepted question `question` most resembles, when the similarity reaches `threshold`; undefined otherwise.
 * Questions equal but for case and punctuation are duplicates without embedding. Vectors are kept per embedding
 * model, so each accepted question is embedded once per run.
 */
export async function nearDuplicate(
  question: string,
  accepted: readonly TestsetRow[],
  embeddings: Embeddings,
  threshold = DEFAULT_DUPLICATE_SIMILARITY,
): Promise<{ of: string; similarity: number } | undefined> {
  if (accepted.length === 0) return undefined;
  const plain = normalised(question);
  const same = accepted.find((row) => normalised(row.user_input) === plain);
  if (same !== undefined) return { of: same.user_input, similarity: 1 };
  const [mine, ...theirs] = await vectorsOf(embeddings, [question, ...accepted.map((row) => row.user_input)]);
  let best: { of: string; similarity: number } | undefined;
  theirs.forEach((vector, i) => {
    const similarity = cosineSimilarity(mine!, vector);
    if (similarity >= threshold && (best === undefined || similarity > best.similarity)) {
      best = { of: accepted[i]!.user_input, similarity };
    }
  });
  return best;
}
