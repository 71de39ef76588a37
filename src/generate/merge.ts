// Merging the test sets of a sharded generate run into one, in plan order.
import { existsSync } from "node:fs";
import { InvalidInputError } from "../errors.js";
import { wellFormedJson } from "../util/well-formed.js";
import { replaceFile } from "./jsonl-file.js";
import { shardTarget } from "./pipeline.js";
import { configDifferences, type GenerationConfig } from "./run-config.js";
import {
  byPlanIndex,
  type RejectedLine,
  readConfigFile,
  readIndexedLines,
  type TestsetFiles,
  type TestsetLine,
  testsetFiles,
} from "./testset-files.js";

/** Options of {@link mergeTestsets}. */
export interface MergeTestsetsOptions {
  /** Replace `out` (and its side files) when they exist; without it an existing one is refused. Defaults to false. */
  overwrite?: boolean;
}

/** What {@link mergeTestsets} wrote. */
export interface MergeTestsetsResult {
  files: TestsetFiles;
  rows: number;
  rejected: number;
  /** Shards that hold fewer rows than their share of the size (their plan ran out). */
  shortShards: Array<{ file: string; rows: number; target: number }>;
}

/**
 * Merges the shard files of one sharded run (`generate --shard i/N`, each with its `.config.json` and
 * `.rejected.jsonl` beside it) into `out`: every shard of the run must be there once, with the same config but
 * the shard; rows and rejected lines are ordered by plan index. Writes through a temporary file and a rename. An
 * existing `out` (or side file) is refused unless `overwrite`, before any shard is read.
 *
 * @example
 * mergeTestsets(["ts.shard-0-of-2.jsonl", "ts.shard-1-of-2.jsonl"], "testset.jsonl");
 */
export function mergeTestsets(
  shardFiles: readonly string[],
  out: string,
  options: MergeTestsetsOptions = {},
): MergeTestsetsResult {
  if (shardFiles.length === 0)
    throw new InvalidInputError("no shard files to merge; name the test set file of each shard");
  if (!options.overwrite) {
    const existing = Object.values(testsetFiles(out)).find((file) => existsSync(file));
    if (existing !== undefined) {
      throw new InvalidInputError(
        "already exists; add --overwrite to replace it with the merged test set, or choose another --out",
        { file: existing },
      );
    }
  }
  const shards: Array<{
    file: string;
    config: GenerationConfig;
    rows: TestsetLine[];
    rejected: RejectedLine[];
  }> = [];
  for (const file of shardFiles) {
    const files = testsetFiles(file);
    const config = readConfigFile(files.config);
    if (config === undefined) {
      throw new InvalidInputError(
        `has no config file beside it (${files.config}); merge the files generate wrote, with their side files`,
        {
          file,
        },
      );
    }
    if (config.shard === null)
      throw new InvalidInputError("is not a shard (it was generated without --shard)", { file });
    shards.push({
      file,
      config,
      rows: readIndexedLines<TestsetLine>(files.out).lines,
      rejected: readIndexedLines<RejectedLine>(files.rejected).lines,
    });
  }
  const first = shards[0]!;
  const count = first.config.shard!.count;
  const byIndex = new Map<number, string>();
  for (const shard of shards) {
    const differences = configDifferences(first.config, shard.config, ["shard"]);
    if (differences.length > 0) {
      throw new InvalidInputError(
        `was generated with other options than ${first.file}, so they do not merge:\n  ${differences.join("\n  ")}`,
        { file: shard.file },
      );
    }
    const { index, count: theirs } = shard.config.shard!;
    if (theirs !== count) {
      throw new InvalidInputError(`is shard ${index}/${theirs} but ${first.file} is one of ${count} shards`, {
        file: shard.file,
      });
    }
    const other = byIndex.get(index);
    if (other !== undefined)
      throw new InvalidInputError(`is shard ${index}/${count}, as ${other} is; name each shard once`, {
        file: shard.file,
      });
    byIndex.set(index, shard.file);
  }
  const missing = Array.from({ length: count }, (_, i) => i).filter((i) => !byIndex.has(i));
  if (missing.length > 0) {
    throw new InvalidInputError(
      `shard${missing.length > 1 ? "s" : ""} ${missing.map((i) => `${i}/${count}`).join(", ")} missing from the merge; name every shard's file`,
    );
  }
  const rows = byPlanIndex(shards.flatMap((s) => s.rows));
  const rejected = byPlanIndex(shards.flatMap((s) => s.rejected));
  const files = testsetFiles(out);
  const text = (lines: readonly unknown[]) => lines.map((line) => `${wellFormedJson(line)}\n`).join("");
  replaceFile(files.config, `${wellFormedJson({ ...first.config, shard: null }, 2)}\n`);
  replaceFile(files.rejected, text(rejected));
  replaceFile(files.out, text(rows));
  const shortShards = shards
    .map((s) => ({
      file: s.file,
      rows: s.rows.length,
      target: shardTarget(first.config.size, s.config.shard!),
    }))
    .filter((s) => s.rows < s.target);
  return { files, rows: rows.length, rejected: rejected.length, shortShards };
}
