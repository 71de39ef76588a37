// One shard of a dataset read row by row (docs/many-machines.md).
import { createHash } from "node:crypto";
import type { ShardInfo, ShardSpec } from "../results/types.js";
import { canonicalHash, canonicalJson } from "../util/hash.js";
import type { DatasetScan } from "./scan.js";
import { checkShard, keyOf, type ShardDatasetOptions, shardOfKey } from "./shard.js";
import type { DatasetSource } from "./stream.js";

/**
 * One shard of a dataset read row by row: the same rows, row numbers and `datasetHash` as
 * {@link shardDataset} gives for the loaded dataset. Reads the source once more to hash every valid
 * row (the hash names the dataset in the shard's results file), holding one row at a time.
 *
 * @example
 * const scan = await scanDataset(source);
 * const part = await shardSource(source, scan, { index: 0, count: 4 });
 */
export async function shardSource(
  source: DatasetSource,
  scan: Pick<DatasetScan, "totalRows" | "invalid">,
  shard: ShardSpec,
  options: ShardDatasetOptions = {},
): Promise<DatasetSource & { shard: ShardInfo; validRows: number }> {
  checkShard(shard, "shard");
  // sha256 of canonicalJson({ invalid, rows: [[row, hash], ...], totalRows }), written piece by piece
  // in the order canonical JSON sorts the keys.
  const hash = createHash("sha256");
  hash.update(`{"invalid":${canonicalJson([...new Set(scan.invalid.map((bad) => bad.row))])},"rows":[`);
  let first = true;
  let validRows = 0;
  for await (const outcome of source.rows()) {
    if (outcome.sample === undefined) continue;
    const contentHash = canonicalHash(outcome.sample.sample);
    hash.update(`${first ? "" : ","}${canonicalJson([outcome.row, contentHash])}`);
    first = false;
    if (
      shardOfKey(keyOf(outcome.sample, contentHash, options.rowKey, source.file), shard.count) === shard.index
    ) {
      validRows++;
    }
  }
  hash.update(`],"totalRows":${canonicalJson(scan.totalRows)}}`);
  const info: ShardInfo = {
    index: shard.index,
    count: shard.count,
    ...(options.rowKey !== undefined ? { rowKey: options.rowKey } : {}),
    datasetHash: hash.digest("hex"),
  };
  return {
    ...(source.file !== undefined ? { file: source.file } : {}),
    format: source.format,
    shard: info,
    totalRows: scan.totalRows,
    validRows,
    async *rows() {
      for await (const outcome of source.rows()) {
        if (outcome.sample !== undefined) {
          const key = keyOf(
            outcome.sample,
            canonicalHash(outcome.sample.sample),
            options.rowKey,
            source.file,
          );
          if (shardOfKey(key, shard.count) !== shard.index) continue;
        }
        yield outcome;
      }
    },
  };
}
