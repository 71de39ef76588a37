// Reports are shared (attached to a pull request, published by CI), so they name no absolute local path: a path
// inside the current directory is shown relative to it, any other by its file name. The results file keeps the
// paths as recorded (resume and merge compare them).
import path from "node:path";
import type { RunMetadata } from "../results/types.js";

/**
 * How a report shows a path: relative to `cwd` when inside it (`.` for `cwd` itself), else its file name; a
 * relative path is shown as it is.
 *
 * @example
 * displayPath("/work/main/models/judge.gguf", "/work/main"); // "models/judge.gguf"
 * displayPath("/home/me/models/judge.gguf", "/work/main"); // "judge.gguf"
 */
export function displayPath(file: string, cwd: string = process.cwd()): string {
  if (!path.isAbsolute(file)) return file;
  const relative = path.relative(cwd, file);
  if (relative === "") return ".";
  if (!relative.startsWith("..") && !path.isAbsolute(relative)) return relative;
  return path.basename(file);
}

function mapPaths(value: unknown, cwd: string): unknown {
  if (typeof value === "string") return path.isAbsolute(value) ? displayPath(value, cwd) : value;
  if (Array.isArray(value)) return value.map((v) => mapPaths(v, cwd));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapPaths(v, cwd)]));
  }
  return value;
}

/**
 * The run metadata as reports show it: every absolute path in it (the dataset, the results file, each model's
 * `path`, path-valued options) shown by {@link displayPath}.
 *
 * @example
 * reportMetadata(result.metadata).dataset; // "data/eval.jsonl", not "/home/me/project/data/eval.jsonl"
 */
export function reportMetadata(metadata: RunMetadata, cwd: string = process.cwd()): RunMetadata {
  return mapPaths(metadata, cwd) as RunMetadata;
}
