/**
 * GGUF (version 3) writing shared by the test-model generators, scripts/tiny-gguf.ts and
 * scripts/proxy-gguf.ts: the type constants llama.cpp reads, a byte-fallback SentencePiece vocabulary's
 * key/values, a little-endian writer, and the header (magic, key/values, tensor infos with aligned data
 * offsets). The tensor data is the caller's: a small file appends it to the same writer, a large one
 * streams it to disk after the header.
 *
 * @example
 * const w = new GgufWriter();
 * const { dataBytes } = writeGgufHeader(w, kvs, tensors, 32);
 * for (const t of tensors) { w.padTo(32); w.f32s(valuesOf(t)); }
 */

// SentencePiece token types as llama.cpp reads them (`tokenizer.ggml.token_type`).
/** A normal piece. */
export const TOKEN_NORMAL = 1;
/** The unknown-token piece. */
export const TOKEN_UNKNOWN = 2;
/** A control token (BOS, EOS, chat turn markers). */
export const TOKEN_CONTROL = 3;
/** A byte-fallback token such as `<0x0A>`. */
export const TOKEN_BYTE = 6;

// GGML tensor types.
/** Tensor type: 32-bit floats. */
export const GGML_F32 = 0;
/** Tensor type: Q8_0 (blocks of 32 values, an fp16 scale and 32 int8 each). */
export const GGML_Q8_0 = 8;

// GGUF value types of the key/values.
const T_UINT32 = 4;
const T_INT32 = 5;
const T_FLOAT32 = 6;
const T_BOOL = 7;
const T_STRING = 8;
const T_ARRAY = 9;

/** The GGUF format version written. */
const GGUF_VERSION = 3;

/** A ChatML chat template (`<|im_start|>role\n…<|im_end|>` turns), for `tokenizer.chat_template`. */
export const CHATML_TEMPLATE =
  "{% for message in messages %}{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n' }}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

/** A SentencePiece vocabulary as GGUF stores it: one entry per token id in each array. */
export interface SentencePieceVocab {
  tokens: string[];
  scores: number[];
  /** Token types (`TOKEN_NORMAL`, `TOKEN_CONTROL`, …). */
  types: number[];
}

/** The text of byte token `byte` in a byte-fallback SentencePiece vocabulary, e.g. `<0x0A>` for 10. */
export function byteTokenText(byte: number): string {
  return `<0x${byte.toString(16).toUpperCase().padStart(2, "0")}>`;
}

/** One value of the GGUF header's key/value section. */
export type GgufKvValue =
  | { type: "u32"; value: number }
  | { type: "f32"; value: number }
  | { type: "bool"; value: boolean }
  | { type: "str"; value: string }
  | { type: "str[]"; value: readonly string[] }
  | { type: "f32[]"; value: readonly number[] }
  | { type: "i32[]"; value: readonly number[] };

/** A key and its value, in the order they are written. */
export type GgufKv = [key: string, value: GgufKvValue];

/** The key/values of a SentencePiece (`llama`-model) tokenizer: model, tokens, scores, token types. */
export function sentencePieceKvs(vocab: SentencePieceVocab): GgufKv[] {
  return [
    ["tokenizer.ggml.model", { type: "str", value: "llama" }],
    ["tokenizer.ggml.tokens", { type: "str[]", value: vocab.tokens }],
    ["tokenizer.ggml.scores", { type: "f32[]", value: vocab.scores }],
    ["tokenizer.ggml.token_type", { type: "i32[]", value: vocab.types }],
  ];
}

/** A tensor's entry in the header. */
export interface GgufTensorInfo {
  name: string;
  /** GGML order: dims[0] is the innermost (contiguous) dimension. */
  dims: readonly number[];
  /** GGML tensor type (`GGML_F32`, `GGML_Q8_0`). */
  type: number;
  /** Size of the tensor's data in bytes. */
  byteSize: number;
}

/** `n` rounded up to a multiple of `alignment`. */
export function alignUp(n: number, alignment: number): number {
  return Math.ceil(n / alignment) * alignment;
}

/** Little-endian writer that collects chunks; `result()` joins them. */
export class GgufWriter {
  private chunks: Uint8Array[] = [];
  /** Bytes written so far. */
  length = 0;

  /** Appends raw bytes. */
  bytes(b: Uint8Array): void {
    this.chunks.push(b);
    this.length += b.length;
  }
  /** Appends an unsigned byte. */
  u8(v: number): void {
    this.bytes(Buffer.from([v]));
  }
  /** Appends an unsigned 32-bit integer. */
  u32(v: number): void {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(v);
    this.bytes(b);
  }
  /** Appends an unsigned 64-bit integer (exact up to 2^53). */
  u64(v: number): void {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(v));
    this.bytes(b);
  }
  /** Appends a 32-bit float. */
  f32(v: number): void {
    this.f32s([v]);
  }
  /** Appends 32-bit floats, one after another. */
  f32s(values: ArrayLike<number>): void {
    const b = Buffer.alloc(values.length * 4);
    for (let i = 0; i < values.length; i++) b.writeFloatLE(values[i]!, i * 4);
    this.bytes(b);
  }
  /** Appends signed 32-bit integers, one after another. */
  i32s(values: ArrayLike<number>): void {
    const b = Buffer.alloc(values.length * 4);
    for (let i = 0; i < values.length; i++) b.writeInt32LE(values[i]!, i * 4);
    this.bytes(b);
  }
  /** Appends a GGUF string: its UTF-8 byte length as u64, then the bytes. */
  str(s: string): void {
    const bytes = Buffer.from(s, "utf8");
    this.u64(bytes.length);
    this.bytes(bytes);
  }
  /** Appends one key/value of the header. */
  kv(key: string, v: GgufKvValue): void {
    this.str(key);
    switch (v.type) {
      case "u32":
        this.u32(T_UINT32);
        this.u32(v.value);
        break;
      case "f32":
        this.u32(T_FLOAT32);
        this.f32(v.value);
        break;
      case "bool":
        this.u32(T_BOOL);
        this.u8(v.value ? 1 : 0);
        break;
      case "str":
        this.u32(T_STRING);
        this.str(v.value);
        break;
      case "str[]":
        this.arrayHead(T_STRING, v.value.length);
        for (const s of v.value) this.str(s);
        break;
      case "f32[]":
        this.arrayHead(T_FLOAT32, v.value.length);
        this.f32s(v.value);
        break;
      case "i32[]":
        this.arrayHead(T_INT32, v.value.length);
        this.i32s(v.value);
        break;
    }
  }
  /** Appends zero bytes up to the next multiple of `alignment`. */
  padTo(alignment: number): void {
    const pad = alignUp(this.length, alignment) - this.length;
    if (pad > 0) this.bytes(Buffer.alloc(pad));
  }
  /** Everything written, as one buffer. */
  result(): Buffer {
    return Buffer.concat(this.chunks, this.length);
  }

  private arrayHead(elementType: number, count: number): void {
    this.u32(T_ARRAY);
    this.u32(elementType);
    this.u64(count);
  }
}

/**
 * Writes a GGUF header to `w`: magic, version, counts, the key/values in order, then each tensor's
 * info with its data offset (each tensor starts at a multiple of `alignment`), then padding to
 * `alignment`, where the data section starts. Returns the offsets (from the start of the data section)
 * and the data section's size, padding after the last tensor included.
 *
 * @example
 * const w = new GgufWriter();
 * const { offsets, dataBytes } = writeGgufHeader(w, [["general.alignment", { type: "u32", value: 32 }]], tensors, 32);
 * const header = w.result(); // the data section starts at header.length
 */
export function writeGgufHeader(
  w: GgufWriter,
  kvs: readonly GgufKv[],
  tensors: readonly GgufTensorInfo[],
  alignment: number,
): { offsets: number[]; dataBytes: number } {
  w.bytes(Buffer.from("GGUF", "ascii"));
  w.u32(GGUF_VERSION);
  w.u64(tensors.length);
  w.u64(kvs.length);
  for (const [key, value] of kvs) w.kv(key, value);
  const offsets: number[] = [];
  let offset = 0;
  for (const t of tensors) {
    w.str(t.name);
    w.u32(t.dims.length);
    for (const d of t.dims) w.u64(d);
    w.u32(t.type);
    w.u64(offset);
    offsets.push(offset);
    offset = alignUp(offset + t.byteSize, alignment);
  }
  w.padTo(alignment);
  return { offsets, dataBytes: offset };
}
