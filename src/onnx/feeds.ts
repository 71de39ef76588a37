import type { OrtModule, OrtTensor } from "./session.js";

/** One row of a batch: token ids with the special tokens, and token_type_ids when the model takes them (else 0). */
export interface FeedRow {
  readonly ids: readonly number[];
  readonly tokenTypeIds?: readonly number[];
}

/**
 * The int64 `[batch, seq]` inputs a text model takes, right-padded with `padId` to the longest row: `input_ids`,
 * `attention_mask` (1 on real tokens) and `token_type_ids`, keeping only the names in `inputNames`.
 */
export function paddedFeeds(
  ort: OrtModule,
  inputNames: readonly string[],
  rows: readonly FeedRow[],
  padId: number,
): { feeds: Record<string, OrtTensor>; seqLength: number } {
  const seqLength = Math.max(...rows.map((row) => row.ids.length));
  const shape = [rows.length, seqLength];
  const ids = new BigInt64Array(rows.length * seqLength).fill(BigInt(padId));
  const mask = new BigInt64Array(rows.length * seqLength);
  const types = new BigInt64Array(rows.length * seqLength);
  rows.forEach((row, r) => {
    row.ids.forEach((id, j) => {
      ids[r * seqLength + j] = BigInt(id);
      mask[r * seqLength + j] = 1n;
      types[r * seqLength + j] = BigInt(row.tokenTypeIds?.[j] ?? 0);
    });
  });
  const all: Record<string, OrtTensor> = {
    input_ids: new ort.Tensor("int64", ids, shape),
    attention_mask: new ort.Tensor("int64", mask, shape),
    token_type_ids: new ort.Tensor("int64", types, shape),
  };
  return { feeds: Object.fromEntries(inputNames.map((name) => [name, all[name]!])), seqLength };
}
