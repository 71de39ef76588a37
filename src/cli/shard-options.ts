import path from "node:path";
import { type Command, Option } from "commander";
import { defaultCachePath } from "../cache/default-path.js";
import {
  type ResolvedShard,
  resolveShard,
  shardDataset,
  shardFileName,
  shardPath,
} from "../dataset/shard.js";
import type { Dataset } from "../dataset/types.js";
import { InvalidInputError } from "../errors.js";
import { positiveInt } from "./option-parsers.js";

/** The sharding flags of `eval`, as commander hands them over. */
export interface ShardFlags {
  shard?: string;
  shardCount?: number;
  rowKey?: string;
}

/**
 * Adds `--shard`, `--shard-count` and `--row-key` to a command.
 *
 * @example
 * addShardOptions(program.command("eval"));
 */
export function addShardOptions(command: Command): Command {
  return command
    .addOption(
      new Option(
        "--shard <i/N|auto>",
        "evaluate only shard i of N (0-based), chosen by a hash of each row's key; auto reads Slurm array, Kubernetes Indexed Job or GitLab parallel variables; --out and --cache-file may contain {index} and {count} (default: per-shard names; see docs/many-machines.md)",
      ),
    )
    .addOption(
      new Option(
        "--shard-count <n>",
        "number of shards with --shard auto (needed for Kubernetes: the Job's completions)",
      ).argParser(positiveInt("--shard-count")),
    )
    .addOption(
      new Option(
        "--row-key <column>",
        "dataset column whose value keys rows for --shard (default: the row's content hash)",
      ),
    );
}

/** What a sharded `eval` evaluates and where it writes. */
export interface ShardedRun {
  /** The dataset, cut to the shard (or as is without `--shard`). */
  dataset: Dataset;
  /** Results file: `{index}`/`{count}` filled in; the default name gets a `.shard-i-of-N` tag. */
  out: string;
  /** Cache file: as given (placeholders filled in), else the default cache with a `.shard-i-of-N` tag. */
  cacheFile: string | undefined;
  /** The shard, when there is one. */
  shard?: ResolvedShard;
}

/** Where a run of `eval` writes, and its shard, from the sharding flags. */
export interface ShardTargets {
  /** Results file: `{index}`/`{count}` filled in; the default name gets a `.shard-i-of-N` tag. */
  out: string;
  /** Cache file: as given (placeholders filled in), else the default cache with a `.shard-i-of-N` tag. */
  cacheFile: string | undefined;
  /** The shard, when there is one. */
  shard?: ResolvedShard;
}

/** True when a file name holds `{index}` or `{count}`, which `--shard` fills in. */
export function hasShardPlaceholders(file: string): boolean {
  return /\{(index|count)\}/.test(file);
}

/**
 * Resolves the sharding flags: the shard, and its own results and cache file by default (one SQLite
 * file per shard: never one file written from several machines). `tagOut`: give `out` a `.shard-i-of-N` tag
 * (`eval` tags its default name; `generate` every name without `{index}`/`{count}`); else only fill those in.
 */
export function shardTargets(
  flags: ShardFlags & { out: string; cacheFile?: string },
  tagOut: boolean,
  env: NodeJS.ProcessEnv = process.env,
): ShardTargets {
  if (flags.shard === undefined) {
    if (flags.shardCount !== undefined) throw new InvalidInputError("--shard-count goes with --shard auto");
    if (flags.rowKey !== undefined) throw new InvalidInputError("--row-key only applies with --shard");
    for (const [flag, file] of [
      ["--out", flags.out],
      ["--cache-file", flags.cacheFile],
    ] as const) {
      if (file !== undefined && hasShardPlaceholders(file)) {
        throw new InvalidInputError(
          `${flag} ${file} holds {index} or {count}, which only --shard fills in; add --shard <index>/<count> (or auto), or name the file plainly`,
        );
      }
    }
    return { out: flags.out, cacheFile: flags.cacheFile };
  }
  const shard = resolveShard(flags.shard, flags.shardCount, env);
  const out = tagOut ? shardFileName(flags.out, shard) : shardPath(flags.out, shard);
  const cacheFile =
    flags.cacheFile !== undefined
      ? shardPath(flags.cacheFile, shard)
      : shardFileName(defaultCachePath(env), shard);
  return { out: path.normalize(out), cacheFile, shard };
}

/**
 * Applies the sharding flags to a loaded dataset: picks the shard's rows (see {@link shardTargets}
 * for the files).
 */
export function applyShard(
  flags: ShardFlags & { out: string; cacheFile?: string },
  dataset: Dataset,
  outIsDefault: boolean,
  env: NodeJS.ProcessEnv = process.env,
): ShardedRun {
  const targets = shardTargets(flags, outIsDefault, env);
  if (targets.shard === undefined) return { dataset, out: targets.out, cacheFile: targets.cacheFile };
  return {
    ...targets,
    dataset: shardDataset(dataset, targets.shard, flags.rowKey !== undefined ? { rowKey: flags.rowKey } : {}),
  };
}
