import { assertNoInvalidRows } from "../dataset/load.js";
import { type DatasetScan, scanDataset } from "../dataset/scan.js";
import { shardSource } from "../dataset/shard-source.js";
import { type DatasetSource, openDataset } from "../dataset/stream.js";
import { parseColumnMap } from "./column-map.js";
import type { EvalFlags } from "./eval-flags.js";
import { invalidRowLines } from "./preflight.js";
import { shardTargets } from "./shard-options.js";

/** The dataset of an `eval` run: the rows it evaluates, and the first pass over the whole dataset. */
export interface EvalDataset {
  /** The first pass: counts, invalid rows and columns of the whole dataset. */
  scan: DatasetScan;
  /** The rows the run evaluates (one shard's with `--shard`). */
  dataset: DatasetSource;
}

/**
 * Opens the dataset of an `eval` run and makes the first pass over it, holding no rows, so bad input
 * fails before any model loads; applies `--shard` (setting `flags.out` and `flags.cacheFile` to the
 * shard's files) and prints the invalid rows on stderr.
 */
export async function readEvalDataset(
  datasetPath: string,
  flags: EvalFlags,
  outIsDefault: boolean,
): Promise<EvalDataset> {
  // The dataset is read row by row: this first pass keeps counts and column presence, not rows.
  const source = openDataset(datasetPath, { columnMap: parseColumnMap(flags.column) });
  const scan = await scanDataset(source);
  if (flags.strict) assertNoInvalidRows(scan);
  // --shard: this run's rows, and its own results and cache files (src/cli/shard-options.ts).
  const targets = shardTargets(flags, outIsDefault);
  flags.out = targets.out;
  flags.cacheFile = targets.cacheFile;
  let dataset: DatasetSource = source;
  if (targets.shard !== undefined) {
    const part = await shardSource(
      source,
      scan,
      targets.shard,
      flags.rowKey !== undefined ? { rowKey: flags.rowKey } : {},
    );
    dataset = part;
    process.stderr.write(
      `airgap-eval: shard ${targets.shard.index}/${targets.shard.count} (${targets.shard.source}): ${part.validRows} of ${scan.validRows} rows, results in ${flags.out}\n`,
    );
  }
  for (const line of invalidRowLines(scan)) process.stderr.write(`${line}\n`);
  return { scan, dataset };
}
