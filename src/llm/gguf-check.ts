import { type FileHandle, open } from "node:fs/promises";
import { AirgapEvalError } from "../errors.js";
import { cliCommand } from "../util/cli-command.js";
import { ggmlTypeLayout } from "./ggml-types.js";
import { GGUF_STRING, GgufReader } from "./gguf-reader.js";

/** What {@link checkGgufFile} read from a GGUF file that passed every check. */
export interface GgufFileSummary {
  /** GGUF format version (2 or 3). */
  version: 2 | 3;
  /** Number of tensors. */
  tensorCount: number;
  /** Number of metadata entries. */
  metadataCount: number;
  /** `general.architecture`, e.g. `llama`, or undefined when the file does not say. */
  architecture: string | undefined;
  /** Alignment of the tensor data (`general.alignment`, 32 when absent). */
  alignment: number;
  /** Byte offset where the tensor data starts. */
  dataOffset: number;
  /** Bytes the file must hold for all its tensors (tensors of unknown types count from their start only). */
  requiredSize: number;
  /** Size of the file in bytes. */
  fileSize: number;
  /** Values in all tensors together: the model's parameter count (e.g. about 494 million for Qwen2.5-0.5B). */
  parameters: number;
}

const MAGIC = "GGUF";
const HEADER_SIZE = 24; // magic (4) + version (4) + tensor count (8) + metadata count (8)
// Smallest possible encodings, used to tell whether the counts can be true for the file's size.
const MIN_METADATA_ENTRY = 8 + 4 + 1; // key length, value type, a one-byte value
const MIN_TENSOR_INFO = 8 + 4 + 4 + 8; // name length, dimension count, type, offset
const MAX_DIMS = 4; // GGML_MAX_DIMS
const MAX_NAME_BYTES = 65_536; // keys and tensor names are short; a longer one is damage
// Far above real models (tens of metadata entries, at most tens of thousands of tensors), low enough
// that a damaged header cannot keep the walk busy for long.
const MAX_METADATA_ENTRIES = 65_536;
const MAX_TENSORS = 1_048_576;
const DEFAULT_ALIGNMENT = 32;

/**
 * Checks that a file is a complete GGUF model before it is handed to llama.cpp: the magic, the
 * version (2 or 3), tensor and metadata counts that fit the file, every metadata entry and tensor
 * description readable within the file, and the file long enough for all tensor data. It reads
 * the metadata only (a few MB for large vocabularies), never the weights.
 *
 * Throws `InvalidInputError` (with `file`) naming what is wrong: not a GGUF file (with a hint when
 * it is a Git LFS pointer, an HTML page or a pre-GGUF GGML file), an unsupported version, counts
 * that cannot be true, or a truncated file.
 *
 * @example
 * const { architecture, tensorCount } = await checkGgufFile("models/judge.gguf");
 */
export async function checkGgufFile(filePath: string): Promise<GgufFileSummary> {
  let handle: FileHandle;
  try {
    handle = await open(filePath, "r");
  } catch (err) {
    throw new AirgapEvalError(
      `Cannot read GGUF file ${filePath}: ${err instanceof Error ? err.message : String(err)}. Check that the file ` +
        "exists and is readable by this user.",
      { cause: err },
    );
  }
  try {
    const fileSize = (await handle.stat()).size;
    return await new GgufWalker(handle, filePath, fileSize).walk();
  } finally {
    await handle.close();
  }
}

/** Walks a GGUF file's header, metadata and tensor descriptions, checking each against the file. */
class GgufWalker {
  private readonly reader: GgufReader;

  constructor(
    handle: FileHandle,
    file: string,
    private readonly fileSize: number,
  ) {
    this.reader = new GgufReader(handle, file, fileSize);
  }

  async walk(): Promise<GgufFileSummary> {
    const { version, tensorCount, metadataCount } = await this.header();
    let alignment = DEFAULT_ALIGNMENT;
    let architecture: string | undefined;
    for (let i = 0; i < metadataCount; i++) {
      const where = `metadata entry ${i + 1} of ${metadataCount}`;
      const key = await this.reader.string(`the key of ${where}`, MAX_NAME_BYTES);
      const type = await this.reader.u32(`the value type of metadata "${key}"`);
      if (key === "general.alignment" && (type === 4 || type === 10)) {
        alignment =
          type === 4
            ? await this.reader.u32(`metadata "${key}"`)
            : await this.reader.safeU64(`metadata "${key}"`);
        if (alignment === 0 || (alignment & (alignment - 1)) !== 0) {
          throw this.reader.damaged(`general.alignment is ${alignment}, not a power of two`);
        }
      } else if (key === "general.architecture" && type === GGUF_STRING) {
        architecture = await this.reader.string(`metadata "${key}"`, MAX_NAME_BYTES);
      } else {
        await this.reader.skipValue(type, `metadata "${key}"`, 0);
      }
    }

    let requiredData = 0n;
    let parameters = 0n;
    let lastTensor = "";
    for (let i = 0; i < tensorCount; i++) {
      const where = `tensor ${i + 1} of ${tensorCount}`;
      const name = await this.reader.string(`the name of ${where}`, MAX_NAME_BYTES);
      const dimCount = await this.reader.u32(`the dimensions of tensor "${name}"`);
      if (dimCount > MAX_DIMS)
        throw this.reader.damaged(`tensor "${name}" claims ${dimCount} dimensions (at most ${MAX_DIMS})`);
      const dims: bigint[] = [];
      for (let d = 0; d < dimCount; d++)
        dims.push(await this.reader.u64(`the dimensions of tensor "${name}"`));
      parameters += dims.reduce((product, d) => product * d, 1n);
      const type = await this.reader.u32(`the type of tensor "${name}"`);
      const offset = await this.reader.u64(`the offset of tensor "${name}"`);
      if (offset % BigInt(alignment) !== 0n) {
        throw this.reader.damaged(
          `tensor "${name}" starts at data offset ${offset}, not a multiple of the alignment ${alignment}`,
        );
      }
      const end = offset + this.tensorBytes(name, type, dims);
      if (end > requiredData) {
        requiredData = end;
        lastTensor = name;
      }
    }

    const dataOffset = Math.ceil(this.reader.pos / alignment) * alignment;
    const required = BigInt(dataOffset) + requiredData;
    if (required > BigInt(this.fileSize)) {
      throw this.reader.truncated(
        `its tensor data needs ${required} bytes (up to the end of tensor "${lastTensor}"), but the file has only ` +
          `${this.fileSize}`,
      );
    }
    return {
      version,
      tensorCount,
      metadataCount,
      architecture,
      alignment,
      dataOffset,
      requiredSize: Number(required),
      fileSize: this.fileSize,
      parameters: Number(parameters),
    };
  }

  private async header(): Promise<{ version: 2 | 3; tensorCount: number; metadataCount: number }> {
    const head = await this.reader.peek(Math.min(HEADER_SIZE, this.fileSize));
    const magic = head.subarray(0, 4).toString("latin1");
    if (this.fileSize === 0)
      throw this.reader.invalid("the file is empty (0 bytes). Copy the model file again.");
    if (!MAGIC.startsWith(magic)) throw this.reader.invalid(notGgufMessage(head));
    if (this.fileSize < HEADER_SIZE) {
      throw this.reader.truncated(
        `it has ${this.fileSize} bytes, fewer than the ${HEADER_SIZE}-byte GGUF header`,
      );
    }
    const version = head.readUInt32LE(4);
    if (version === 1) {
      throw this.reader.invalid(
        "GGUF version 1, which llama.cpp no longer reads. Convert the original model again with a current llama.cpp, " +
          "or use a newer GGUF of it.",
      );
    }
    if (version === 0x02000000 || version === 0x03000000) {
      throw this.reader.invalid(
        "a big-endian GGUF file; llama.cpp on this (little-endian) machine reads little-endian GGUF only. Use the " +
          "ordinary little-endian file of the model.",
      );
    }
    if (version !== 2 && version !== 3) {
      throw this.reader.invalid(
        `the header says GGUF version ${version}, but only versions 2 and 3 are readable: the header is damaged or ` +
          "the file is not a model. Copy the model file again and check its sha256.",
      );
    }
    const tensors = head.readBigUInt64LE(8);
    const entries = head.readBigUInt64LE(16);
    if (tensors === 0n) {
      throw this.reader.invalid(
        "the file holds no tensors (a vocabulary-only GGUF?); a judge needs a GGUF file with model weights.",
      );
    }
    if (entries > BigInt(MAX_METADATA_ENTRIES) || tensors > BigInt(MAX_TENSORS)) {
      throw this.reader.invalid(
        `the header claims ${tensors} tensors and ${entries} metadata entries (real models have at most ` +
          `${MAX_TENSORS} and ${MAX_METADATA_ENTRIES}): the header is damaged. Copy the model file again and check ` +
          "its sha256.",
      );
    }
    const minimum =
      BigInt(HEADER_SIZE) + entries * BigInt(MIN_METADATA_ENTRY) + tensors * BigInt(MIN_TENSOR_INFO);
    if (minimum > BigInt(this.fileSize)) {
      throw this.reader.invalid(
        `the header claims ${tensors} tensors and ${entries} metadata entries, which cannot fit in the file's ` +
          `${this.fileSize} bytes: the header is damaged or the file is truncated. Copy the model file again and ` +
          "check its sha256.",
      );
    }
    this.reader.pos = HEADER_SIZE;
    return { version, tensorCount: Number(tensors), metadataCount: Number(entries) };
  }

  private tensorBytes(name: string, type: number, dims: bigint[]): bigint {
    const layout = ggmlTypeLayout(type);
    if (!layout) return 0n; // unknown type: only its start offset is checked
    const [typeSize, blockSize] = layout;
    const first = dims[0] ?? 1n;
    if (first % BigInt(blockSize) !== 0n) {
      throw this.reader.damaged(
        `tensor "${name}" has a first dimension of ${first}, not a multiple of its block size ${blockSize}`,
      );
    }
    let values = 1n;
    for (const d of dims) values *= d;
    return (values / BigInt(blockSize)) * BigInt(typeSize);
  }
}

/** Message for a file whose first bytes are not "GGUF", with a hint for the usual look-alikes. */
function notGgufMessage(head: Buffer): string {
  const text = head.toString("latin1");
  const shown = [...head.subarray(0, 8)].map((b) => b.toString(16).padStart(2, "0")).join(" ");
  const printable = text.slice(0, 8).replace(/[^\x20-\x7e]/g, ".");
  const start = `it starts with the bytes ${shown} ("${printable}") instead of "GGUF"`;
  if (text.startsWith("version ")) {
    return `${start}. It looks like a Git LFS pointer file, not the model itself: fetch the real file (git lfs pull) or use \`${cliCommand()} models pull\`.`;
  }
  if (/^\s*</.test(text)) {
    return `${start}. It looks like an HTML or XML page (an error or login page saved in place of the model?): download the model file again.`;
  }
  if (
    text.startsWith("lmgg") ||
    text.startsWith("tjgg") ||
    text.startsWith("fmgg") ||
    text.startsWith("algg")
  ) {
    return `${start}. It looks like a GGML/GGJT model from before GGUF, which llama.cpp no longer reads: use a GGUF version of the model.`;
  }
  return `${start}. Pass the path of a .gguf model file.`;
}
