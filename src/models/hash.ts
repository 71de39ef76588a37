import { createHash, type Hash } from "node:crypto";
import { closeSync, createReadStream, openSync, readSync } from "node:fs";

/**
 * sha256 of a file, streamed (large GGUF files are never read into memory at once). The one
 * streaming file hash of the project: the per-process cache of model digests (`src/models/file-sha256.ts`)
 * and the model checks use it.
 *
 * @param file Path of the file.
 * @param onBytes Called with the running byte count as the file is read. Defaults to none.
 * @example
 * const digest = await sha256File("model.gguf"); // "74a4da8c..."
 */
export async function sha256File(file: string, onBytes?: (bytesRead: number) => void): Promise<string> {
  const hash = createHash("sha256");
  await hashFileInto(hash, file, onBytes);
  return hash.digest("hex");
}

/**
 * Streams a file into a running hash without finishing it, e.g. to continue hashing a partial
 * download with the bytes still to come.
 *
 * @param hash The hash to feed; `digest()` is left to the caller.
 * @param file Path of the file.
 * @param onBytes Called with the running byte count as the file is read. Defaults to none.
 * @returns The number of bytes read.
 * @example
 * const hash = createHash("sha256");
 * await hashFileInto(hash, "model.gguf.partial");
 */
export async function hashFileInto(
  hash: Hash,
  file: string,
  onBytes?: (bytesRead: number) => void,
): Promise<number> {
  let read = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) {
    const buf = chunk as Buffer;
    hash.update(buf);
    read += buf.length;
    onBytes?.(read);
  }
  return read;
}

/**
 * sha256 of a file, read synchronously in 1 MiB chunks (never the whole file at once): for the few callers that
 * must answer without awaiting, such as a metric's `config()` naming a verifier directory. Prefer
 * {@link sha256File} everywhere else.
 *
 * @param file Path of the file.
 * @example
 * const digest = sha256FileSync("onnx/model.onnx");
 */
export function sha256FileSync(file: string): string {
  const hash = createHash("sha256");
  const buf = Buffer.allocUnsafe(1 << 20);
  const fd = openSync(file, "r");
  try {
    for (let n = readSync(fd, buf); n > 0; n = readSync(fd, buf)) hash.update(buf.subarray(0, n));
  } finally {
    closeSync(fd);
  }
  return hash.digest("hex");
}
