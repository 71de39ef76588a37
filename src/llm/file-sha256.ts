import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";

const cache = new Map<string, Promise<string>>();

/**
 * sha256 (hex) of a file, read as a stream. Cached per process by absolute path, size and mtime,
 * so loading the same model twice hashes it once.
 *
 * @example
 * const digest = await sha256OfFile("/models/judge.gguf");
 */
export async function sha256OfFile(filePath: string): Promise<string> {
  const abs = path.resolve(filePath);
  const info = await stat(abs);
  const key = `${abs}\0${info.size}\0${info.mtimeMs}`;
  let digest = cache.get(key);
  if (!digest) {
    digest = new Promise<string>((resolve, reject) => {
      const hash = createHash("sha256");
      createReadStream(abs)
        .on("data", (chunk) => hash.update(chunk))
        .on("error", reject)
        .on("end", () => resolve(hash.digest("hex")));
    });
    cache.set(key, digest);
    digest.catch(() => cache.delete(key));
  }
  return digest;
}
