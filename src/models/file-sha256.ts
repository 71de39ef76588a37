import { type Stats, statSync } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { SharedCalls } from "../util/shared-calls.js";
import { sha256File, sha256FileSync } from "./hash.js";

/** Hashes running now, shared by concurrent callers. */
const running = new SharedCalls<string, string>("while-running");
/** Digests known in this process, by path, size and mtime. */
const known = new Map<string, string>();

function keyOf(abs: string, info: Stats): string {
  return `${abs}\0${info.size}\0${info.mtimeMs}`;
}

/**
 * sha256 (hex) of a file, hashed by {@link sha256File} (the project's one streaming implementation)
 * and cached per process by absolute path, size and modification time, so loading the same judge
 * model twice hashes a multi-gigabyte file once. A file rewritten in place gets a new mtime and is
 * hashed again. A failed read is not cached.
 *
 * @example
 * const digest = await sha256OfFile("/models/judge.gguf");
 */
export async function sha256OfFile(filePath: string): Promise<string> {
  const abs = path.resolve(filePath);
  const key = keyOf(abs, await stat(abs));
  const hit = known.get(key);
  if (hit !== undefined) return hit;
  return running.share(key, async () => {
    const digest = await sha256File(abs);
    known.set(key, digest);
    return digest;
  });
}

/**
 * {@link sha256OfFile} without awaiting, sharing its per-process cache: for a metric's `config()`, which must
 * answer synchronously (a verifier directory's ONNX file). Throws when the file cannot be read.
 *
 * @example
 * const digest = sha256OfFileSync("/models/verifier/onnx/model.onnx");
 */
export function sha256OfFileSync(filePath: string): string {
  const abs = path.resolve(filePath);
  const key = keyOf(abs, statSync(abs));
  let digest = known.get(key);
  if (digest === undefined) {
    digest = sha256FileSync(abs);
    known.set(key, digest);
  }
  return digest;
}
