// Lowers an ONNX file's declared IR version to 9, the newest onnxruntime-node 1.17 (the package's runtime) reads.
// A ModelProto starts with field 1, ir_version, as a varint: bytes 0x08 <version>. Only that one byte changes.
import { closeSync, openSync, readSync, writeSync } from "node:fs";

/** The IR version onnxruntime-node 1.17 accepts at most. */
export const supportedIrVersion = 9;

/**
 * Rewrites the IR version byte of `file` in place from 10 to {@link supportedIrVersion}. Throws when the file
 * does not start with `ir_version = 10` (another file than the pinned one, or a layout this patch does not know).
 * Valid only for a model whose operators and types IR 9 has, which the manifest's pinned files were checked for.
 */
export function lowerIrVersion(file: string): void {
  const fd = openSync(file, "r+");
  try {
    const head = Buffer.alloc(2);
    readSync(fd, head, 0, 2, 0);
    if (head[0] !== 0x08 || head[1] !== 10) {
      throw new Error(
        `${file}: expected an ONNX model starting with ir_version 10, found bytes ${head.toString("hex")}`,
      );
    }
    writeSync(fd, Buffer.from([supportedIrVersion]), 0, 1, 1);
  } finally {
    closeSync(fd);
  }
}
