import { stat } from "node:fs/promises";
import path from "node:path";
import { sha256File } from "../models/hash.js";
import { SharedCalls } from "../util/shared-calls.js";

const digests = new SharedCalls<string, string>("until-failure");

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
  const info = await stat(abs);
  const key = `${abs}\0${info.size}\0${info.mtimeMs}`;
  return digests.share(key, () => sha256File(abs));
}
