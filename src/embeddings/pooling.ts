/** How token vectors become one text vector. `mean`: average over real (unmasked) tokens; `cls`: the first token. */
export type Pooling = "mean" | "cls";

/**
 * Pools one sequence of a `[batch, seq, hidden]` output into a vector, using the attention mask, so padding
 * never changes the result (the same rule transformers.js uses for `pooling: "mean"`).
 *
 * @param hidden flat `last_hidden_state` data of the whole batch
 * @param row which sequence of the batch
 * @param seqLength padded sequence length of the batch
 * @param dims hidden size
 * @param realTokens number of real tokens of this row (its attention mask is 1 for the first `realTokens`)
 */
export function poolRow(
  hidden: Float32Array,
  row: number,
  seqLength: number,
  dims: number,
  realTokens: number,
  pooling: Pooling,
): Float32Array {
  const out = new Float32Array(dims);
  const base = row * seqLength * dims;
  if (pooling === "cls") {
    out.set(hidden.subarray(base, base + dims));
    return out;
  }
  for (let k = 0; k < dims; k++) {
    let sum = 0;
    for (let j = 0; j < realTokens; j++) sum += hidden[base + j * dims + k]!;
    out[k] = sum / realTokens;
  }
  return out;
}

/**
 * Scales `vector` in place to unit L2 norm. A zero vector stays zero (documented: no NaN from 0/0).
 *
 * @example
 * normalizeInPlace(Float32Array.of(3, 4)); // Float32Array [0.6, 0.8]
 */
export function normalizeInPlace(vector: Float32Array): Float32Array {
  let sumSquares = 0;
  for (const v of vector) sumSquares += v * v;
  const norm = Math.sqrt(sumSquares);
  if (norm === 0) return vector;
  for (let i = 0; i < vector.length; i++) vector[i] = vector[i]! / norm;
  return vector;
}
