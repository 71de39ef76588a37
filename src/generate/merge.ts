// Merging the test sets of a sharded generate run into one, in plan order.
import { existsSync } from "node:fs";
import { InvalidInputError } from "../errors.js";
import { withResultsLockSync } from "../results/lock.js";
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
import { rejectedLineSchema, testsetLineSchema } from "./testset-line-schema.js";

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

/** A shard as read for the merge: its config, its lines, and the line number of each in its files. */
interface MergedShard {
  file: string;
  config: GenerationConfig;
  rows: TestsetLine[];
  rejected: RejectedLine[];
  lineNumbers: { out: number[]; rejected: number[] };
}

/**
 * Refuses a shard line whose plan index belongs to another shard (`plan_index % count` is that shard's index), naming
 * the line, the plan index and both shards' files: merged, it would give the test set that row twice, or a row no
 * shard of this run planned. Each shard file already holds each plan index once (see `readIndexedLines`), and a
 * plan index in a shard's test set and its rejected file both is refused as well.
 */
function assertOwnPlanIndices(shard: MergedShard, shardFiles: ReadonlyMap<number, string>): void {
  const { index, count } = shard.config.shard!;
  const files = testsetFiles(shard.file);
  const accepted = new Set(shard.rows.map((line) => line.plan_index));
  for (const [kind, lines] of [
    ["out", shard.rows],
    ["rejected", shard.rejected],
  ] as const) {
    for (const [i, { plan_index }] of lines.entries()) {
      const where = { file: files[kind], line: shard.lineNumbers[kind][i]! };
      const owner = plan_index % count;
      if (owner !== index) {
        throw new InvalidInputError(
          `holds plan_index ${plan_index}, which belongs to shard ${owner}/${count} (${shardFiles.get(owner)}), not to this shard ${index}/${count} (${shard.file}); merged, the test set would hold that row twice. Delete the line, or generate this shard again with --overwrite`,
          where,
        );
      }
      if (kind === "rejected" && accepted.has(plan_index)) {
        throw new InvalidInputError(
          `holds plan_index ${plan_index} as a rejected candidate, but ${shard.file} holds it as a row; delete one of the two lines, or generate this shard again with --overwrite`,
          where,
        );
      }
    }
  }
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
  // The lock a running generate holds on `out`: a merge never replaces a file a run is still appending to.
  return withResultsLockSync(out, () => mergeLocked(shardFiles, out, options));
}

function mergeLocked(
  shardFiles: readonly string[],
  out: string,
  options: MergeTestsetsOptions,
): MergeTestsetsResult {
  if (!options.overwrite) {
    const existing = Object.values(testsetFiles(out)).find((file) => existsSync(file));
    if (existing !== undefined) {
      throw new InvalidInputError(
        "already exists; add --overwrite to replace it with the merged test set, or choose another --out",
        { file: existing },
      );
    }
  }
  const shards: MergedShard[] = [];
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
    const rows = readIndexedLines<TestsetLine>(files.out, testsetLineSchema);
    const rejected = readIndexedLines<RejectedLine>(files.rejected, rejectedLineSchema);
    shards.push({
      file,
      config,
      rows: rows.lines,
      rejected: rejected.lines,
      lineNumbers: {
        out: rows.content.lines.map((l) => l.line),
        rejected: rejected.content.lines.map((l) => l.line),
      },
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
  for (const shard of shards) assertOwnPlanIndices(shard, byIndex);
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
