// One shard of a dataset read row by row (docs/many-machines.md).
import { createHash, type Hash } from "node:crypto";
import type { ShardInfo, ShardSpec } from "../results/types.js";
import { canonicalHash, canonicalJson } from "../util/hash.js";
import { RowHashes } from "./row-hashes.js";
import {
  type DatasetScan,
  type ScannedSource,
  type ScanOptions,
  ScanPass,
  scanDataset,
  withScan,
} from "./scan.js";
import { checkShard, keyOf, type ShardDatasetOptions, shardOfKey } from "./shard.js";
import type { DatasetRowOutcome, DatasetSource } from "./stream.js";
import type { DatasetSample, InvalidRow } from "./types.js";

/** One shard of a dataset as a source: its rows, its first pass, and how many valid rows it has. */
export type ShardSource = ScannedSource & { shard: ShardInfo; validRows: number };

/**
 * The shard's `datasetHash`: sha256 of canonicalJson({ invalid, rows: [[row, hash], ...], totalRows }),
 * written piece by piece in the order canonical JSON sorts the keys. With the invalid rows known up
 * front the rows are hashed as they come; else their hashes are kept until the end (36 bytes a row).
 */
class DatasetHasher {
  private readonly hash: Hash = createHash("sha256");
  private readonly held: RowHashes | undefined;
  private first = true;

  constructor(invalid?: readonly InvalidRow[]) {
    if (invalid === undefined) this.held = new RowHashes();
    else this.start(invalid);
  }

  private start(invalid: readonly InvalidRow[]): void {
    this.hash.update(`{"invalid":${canonicalJson([...new Set(invalid.map((bad) => bad.row))])},"rows":[`);
  }

  private write(row: number, hash: string): void {
    this.hash.update(`${this.first ? "" : ","}${canonicalJson([row, hash])}`);
    this.first = false;
  }

  addRow(row: number, hash: string): void {
    if (this.held !== undefined) this.held.add(row, hash);
    else this.write(row, hash);
  }

  digest(whole: Pick<DatasetScan, "totalRows" | "invalid">): string {
    if (this.held !== undefined) {
      this.start(whole.invalid);
      for (const [row, hash] of this.held) this.write(row, hash);
    }
    this.hash.update(`],"totalRows":${canonicalJson(whole.totalRows)}}`);
    return this.hash.digest("hex");
  }
}

/** Whether a valid row is in the shard: {@link shardOfKey} of its key. */
function inShard(
  item: DatasetSample,
  hash: string,
  shard: ShardSpec,
  rowKey: string | undefined,
  file: string | undefined,
): boolean {
  return shardOfKey(keyOf(item, hash, rowKey, file), shard.count) === shard.index;
}

/** Follows a pass over a whole dataset: the shard's first pass and the dataset's hash. */
class ShardPass {
  private readonly part: ScanPass;
  private readonly hasher: DatasetHasher;

  constructor(
    private readonly source: DatasetSource,
    private readonly shard: ShardSpec,
    private readonly options: ShardDatasetOptions & ScanOptions,
    invalid?: readonly InvalidRow[],
  ) {
    this.part = new ScanPass(source.file, options);
    this.hasher = new DatasetHasher(invalid);
  }

  add(outcome: DatasetRowOutcome): void {
    if (outcome.sample === undefined) {
      this.part.add(outcome);
      return;
    }
    const hash = canonicalHash(outcome.sample.sample);
    this.hasher.addRow(outcome.row, hash);
    if (inShard(outcome.sample, hash, this.shard, this.options.rowKey, this.source.file))
      this.part.add(outcome, hash);
  }

  finish(whole: Pick<DatasetScan, "totalRows" | "invalid">): ShardSource {
    const { source, shard, options } = this;
    const info: ShardInfo = {
      index: shard.index,
      count: shard.count,
      ...(options.rowKey !== undefined ? { rowKey: options.rowKey } : {}),
      datasetHash: this.hasher.digest(whole),
    };
    const scan = this.part.finish(whole.totalRows);
    return {
      ...(source.file !== undefined ? { file: source.file } : {}),
      format: source.format,
      shard: info,
      totalRows: whole.totalRows,
      validRows: scan.validRows,
      scan,
      async *rows() {
        for await (const outcome of source.rows()) {
          const item = outcome.sample;
          if (
            item !== undefined &&
            !inShard(item, canonicalHash(item.sample), shard, options.rowKey, source.file)
          )
            continue;
          yield outcome;
        }
      },
    };
  }
}

/**
 * One shard of a dataset read row by row: the same rows, row numbers and `datasetHash` as
 * {@link shardDataset} gives for the loaded dataset. Reads the source once more to hash every valid
 * row (the hash names the dataset in the shard's results file), holding one row at a time, and makes
 * the shard's first pass on the way, so `evaluate` reads its rows once more only, for the run.
 *
 * @example
 * const scan = await scanDataset(source);
 * const part = await shardSource(source, scan, { index: 0, count: 4 });
 */
export async function shardSource(
  source: DatasetSource,
  scan: Pick<DatasetScan, "totalRows" | "invalid">,
  shard: ShardSpec,
  options: ShardDatasetOptions & ScanOptions = {},
): Promise<ShardSource> {
  checkShard(shard, "shard");
  const pass = new ShardPass(source, shard, options, scan.invalid);
  for await (const outcome of source.rows()) pass.add(outcome);
  return pass.finish(scan);
}

/** Options for {@link scanForRun}. */
export interface ScanForRunOptions extends ShardDatasetOptions, ScanOptions {
  /** Evaluate one shard of the dataset. Defaults to none (every row). */
  shard?: ShardSpec;
}

/**
 * Reads a dataset once for everything a run decides before it starts: the first pass over the whole
 * dataset (`scan`: what the checks before a run need) and the rows the run evaluates with their own
 * first pass (`source`: one shard's with `shard`, with its `datasetHash`), so `evaluate(source)` reads
 * the rows once more only, for the run. With `rowHashes` the run's rows' hashes are kept for resume.
 *
 * @example
 * const { scan, source } = await scanForRun(openDataset("eval.jsonl"), { shard: { index: 0, count: 4 } });
 * checkRequiredColumns(scan, metrics);
 * await evaluate(source, metrics, { out: "results.shard-0-of-4.jsonl" });
 */
export async function scanForRun(
  source: DatasetSource,
  options: ScanForRunOptions = {},
): Promise<{ scan: DatasetScan; source: ScannedSource | ShardSource }> {
  const { shard, ...rest } = options;
  if (shard === undefined) {
    const scan = await scanDataset(source, rest);
    return { scan, source: withScan(source, scan) };
  }
  checkShard(shard, "shard");
  const whole = new ScanPass(source.file);
  const part = new ShardPass(source, shard, rest);
  for await (const outcome of source.rows()) {
    whole.add(outcome);
    part.add(outcome);
  }
  const scan = whole.finish(source.totalRows);
  return { scan, source: part.finish(scan) };
}
