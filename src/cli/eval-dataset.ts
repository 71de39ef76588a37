import { assertNoInvalidRows } from "../dataset/load.js";
import type { DatasetScan, ScannedSource } from "../dataset/scan.js";
import { scanForRun } from "../dataset/shard-source.js";
import { openDataset } from "../dataset/stream.js";
import { resultsFileHasContent } from "../results/read-file.js";
import { assertOutputsAreNotInputs } from "../util/real-path.js";
import { parseColumnMap } from "./column-map.js";
import type { EvalFlags } from "./eval-flags.js";
import { invalidRowLines } from "./preflight.js";
import { shardTargets } from "./shard-options.js";

/** The dataset of an `eval` run: the rows it evaluates, and the first pass over the whole dataset. */
export interface EvalDataset {
  /** The first pass: counts, invalid rows and columns of the whole dataset. */
  scan: DatasetScan;
  /** The rows the run evaluates (one shard's with `--shard`), with their first pass. */
  dataset: ScannedSource;
}

/**
 * Opens the dataset of an `eval` run and reads it once, holding no rows, for everything decided before
 * the run (so bad input fails before any model loads, and `evaluate` reads the rows once more only):
 * counts and columns, with `--shard` the shard's rows (`flags.out` and `flags.cacheFile` become the
 * shard's files), with `--resume` the rows' hashes. Prints the invalid rows on stderr.
 */
export async function readEvalDataset(
  datasetPath: string,
  flags: EvalFlags,
  outIsDefault: boolean,
): Promise<EvalDataset> {
  const source = openDataset(datasetPath, {
    columnMap: parseColumnMap(flags.column),
    ...(flags.candidates !== undefined ? { candidateColumns: flags.candidates } : {}),
  });
  // --shard: this run's rows, and its own results and cache files (src/cli/shard-options.ts).
  const targets = shardTargets(flags, outIsDefault);
  flags.out = targets.out;
  flags.cacheFile = targets.cacheFile;
  // Before anything is written: no output may be the dataset or a metric file, under any name.
  assertOutputsAreNotInputs(
    [
      { path: flags.out, flag: "--out" },
      ...flags.report.map((file) => ({ path: file, flag: "--report" })),
      flags.cacheFile !== undefined ? { path: flags.cacheFile, flag: "--cache-file" } : undefined,
    ],
    [
      { path: datasetPath, what: "the dataset" },
      ...flags.metricFile.map((file) => ({ path: file, what: "the metric file" })),
    ],
  );
  const { scan, source: dataset } = await scanForRun(source, {
    ...(targets.shard !== undefined ? { shard: targets.shard } : {}),
    ...(flags.rowKey !== undefined ? { rowKey: flags.rowKey } : {}),
    rowHashes: !flags.overwrite && resultsFileHasContent(flags.out),
  });
  if (flags.strict) assertNoInvalidRows(scan);
  if (targets.shard !== undefined) {
    process.stderr.write(
      `airgap-eval: shard ${targets.shard.index}/${targets.shard.count} (${targets.shard.source}): ${dataset.scan.validRows} of ${scan.validRows} rows, results in ${flags.out}\n`,
    );
  }
  for (const line of invalidRowLines(scan)) process.stderr.write(`${line}\n`);
  return { scan, dataset };
}
