// Shards: which rows of a dataset one machine of many evaluates. A row goes to the shard that jump
// consistent hashing (Lamping & Veach, 2014) picks for a 64-bit hash of the row's key; see shardOfKey.
import type { Dataset, DatasetSample } from "../dataset/types.js";
import { InvalidInputError } from "../errors.js";
import type { ShardInfo, ShardSpec } from "../results/types.js";
import { canonicalHash, canonicalJson, sha256OfData } from "../util/hash.js";
import { columnTargets } from "./columns.js";

/** Options for {@link shardDataset}. */
export interface ShardDatasetOptions {
  /**
   * Dataset column (as named in the file, e.g. `id`, or a sample field such as `user_input`) whose
   * value is the row's stable key. Every valid row must have one. Defaults to none: the row's content
   * hash (the same sha256 of its normalized sample that resume uses).
   */
  rowKey?: string;
}

const maxShards = 1_000_000;

/**
 * Parses `i/N` (0-based shard index, shard count), e.g. `2/8`. Throws an `InvalidInputError` for
 * anything else, including an index not below the count (`4/4`) or a zero count (`0/0`).
 *
 * @example
 * parseShard("2/8"); // { index: 2, count: 8 }
 */
export function parseShard(text: string): ShardSpec {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (!match) {
    throw new InvalidInputError(
      `--shard "${text}" must look like <index>/<count> with a 0-based index, e.g. 0/4 ... 3/4, or be "auto"`,
    );
  }
  return checkShard({ index: Number(match[1]), count: Number(match[2]) }, `--shard "${text}"`);
}

export function checkShard(spec: ShardSpec, what: string): ShardSpec {
  if (!Number.isSafeInteger(spec.count) || spec.count < 1 || spec.count > maxShards) {
    throw new InvalidInputError(`${what}: the shard count must be a whole number from 1 to ${maxShards}`);
  }
  if (!Number.isSafeInteger(spec.index) || spec.index < 0 || spec.index >= spec.count) {
    throw new InvalidInputError(
      `${what}: the shard index must be from 0 to ${spec.count - 1} (indexes are 0-based, so ${spec.count} shards are 0/${spec.count} ... ${spec.count - 1}/${spec.count})`,
    );
  }
  return spec;
}

/** Where {@link resolveShard} found the shard: an explicit `i/N`, or an engine's variables. */
export interface ResolvedShard extends ShardSpec {
  /** In words, e.g. `SLURM_ARRAY_TASK_ID=3 of SLURM_ARRAY_TASK_COUNT=4`. */
  source: string;
}

function envInt(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === "") return undefined;
  // Decimal digits only: Number() would also read "0x2", "1e1" and "2.0".
  const n = Number(raw.trim());
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(n)) {
    throw new InvalidInputError(
      `--shard auto: ${name}="${raw}" is not a whole number written in decimal digits (0-9); fix the variable, or pass --shard <index>/<count>`,
    );
  }
  return n;
}

/** Refuses a second engine's variable that names another shard than the one resolved. */
function checkAgrees(env: NodeJS.ProcessEnv, spec: ShardSpec, from: string): void {
  const k8s = envInt(env, "JOB_COMPLETION_INDEX");
  const gitlab = envInt(env, "CI_NODE_INDEX");
  const other =
    k8s !== undefined && k8s !== spec.index
      ? `JOB_COMPLETION_INDEX=${k8s} (shard ${k8s})`
      : gitlab !== undefined && gitlab - 1 !== spec.index
        ? `CI_NODE_INDEX=${gitlab} (shard ${gitlab - 1})`
        : undefined;
  if (other !== undefined) {
    throw new InvalidInputError(
      `--shard auto: ${from} names shard ${spec.index}, but ${other} names another; unset the variables of the engine not running this job, or pass --shard <index>/<count>`,
    );
  }
}

/**
 * Resolves `--shard` (`i/N` or `auto`) and `--shard-count`. `auto` reads, in this order:
 * - Slurm job arrays: `SLURM_ARRAY_TASK_ID`, with `SLURM_ARRAY_TASK_MIN` and `SLURM_ARRAY_TASK_STEP`
 *   (index = (id - min) / step) and `SLURM_ARRAY_TASK_COUNT` (else (max - min) / step + 1) unless
 *   `shardCount` is given;
 * - Kubernetes Indexed Jobs: `JOB_COMPLETION_INDEX`, with `shardCount` (the Job's `completions`);
 * - GitLab `parallel:` jobs: `CI_NODE_INDEX` (1-based) and `CI_NODE_TOTAL`.
 * A GitHub Actions matrix has no such variables: pass `--shard ${{ strategy.job-index }}/${{ strategy.job-total }}`.
 *
 * @example
 * resolveShard("auto", undefined, { SLURM_ARRAY_TASK_ID: "3", SLURM_ARRAY_TASK_COUNT: "4", SLURM_ARRAY_TASK_MIN: "0" });
 * // { index: 3, count: 4, source: "Slurm array task 3 (min 0, step 1) of 4" }
 */
export function resolveShard(
  shard: string,
  shardCount: number | undefined,
  env: NodeJS.ProcessEnv = process.env,
): ResolvedShard {
  if (shard.trim() !== "auto") {
    if (shardCount !== undefined) {
      throw new InvalidInputError(
        `--shard-count goes with --shard auto; --shard "${shard}" already names the count`,
      );
    }
    return { ...parseShard(shard), source: `--shard ${shard.trim()}` };
  }
  const slurmId = envInt(env, "SLURM_ARRAY_TASK_ID");
  if (slurmId !== undefined) {
    const min = envInt(env, "SLURM_ARRAY_TASK_MIN") ?? 0;
    const step = envInt(env, "SLURM_ARRAY_TASK_STEP") ?? 1;
    const max = envInt(env, "SLURM_ARRAY_TASK_MAX");
    const offset = slurmId - min;
    if (step < 1 || offset % step !== 0) {
      throw new InvalidInputError(
        `--shard auto: Slurm array task ${slurmId} is not on the array's range (min ${min}, step ${step}); use a range such as --array=0-7, or pass --shard <index>/<count>`,
      );
    }
    const envCount = envInt(env, "SLURM_ARRAY_TASK_COUNT");
    const fromMax = max !== undefined ? Math.floor((max - min) / step) + 1 : undefined;
    if (envCount !== undefined && fromMax !== undefined && envCount !== fromMax) {
      throw new InvalidInputError(
        `--shard auto: SLURM_ARRAY_TASK_COUNT=${envCount} contradicts SLURM_ARRAY_TASK_MAX=${max} (min ${min}, step ${step}: ${fromMax} tasks); fix the variables, or pass --shard-count`,
      );
    }
    const count = shardCount ?? envCount ?? fromMax;
    if (count === undefined) {
      throw new InvalidInputError(
        "--shard auto: SLURM_ARRAY_TASK_ID is set but neither SLURM_ARRAY_TASK_COUNT nor SLURM_ARRAY_TASK_MAX; pass --shard-count",
      );
    }
    const spec = checkShard({ index: offset / step, count }, "--shard auto (Slurm array)");
    checkAgrees(env, spec, `SLURM_ARRAY_TASK_ID=${slurmId}`);
    return { ...spec, source: `Slurm array task ${slurmId} (min ${min}, step ${step}) of ${count}` };
  }
  const k8sIndex = envInt(env, "JOB_COMPLETION_INDEX");
  if (k8sIndex !== undefined) {
    if (shardCount === undefined) {
      throw new InvalidInputError(
        "--shard auto: JOB_COMPLETION_INDEX is set (a Kubernetes Indexed Job) but the Job's size is not; pass --shard-count equal to the Job's completions",
      );
    }
    const spec = checkShard({ index: k8sIndex, count: shardCount }, "--shard auto (Kubernetes Indexed Job)");
    checkAgrees(env, spec, `JOB_COMPLETION_INDEX=${k8sIndex}`);
    return { ...spec, source: `Kubernetes JOB_COMPLETION_INDEX=${k8sIndex} of ${shardCount}` };
  }
  const gitlabIndex = envInt(env, "CI_NODE_INDEX");
  const gitlabTotal = envInt(env, "CI_NODE_TOTAL");
  if (gitlabIndex !== undefined && gitlabTotal === undefined && shardCount === undefined) {
    throw new InvalidInputError(
      `--shard auto: CI_NODE_INDEX=${gitlabIndex} is set but CI_NODE_TOTAL is not (GitLab sets both for parallel: jobs); set CI_NODE_TOTAL, or pass --shard-count`,
    );
  }
  if (gitlabIndex !== undefined) {
    const spec = checkShard(
      { index: gitlabIndex - 1, count: (shardCount ?? gitlabTotal)! },
      "--shard auto (GitLab parallel job)",
    );
    return { ...spec, source: `GitLab CI_NODE_INDEX=${gitlabIndex} of CI_NODE_TOTAL=${spec.count}` };
  }
  throw new InvalidInputError(
    "--shard auto found no shard index: set by Slurm arrays (SLURM_ARRAY_TASK_ID), Kubernetes Indexed Jobs (JOB_COMPLETION_INDEX) " +
      "or GitLab parallel jobs (CI_NODE_INDEX); elsewhere (a GitHub Actions matrix) pass --shard <index>/<count>",
  );
}

const two64 = 1n << 64n;
const mask64 = two64 - 1n;

/**
 * Jump consistent hash (Lamping & Veach, "A Fast, Minimal Memory, Consistent Hash Algorithm", 2014):
 * maps a 64-bit key to a bucket in [0, buckets). Going from N to N+1 buckets moves only the keys that
 * land in the new bucket (about 1/(N+1) of them); no key moves between old buckets.
 */
export function jumpHash(key: bigint, buckets: number): number {
  let k = key & mask64;
  let b = -1;
  let j = 0;
  while (j < buckets) {
    b = j;
    k = (k * 2862933555777941757n + 1n) & mask64;
    j = Math.floor((b + 1) * (2 ** 31 / (Number(k >> 33n) + 1)));
  }
  return b;
}

/**
 * The shard (0-based, below `count`) of a row with this stable key: jump consistent hashing of the
 * first 64 bits of sha256(key). It depends on the key and the count only, so a row lands in the same
 * shard however the rows are ordered and whatever rows are added or removed; and when the count grows
 * from N to N+1, only the rows that move to the new shard change shard.
 *
 * @example
 * shardOfKey("row-42", 8); // a number from 0 to 7, the same on every machine
 */
export function shardOfKey(key: string, count: number): number {
  const hash = BigInt(`0x${sha256OfData(key).slice(0, 16)}`);
  return jumpHash(hash, count);
}

export function keyOf(
  item: DatasetSample,
  contentHash: string,
  rowKey: string | undefined,
  file: string | undefined,
): string {
  if (rowKey === undefined) return contentHash;
  const field = Object.hasOwn(columnTargets, rowKey) ? columnTargets[rowKey] : undefined;
  const value = Object.hasOwn(item.extra, rowKey)
    ? item.extra[rowKey]
    : field !== undefined
      ? item.sample[field]
      : undefined;
  if (typeof value === "number" && Number.isFinite(value)) return `n:${value}`;
  if (typeof value === "string" && value.trim() !== "") return `s:${value}`;
  throw new InvalidInputError(
    `has no usable --row-key value in column "${rowKey}" (${value === undefined ? "missing" : `got ${JSON.stringify(value)}`}); give every row a non-empty string or number there, or drop --row-key to key rows by content`,
    { file, line: item.line, row: item.row, field: rowKey },
  );
}

/**
 * The rows of one shard: the dataset with only the valid rows whose key {@link shardOfKey} puts in
 * `shard.index`, keeping their row numbers, so the shards' results files merge back into the whole
 * (see `mergeShardResults`). Invalid rows are kept in every shard (they are reported, not evaluated).
 * `totalRows` stays the whole dataset's. The result carries a `shard` field that `evaluate` records;
 * `evaluate` does not check a shard's columns (a shard may lack a column other shards have), so check
 * the whole dataset with `checkRequiredColumns` first.
 *
 * @example
 * const data = loadDataset("data.jsonl");
 * checkRequiredColumns(data, metrics);
 * const part = shardDataset(data, { index: 0, count: 4 });
 * await evaluate(part, metrics, { out: "results.shard-0-of-4.jsonl", resume: true });
 */
export function shardDataset(
  dataset: Dataset,
  shard: ShardSpec,
  options: ShardDatasetOptions = {},
): Dataset & { shard: ShardInfo } {
  checkShard(shard, "shard");
  // The row hash resume uses: sha256 of the sample's canonical JSON.
  const hashes = dataset.samples.map((item) => canonicalHash(item.sample));
  const samples = dataset.samples.filter(
    (item, i) =>
      shardOfKey(keyOf(item, hashes[i]!, options.rowKey, dataset.file), shard.count) === shard.index,
  );
  const datasetHash = sha256OfData(
    canonicalJson({
      totalRows: dataset.totalRows,
      rows: dataset.samples.map((item, i) => [item.row, hashes[i]]),
      invalid: [...new Set(dataset.invalid.map((bad) => bad.row))],
    }),
  );
  const info: ShardInfo = {
    index: shard.index,
    count: shard.count,
    ...(options.rowKey !== undefined ? { rowKey: options.rowKey } : {}),
    datasetHash,
  };
  return { ...dataset, samples, shard: info };
}

/**
 * Replaces `{index}` and `{count}` in a path, so one command line serves every shard, e.g.
 * `--out results/shard-{index}-of-{count}.jsonl`.
 *
 * @example
 * shardPath("out/{index}-of-{count}.jsonl", { index: 2, count: 4 }); // "out/2-of-4.jsonl"
 */
export function shardPath(file: string, shard: ShardSpec): string {
  return file.replaceAll("{index}", String(shard.index)).replaceAll("{count}", String(shard.count));
}

/**
 * A per-shard variant of a default file name: `results.jsonl` -> `results.shard-2-of-4.jsonl`.
 *
 * @example
 * shardFileName("cache.sqlite", { index: 0, count: 2 }); // "cache.shard-0-of-2.sqlite"
 */
export function shardFileName(file: string, shard: ShardSpec): string {
  const dot = file.lastIndexOf(".");
  const slash = Math.max(file.lastIndexOf("/"), file.lastIndexOf("\\"));
  const tag = `.shard-${shard.index}-of-${shard.count}`;
  return dot > slash + 1 ? `${file.slice(0, dot)}${tag}${file.slice(dot)}` : `${file}${tag}`;
}

function describeShard(shard: ShardInfo | undefined): string {
  if (shard === undefined) return "all rows";
  return `shard ${shard.index}/${shard.count}${shard.rowKey !== undefined ? ` keyed by ${shard.rowKey}` : ""}`;
}

/**
 * How two runs' shards differ, in words (`shard 1/4 -> shard 2/4`), or undefined when they are the
 * same shard (or both whole runs). A results file resumed under another shard would mix two row sets.
 *
 * @example
 * shardDifference({ index: 1, count: 4 }, { index: 2, count: 4 }); // "shard 1/4 -> shard 2/4"
 */
export function shardDifference(
  before: ShardInfo | undefined,
  after: ShardInfo | undefined,
): string | undefined {
  const a = describeShard(before);
  const b = describeShard(after);
  return a === b ? undefined : `${a} -> ${b}`;
}

export type { ShardInfo, ShardSpec };
