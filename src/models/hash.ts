import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";

/**
 * sha256 of a file, streamed (large GGUF files are never read into memory at once).
 *
 * @param file Path of the file.
 * @param onBytes Called with the running byte count as the file is read. Defaults to none.
 * @example
 * const digest = await sha256File("model.gguf"); // "74a4da8c..."
 */
export async function sha256File(file: string, onBytes?: (bytesRead: number) => void): Promise<string> {
  const hash = createHash("sha256");
  let read = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) {
    const buf = chunk as Buffer;
    hash.update(buf);
    read += buf.length;
    onBytes?.(read);
  }
  return hash.digest("hex");
}
