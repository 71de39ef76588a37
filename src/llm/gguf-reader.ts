import type { FileHandle } from "node:fs/promises";
import { InvalidInputError } from "../errors.js";
import { cliCommand } from "../util/cli-command.js";

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
/** The value type of a GGUF string. */
export const GGUF_STRING = 8;
const ARRAY = 9;
const MAX_ARRAY_DEPTH = 8;
const CHUNK = 1 << 20;

/**
 * Reads GGUF's little-endian values from a file in chunks of 1 MiB, never past the file's end: numbers,
 * length-prefixed strings, and metadata values skipped by type (arrays included). Every read names
 * what it reads (`what`), so a file that ends early or holds nonsense gets an `InvalidInputError` (with
 * `file`) saying where, and what to do.
 *
 * @example
 * const reader = new GgufReader(handle, "judge.gguf", size);
 * reader.pos = 24;
 * const key = await reader.string("the key of metadata entry 1", 65_536);
 */
export class GgufReader {
  /** Byte offset of the next read. */
  pos = 0;
  private buf: Buffer = Buffer.alloc(0);
  private bufStart = 0;

  constructor(
    private readonly handle: FileHandle,
    private readonly file: string,
    private readonly fileSize: number,
  ) {}

  /** Skips a metadata value of `type` (an array's elements too, nested at most 8 deep). */
  async skipValue(type: number, what: string, depth: number): Promise<void> {
    const size = VALUE_SIZES[type];
    if (size !== undefined) return this.skip(BigInt(size), what);
    if (type === GGUF_STRING) return this.skip(await this.u64(what), what);
    if (type !== ARRAY) throw this.damaged(`${what} has unknown value type ${type}`);
    if (depth >= MAX_ARRAY_DEPTH)
      throw this.damaged(`${what} nests arrays more than ${MAX_ARRAY_DEPTH} deep`);
    const elementType = await this.u32(what);
    const count = await this.u64(what);
    const elementSize = VALUE_SIZES[elementType];
    if (elementSize !== undefined) return this.skip(count * BigInt(elementSize), what);
    if (elementType !== GGUF_STRING && elementType !== ARRAY) {
      throw this.damaged(`${what} is an array of unknown value type ${elementType}`);
    }
    // Each element takes at least 8 (string length) or 12 (array type and count) bytes.
    this.ensureWithinFile(count * (elementType === GGUF_STRING ? 8n : 12n), what);
    for (let i = 0, n = Number(count); i < n; i++) {
      if (elementType === GGUF_STRING) {
        if (!this.has(8)) await this.fill(8, what);
        const length = this.buf.readBigUInt64LE(this.pos - this.bufStart);
        this.pos += 8;
        this.skip(length, what);
      } else {
        await this.skipValue(ARRAY, what, depth + 1);
      }
    }
  }

  /** A length-prefixed UTF-8 string of at most `maxBytes` bytes. */
  async string(what: string, maxBytes: number): Promise<string> {
    const length = await this.u64(what);
    this.ensureWithinFile(length, what);
    if (length > BigInt(maxBytes)) throw this.damaged(`${what} claims a length of ${length} bytes`);
    const n = Number(length);
    if (!this.has(n)) await this.fill(n, what);
    const text = this.buf.toString("utf8", this.pos - this.bufStart, this.pos - this.bufStart + n);
    this.pos += n;
    return text;
  }

  /** An unsigned 32-bit integer. */
  async u32(what: string): Promise<number> {
    if (!this.has(4)) await this.fill(4, what);
    const value = this.buf.readUInt32LE(this.pos - this.bufStart);
    this.pos += 4;
    return value;
  }

  /** An unsigned 64-bit integer. */
  async u64(what: string): Promise<bigint> {
    if (!this.has(8)) await this.fill(8, what);
    const value = this.buf.readBigUInt64LE(this.pos - this.bufStart);
    this.pos += 8;
    return value;
  }

  /** An unsigned 64-bit integer that must be a safe JavaScript number. */
  async safeU64(what: string): Promise<number> {
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

  /** The first `n` bytes of the file (fewer when it is shorter). */
  async peek(n: number): Promise<Buffer> {
    const buf = Buffer.alloc(n);
    const { bytesRead } = await this.handle.read(buf, 0, n, 0);
    return buf.subarray(0, bytesRead);
  }

  /** The error for a file that is not a usable GGUF model, saying `what`. */
  invalid(what: string): InvalidInputError {
    return new InvalidInputError(`not a usable GGUF model: ${what}`, { file: this.file });
  }

  /** The error for a damaged file: `what`, and to copy it again. */
  damaged(what: string): InvalidInputError {
    return this.invalid(`${what}. The file is damaged; copy it again and check its sha256.`);
  }

  /** The error for a file cut short: `what`, and how to get it whole. */
  truncated(what: string): InvalidInputError {
    return this.invalid(
      `the file is truncated: ${what}. It was probably cut off by an interrupted copy or download; copy it again ` +
        `(or re-run \`${cliCommand()} models pull\`, which resumes) and check its sha256.`,
    );
  }
}
