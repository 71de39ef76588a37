import { type FileHandle, open } from "node:fs/promises";
import { AirgapEvalError, InvalidInputError } from "../errors.js";

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
}

const MAGIC = "GGUF";
const HEADER_SIZE = 24; // magic (4) + version (4) + tensor count (8) + metadata count (8)
// Smallest possible encodings, used to tell whether the counts can be true for the file's size.
const MIN_METADATA_ENTRY = 8 + 4 + 1; // key length, value type, a one-byte value
const MIN_TENSOR_INFO = 8 + 4 + 4 + 8; // name length, dimension count, type, offset
const MAX_DIMS = 4; // GGML_MAX_DIMS
const MAX_NAME_BYTES = 65_536; // keys and tensor names are short; a longer one is damage
const MAX_ARRAY_DEPTH = 8;
// Far above real models (tens of metadata entries, at most tens of thousands of tensors), low enough
// that a damaged header cannot keep the walk busy for long.
const MAX_METADATA_ENTRIES = 65_536;
const MAX_TENSORS = 1_048_576;
const DEFAULT_ALIGNMENT = 32;
const CHUNK = 1 << 20;

/** Value types of GGUF metadata: fixed byte sizes (8 = string and 9 = array have none). */
const VALUE_SIZES: Record<number, number> = {
  0: 1,
  1: 1,
  2: 2,
  3: 2,
  4: 4,
  5: 4,
  6: 4,
  7: 1,
  10: 8,
  11: 8,
  12: 8,
};
const STRING = 8;
const ARRAY = 9;

/**
 * Bytes per block and values per block of the ggml tensor types (ggml.h `ggml_type`), as
 * `[typeSize, blockSize]`; checked against the sizes the bundled llama.cpp binary reports. Types
 * missing here (removed or future ones) are skipped by the size check.
 */
const GGML_TYPES: Record<number, readonly [number, number]> = {
  0: [4, 1], // F32
  1: [2, 1], // F16
  2: [18, 32], // Q4_0
  3: [20, 32], // Q4_1
  6: [22, 32], // Q5_0
  7: [24, 32], // Q5_1
  8: [34, 32], // Q8_0
  9: [36, 32], // Q8_1
  10: [84, 256], // Q2_K
  11: [110, 256], // Q3_K
  12: [144, 256], // Q4_K
  13: [176, 256], // Q5_K
  14: [210, 256], // Q6_K
  15: [292, 256], // Q8_K
  16: [66, 256], // IQ2_XXS
  17: [74, 256], // IQ2_XS
  18: [98, 256], // IQ3_XXS
  19: [50, 256], // IQ1_S
  20: [18, 32], // IQ4_NL
  21: [110, 256], // IQ3_S
  22: [82, 256], // IQ2_S
  23: [136, 256], // IQ4_XS
  24: [1, 1], // I8
  25: [2, 1], // I16
  26: [4, 1], // I32
  27: [8, 1], // I64
  28: [8, 1], // F64
  29: [56, 256], // IQ1_M
  30: [2, 1], // BF16
  34: [54, 256], // TQ1_0
  35: [66, 256], // TQ2_0
  39: [17, 32], // MXFP4
  // Newer types; sizes as the llama.cpp binary of node-llama-cpp 3.21.1 reports them.
  40: [36, 64],
  41: [18, 128],
  42: [18, 64],
};

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

class GgufWalker {
  private buf: Buffer = Buffer.alloc(0);
  private bufStart = 0;
  private pos = 0;

  constructor(
    private readonly handle: FileHandle,
    private readonly file: string,
    private readonly fileSize: number,
  ) {}

  async walk(): Promise<GgufFileSummary> {
    const { version, tensorCount, metadataCount } = await this.header();
    let alignment = DEFAULT_ALIGNMENT;
    let architecture: string | undefined;
    for (let i = 0; i < metadataCount; i++) {
      const where = `metadata entry ${i + 1} of ${metadataCount}`;
      const key = await this.string(`the key of ${where}`, MAX_NAME_BYTES);
      const type = await this.u32(`the value type of metadata "${key}"`);
      if (key === "general.alignment" && (type === 4 || type === 10)) {
        alignment =
          type === 4 ? await this.u32(`metadata "${key}"`) : await this.safeU64(`metadata "${key}"`);
        if (alignment === 0 || (alignment & (alignment - 1)) !== 0) {
          throw this.damaged(`general.alignment is ${alignment}, not a power of two`);
        }
      } else if (key === "general.architecture" && type === STRING) {
        architecture = await this.string(`metadata "${key}"`, MAX_NAME_BYTES);
      } else {
        await this.skipValue(type, `metadata "${key}"`, 0);
      }
    }

    let requiredData = 0n;
    let lastTensor = "";
    for (let i = 0; i < tensorCount; i++) {
      const where = `tensor ${i + 1} of ${tensorCount}`;
      const name = await this.string(`the name of ${where}`, MAX_NAME_BYTES);
      const dimCount = await this.u32(`the dimensions of tensor "${name}"`);
      if (dimCount > MAX_DIMS)
        throw this.damaged(`tensor "${name}" claims ${dimCount} dimensions (at most ${MAX_DIMS})`);
      const dims: bigint[] = [];
      for (let d = 0; d < dimCount; d++) dims.push(await this.u64(`the dimensions of tensor "${name}"`));
      const type = await this.u32(`the type of tensor "${name}"`);
      const offset = await this.u64(`the offset of tensor "${name}"`);
      if (offset % BigInt(alignment) !== 0n) {
        throw this.damaged(
          `tensor "${name}" starts at data offset ${offset}, not a multiple of the alignment ${alignment}`,
        );
      }
      const end = offset + this.tensorBytes(name, type, dims);
      if (end > requiredData) {
        requiredData = end;
        lastTensor = name;
      }
    }

    const dataOffset = Math.ceil(this.pos / alignment) * alignment;
    const required = BigInt(dataOffset) + requiredData;
    if (required > BigInt(this.fileSize)) {
      throw this.truncated(
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
    };
  }

  private async header(): Promise<{ version: 2 | 3; tensorCount: number; metadataCount: number }> {
    const head = await this.peek(Math.min(HEADER_SIZE, this.fileSize));
    const magic = head.subarray(0, 4).toString("latin1");
    if (this.fileSize === 0) throw this.invalid("the file is empty (0 bytes). Copy the model file again.");
    if (!MAGIC.startsWith(magic)) throw this.invalid(notGgufMessage(head));
    if (this.fileSize < HEADER_SIZE) {
      throw this.truncated(`it has ${this.fileSize} bytes, fewer than the ${HEADER_SIZE}-byte GGUF header`);
    }
    const version = head.readUInt32LE(4);
    if (version === 1) {
      throw this.invalid(
        "GGUF version 1, which llama.cpp no longer reads. Convert the original model again with a current llama.cpp, " +
          "or use a newer GGUF of it.",
      );
    }
    if (version === 0x02000000 || version === 0x03000000) {
      throw this.invalid(
        "a big-endian GGUF file; llama.cpp on this (little-endian) machine reads little-endian GGUF only. Use the " +
          "ordinary little-endian file of the model.",
      );
    }
    if (version !== 2 && version !== 3) {
      throw this.invalid(
        `the header says GGUF version ${version}, but only versions 2 and 3 are readable: the header is damaged or ` +
          "the file is not a model. Copy the model file again and check its sha256.",
      );
    }
    const tensors = head.readBigUInt64LE(8);
    const entries = head.readBigUInt64LE(16);
    if (tensors === 0n) {
      throw this.invalid(
        "the file holds no tensors (a vocabulary-only GGUF?); a judge needs a GGUF file with model weights.",
      );
    }
    if (entries > BigInt(MAX_METADATA_ENTRIES) || tensors > BigInt(MAX_TENSORS)) {
      throw this.invalid(
        `the header claims ${tensors} tensors and ${entries} metadata entries (real models have at most ` +
          `${MAX_TENSORS} and ${MAX_METADATA_ENTRIES}): the header is damaged. Copy the model file again and check ` +
          "its sha256.",
      );
    }
    const minimum =
      BigInt(HEADER_SIZE) + entries * BigInt(MIN_METADATA_ENTRY) + tensors * BigInt(MIN_TENSOR_INFO);
    if (minimum > BigInt(this.fileSize)) {
      throw this.invalid(
        `the header claims ${tensors} tensors and ${entries} metadata entries, which cannot fit in the file's ` +
          `${this.fileSize} bytes: the header is damaged or the file is truncated. Copy the model file again and ` +
          "check its sha256.",
      );
    }
    this.pos = HEADER_SIZE;
    return { version, tensorCount: Number(tensors), metadataCount: Number(entries) };
  }

  private tensorBytes(name: string, type: number, dims: bigint[]): bigint {
    const layout = GGML_TYPES[type];
    if (!layout) return 0n; // unknown type: only its start offset is checked
    const [typeSize, blockSize] = layout;
    const first = dims[0] ?? 1n;
    if (first % BigInt(blockSize) !== 0n) {
      throw this.damaged(
        `tensor "${name}" has a first dimension of ${first}, not a multiple of its block size ${blockSize}`,
      );
    }
    let values = 1n;
    for (const d of dims) values *= d;
    return (values / BigInt(blockSize)) * BigInt(typeSize);
  }

  private async skipValue(type: number, what: string, depth: number): Promise<void> {
    const size = VALUE_SIZES[type];
    if (size !== undefined) return this.skip(BigInt(size), what);
    if (type === STRING) return this.skip(await this.u64(what), what);
    if (type !== ARRAY) throw this.damaged(`${what} has unknown value type ${type}`);
    if (depth >= MAX_ARRAY_DEPTH)
      throw this.damaged(`${what} nests arrays more than ${MAX_ARRAY_DEPTH} deep`);
    const elementType = await this.u32(what);
    const count = await this.u64(what);
    const elementSize = VALUE_SIZES[elementType];
    if (elementSize !== undefined) return this.skip(count * BigInt(elementSize), what);
    if (elementType !== STRING && elementType !== ARRAY) {
      throw this.damaged(`${what} is an array of unknown value type ${elementType}`);
    }
    // Each element takes at least 8 (string length) or 12 (array type and count) bytes.
    this.ensureWithinFile(count * (elementType === STRING ? 8n : 12n), what);
    for (let i = 0, n = Number(count); i < n; i++) {
      if (elementType === STRING) {
        if (!this.has(8)) await this.fill(8, what);
        const length = this.buf.readBigUInt64LE(this.pos - this.bufStart);
        this.pos += 8;
        this.skip(length, what);
      } else {
        await this.skipValue(ARRAY, what, depth + 1);
      }
    }
  }

  private async string(what: string, maxBytes: number): Promise<string> {
    const length = await this.u64(what);
    this.ensureWithinFile(length, what);
    if (length > BigInt(maxBytes)) throw this.damaged(`${what} claims a length of ${length} bytes`);
    const n = Number(length);
    if (!this.has(n)) await this.fill(n, what);
    const text = this.buf.toString("utf8", this.pos - this.bufStart, this.pos - this.bufStart + n);
    this.pos += n;
    return text;
  }

  private async u32(what: string): Promise<number> {
    if (!this.has(4)) await this.fill(4, what);
    const value = this.buf.readUInt32LE(this.pos - this.bufStart);
    this.pos += 4;
    return value;
  }

  private async u64(what: string): Promise<bigint> {
    if (!this.has(8)) await this.fill(8, what);
    const value = this.buf.readBigUInt64LE(this.pos - this.bufStart);
    this.pos += 8;
    return value;
  }

  private async safeU64(what: string): Promise<number> {
    const value = await this.u64(what);
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw this.damaged(`${what} is ${value}, too large`);
    return Number(value);
  }

  private skip(bytes: bigint, what: string): void {
    this.ensureWithinFile(bytes, what);
    this.pos += Number(bytes);
  }

  private ensureWithinFile(bytes: bigint, what: string): void {
    if (BigInt(this.pos) + bytes > BigInt(this.fileSize)) {
      throw this.truncated(`${what} runs past the end of the file (byte ${this.fileSize})`);
    }
  }

  private has(n: number): boolean {
    return this.pos >= this.bufStart && this.pos + n <= this.bufStart + this.buf.length;
  }

  private async fill(n: number, what: string): Promise<void> {
    this.ensureWithinFile(BigInt(n), what);
    const length = Math.min(Math.max(n, CHUNK), this.fileSize - this.pos);
    const buf = Buffer.alloc(length);
    const { bytesRead } = await this.handle.read(buf, 0, length, this.pos);
    this.buf = buf.subarray(0, bytesRead);
    this.bufStart = this.pos;
    if (bytesRead < n)
      throw this.truncated(`${what} runs past the end of the file (byte ${this.pos + bytesRead})`);
  }

  private async peek(n: number): Promise<Buffer> {
    const buf = Buffer.alloc(n);
    const { bytesRead } = await this.handle.read(buf, 0, n, 0);
    return buf.subarray(0, bytesRead);
  }

  private invalid(what: string): InvalidInputError {
    return new InvalidInputError(`not a usable GGUF model: ${what}`, { file: this.file });
  }

  private damaged(what: string): InvalidInputError {
    return this.invalid(`${what}. The file is damaged; copy it again and check its sha256.`);
  }

  private truncated(what: string): InvalidInputError {
    return this.invalid(
      `the file is truncated: ${what}. It was probably cut off by an interrupted copy or download; copy it again ` +
        "(or re-run `airgap-eval models pull`, which resumes) and check its sha256.",
    );
  }
}

/** Message for a file whose first bytes are not "GGUF", with a hint for the usual look-alikes. */
function notGgufMessage(head: Buffer): string {
  const text = head.toString("latin1");
  const shown = [...head.subarray(0, 8)].map((b) => b.toString(16).padStart(2, "0")).join(" ");
  const printable = text.slice(0, 8).replace(/[^\x20-\x7e]/g, ".");
  const start = `it starts with the bytes ${shown} ("${printable}") instead of "GGUF"`;
  if (text.startsWith("version ")) {
    return `${start}. It looks like a Git LFS pointer file, not the model itself: fetch the real file (git lfs pull) or use \`airgap-eval models pull\`.`;
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
