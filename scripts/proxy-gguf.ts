/**
 * Writes a speed proxy for Qwen2.5-0.5B-Instruct: a GGUF with exactly that model's architecture
 * (`qwen2`: QKV biases, NeoX rope, tied input/output embeddings) and tensor shapes (896 wide, 24
 * layers, 14 query heads, 2 KV heads, 4,864 FFN, 151,936 vocabulary: about 494M parameters), with
 * seeded random weights quantized to Q8_0 (~0.53 GB). No weights are downloaded: the file is built
 * here, deterministically, so judge speed on a real-sized model can be measured offline.
 *
 * Its output is meaningless text; only its speed and memory matter. Two departures from the real
 * file, both negligible in cost: a byte-fallback SentencePiece vocabulary padded with letter pieces
 * (Qwen's BPE tables are not available here), and an `output.bias` (151,936 floats) that favours `"`
 * and `]`, so grammar-constrained JSON strings and arrays end (a random model otherwise repeats one
 * piece forever).
 *
 * Run as a CLI: `node --import tsx scripts/proxy-gguf.ts [out.gguf] [--force]`.
 */
import { existsSync, statSync } from "node:fs";
import { type FileHandle, mkdir, open, rename, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { mulberry32 } from "../src/math/prng.js";
import {
  byteTokenText,
  CHATML_TEMPLATE,
  GGML_F32,
  GGML_Q8_0,
  type GgufKv,
  GgufWriter,
  type SentencePieceVocab,
  sentencePieceKvs,
  TOKEN_BYTE,
  TOKEN_CONTROL,
  TOKEN_NORMAL,
  TOKEN_UNKNOWN,
  writeGgufHeader,
} from "./shared/gguf-writer.js";
import { toFloat16Bits } from "./starter/float16.js";

/** Options of {@link writeProxyGguf}. */
export interface ProxyGgufOptions {
  /** Seed of the weight generator. Defaults to `20250105`. */
  seed?: number;
  /** Weights are uniform in ±this before quantization (biases likewise). Defaults to `0.02`. */
  weightScale?: number;
  /** Rewrite the file even when one of the expected size exists. Defaults to `false`. */
  force?: boolean;
  /**
   * Other hyperparameters, for models of other sizes with the same architecture (e.g. to find the size at which
   * a second thread starts to pay). Defaults to {@link QWEN25_05B}'s.
   */
  shape?: Partial<ProxyShape>;
}

/** The hyperparameters a proxy copies. */
export type ProxyShape = { -readonly [K in keyof typeof QWEN25_05B]: number };

/** What {@link writeProxyGguf} did. */
export interface ProxyGgufResult {
  /** Absolute path of the GGUF file. */
  path: string;
  /** Size of the file in bytes. */
  bytes: number;
  /** False when a file of the expected size was already there and was kept. */
  written: boolean;
  /** Seconds spent writing (0 when kept). */
  seconds: number;
}

/** Qwen2.5-0.5B-Instruct's hyperparameters (its config.json), which the proxy copies. */
export const QWEN25_05B = {
  nEmbd: 896,
  nLayer: 24,
  nHead: 14,
  nHeadKv: 2,
  nFf: 4864,
  nVocab: 151_936,
  contextLength: 32_768,
  ropeDim: 64,
  ropeFreqBase: 1_000_000,
  rmsEps: 1e-6,
} as const;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** Default location of the proxy: the gitignored `.test-models/` folder. */
export const PROXY_GGUF_PATH = path.join(ROOT, ".test-models", "proxy-qwen2.5-0.5b-q8_0.gguf");

const DEFAULT_SEED = 20250105;
const ALIGNMENT = 32;
/**
 * Logit bias on `"` and `]`. A random model soon repeats one piece forever, so without it a grammar-constrained
 * string never ends; with it, each string holds the one piece the grammar's minimum length demands, then closes,
 * and each open-ended array closes after one item. (Random logits have a standard deviation of about 0.35.)
 */
const CLOSER_BIAS: Record<string, number> = { '"': 4, "]": 3 };

/** GGUF file type "mostly Q8_0". */
const FILE_TYPE_MOSTLY_Q8_0 = 7;
/** Q8_0: blocks of 32 values, each an fp16 scale followed by 32 int8. */
const Q8_BLOCK = 32;
const Q8_BLOCK_BYTES = 2 + Q8_BLOCK;

// Control tokens, placed like Qwen's: no BOS is added, <|im_end|> ends a turn.
const UNK_ID = 0;
const ENDOFTEXT_ID = 1;
const IM_END_ID = 3;

/** JSON-ish merged pieces, ahead of the letter pieces. */
const JSON_PIECES = ['{"', '":', '",', '"}', '":"', '"]', "},", "}]", "▁the", "▁a", "▁of", "▁and"];

/**
 * Qwen-sized byte-fallback SentencePiece vocabulary: control tokens, the 256 byte tokens, printable
 * ASCII, a few JSON pieces, then lowercase letter pieces of 2, 3 and 4 letters (each bare and with
 * the SentencePiece space `▁`) until the vocabulary has Qwen's 151,936 entries. Letter pieces rather
 * than `<unused_N>` fillers keep token lengths and characters per token nearer a real BPE vocabulary,
 * which is what grammar checks and prompt tokenization see.
 */
function buildVocab(size: number): SentencePieceVocab {
  const tokens: string[] = [];
  const scores: number[] = [];
  const types: number[] = [];
  const seen = new Set<string>();
  const add = (text: string, type: number, score: number) => {
    if (seen.has(text) || tokens.length >= size) return;
    seen.add(text);
    tokens.push(text);
    types.push(type);
    scores.push(score);
  };
  add("<unk>", TOKEN_UNKNOWN, 0);
  add("<|endoftext|>", TOKEN_CONTROL, 0);
  add("<|im_start|>", TOKEN_CONTROL, 0);
  add("<|im_end|>", TOKEN_CONTROL, 0);
  for (let b = 0; b < 256; b++) {
    add(byteTokenText(b), TOKEN_BYTE, 0);
  }
  // Merges run highest score first: longer pieces score lower, so short merges form first and grow.
  let score = -1;
  const next = () => {
    score -= 1e-5;
    return score;
  };
  add("▁", TOKEN_NORMAL, next());
  for (let c = 0x21; c <= 0x7e; c++) add(String.fromCharCode(c), TOKEN_NORMAL, next());
  for (const piece of JSON_PIECES) add(piece, TOKEN_NORMAL, next());
  const letters = "abcdefghijklmnopqrstuvwxyz";
  const words = (length: number): string[] =>
    length === 0 ? [""] : words(length - 1).flatMap((w) => [...letters].map((l) => w + l));
  for (const length of [2, 3, 4]) {
    for (const w of words(length)) {
      if (tokens.length >= size) break;
      add(w, TOKEN_NORMAL, next());
      add(`▁${w}`, TOKEN_NORMAL, next());
    }
  }
  if (tokens.length !== size) throw new Error(`proxy vocabulary has ${tokens.length} pieces, wanted ${size}`);
  return { tokens, scores, types };
}

/** How a tensor's values are made. */
type Fill = { kind: "uniform"; scale: number } | { kind: "ones" } | { kind: "closerBias" };

interface TensorSpec {
  name: string;
  /** GGML order: dims[0] is the innermost (contiguous) dimension. */
  dims: number[];
  type: typeof GGML_F32 | typeof GGML_Q8_0;
  fill: Fill;
}

function elementCount(t: TensorSpec): number {
  return t.dims.reduce((a, b) => a * b, 1);
}

function byteSize(t: TensorSpec): number {
  const n = elementCount(t);
  return t.type === GGML_Q8_0 ? (n / Q8_BLOCK) * Q8_BLOCK_BYTES : n * 4;
}

/** The tensors of Qwen2.5-0.5B in the order its GGUF lists them, plus `output.bias`. */
function tensorSpecs(scale: number, shape: ProxyShape): TensorSpec[] {
  const { nEmbd, nLayer, nHead, nHeadKv, nFf, nVocab } = shape;
  const kvDim = (nEmbd / nHead) * nHeadKv;
  const q8 = (name: string, dims: number[]): TensorSpec => ({
    name,
    dims,
    type: GGML_Q8_0,
    fill: { kind: "uniform", scale },
  });
  const f32 = (name: string, n: number, fill: Fill): TensorSpec => ({
    name,
    dims: [n],
    type: GGML_F32,
    fill,
  });
  const specs: TensorSpec[] = [q8("token_embd.weight", [nEmbd, nVocab])];
  for (let l = 0; l < nLayer; l++) {
    const p = `blk.${l}.`;
    specs.push(
      f32(`${p}attn_norm.weight`, nEmbd, { kind: "ones" }),
      q8(`${p}attn_q.weight`, [nEmbd, nEmbd]),
      f32(`${p}attn_q.bias`, nEmbd, { kind: "uniform", scale }),
      q8(`${p}attn_k.weight`, [nEmbd, kvDim]),
      f32(`${p}attn_k.bias`, kvDim, { kind: "uniform", scale }),
      q8(`${p}attn_v.weight`, [nEmbd, kvDim]),
      f32(`${p}attn_v.bias`, kvDim, { kind: "uniform", scale }),
      q8(`${p}attn_output.weight`, [nEmbd, nEmbd]),
      f32(`${p}ffn_norm.weight`, nEmbd, { kind: "ones" }),
      q8(`${p}ffn_gate.weight`, [nEmbd, nFf]),
      q8(`${p}ffn_up.weight`, [nEmbd, nFf]),
      q8(`${p}ffn_down.weight`, [nFf, nEmbd]),
    );
  }
  specs.push(f32("output_norm.weight", nEmbd, { kind: "ones" }));
  // No output.weight: llama.cpp's qwen2 loader falls back to token_embd (tied, as in Qwen2.5-0.5B).
  specs.push(f32("output.bias", nVocab, { kind: "closerBias" }));
  return specs;
}

interface Layout {
  header: Buffer;
  specs: TensorSpec[];
  /** Offset of each tensor from the start of the data section. */
  offsets: number[];
  dataStart: number;
  totalBytes: number;
  vocab: SentencePieceVocab;
  parameters: number;
}

function layout(scale: number, shape: Partial<ProxyShape> = {}): Layout {
  const s: ProxyShape = { ...QWEN25_05B, ...shape };
  const vocab = buildVocab(s.nVocab);
  const specs = tensorSpecs(scale, s);
  const kvs: GgufKv[] = [
    ["general.architecture", { type: "str", value: "qwen2" }],
    ["general.name", { type: "str", value: "airgap-eval speed proxy (Qwen2.5-0.5B shapes, random Q8_0)" }],
    ["general.file_type", { type: "u32", value: FILE_TYPE_MOSTLY_Q8_0 }],
    ["general.alignment", { type: "u32", value: ALIGNMENT }],
    ["qwen2.context_length", { type: "u32", value: s.contextLength }],
    ["qwen2.embedding_length", { type: "u32", value: s.nEmbd }],
    ["qwen2.block_count", { type: "u32", value: s.nLayer }],
    ["qwen2.feed_forward_length", { type: "u32", value: s.nFf }],
    ["qwen2.attention.head_count", { type: "u32", value: s.nHead }],
    ["qwen2.attention.head_count_kv", { type: "u32", value: s.nHeadKv }],
    ["qwen2.rope.dimension_count", { type: "u32", value: s.ropeDim }],
    ["qwen2.rope.freq_base", { type: "f32", value: s.ropeFreqBase }],
    ["qwen2.attention.layer_norm_rms_epsilon", { type: "f32", value: s.rmsEps }],
    ...sentencePieceKvs(vocab),
    ["tokenizer.ggml.bos_token_id", { type: "u32", value: ENDOFTEXT_ID }],
    ["tokenizer.ggml.eos_token_id", { type: "u32", value: IM_END_ID }],
    ["tokenizer.ggml.padding_token_id", { type: "u32", value: ENDOFTEXT_ID }],
    ["tokenizer.ggml.unknown_token_id", { type: "u32", value: UNK_ID }],
    ["tokenizer.ggml.add_bos_token", { type: "bool", value: false }],
    ["tokenizer.ggml.add_eos_token", { type: "bool", value: false }],
    ["tokenizer.chat_template", { type: "str", value: CHATML_TEMPLATE }],
  ];
  const w = new GgufWriter();
  const infos = specs.map((t) => ({ name: t.name, dims: t.dims, type: t.type, byteSize: byteSize(t) }));
  const { offsets, dataBytes } = writeGgufHeader(w, kvs, infos, ALIGNMENT);
  const header = w.result();
  return {
    header,
    specs,
    offsets,
    dataStart: header.length,
    totalBytes: header.length + dataBytes,
    vocab,
    parameters: specs.reduce((sum, t) => sum + elementCount(t), 0),
  };
}

// ---- Q8_0 ------------------------------------------------------------------------------------

/**
 * Quantizes `values` (a multiple of 32 long) to Q8_0 into `out` at `offset`, as ggml's reference
 * quantize_row_q8_0 does: per block, d = max|x| / 127 stored as fp16 (rounded to nearest even, as ggml's
 * FP32_TO_FP16), q = round(x / d) (half away from zero).
 *
 * @example
 * const out = Buffer.alloc(34);
 * quantizeQ8_0(new Float32Array(32).fill(0.5), out, 0); // d = 0.5/127, every q = 127
 */
export function quantizeQ8_0(values: Float32Array, out: Buffer, offset: number): void {
  const qs = new Int8Array(out.buffer, out.byteOffset, out.length);
  for (let b = 0; b < values.length; b += Q8_BLOCK) {
    let amax = 0;
    for (let j = 0; j < Q8_BLOCK; j++) {
      const a = Math.abs(values[b + j]!);
      if (a > amax) amax = a;
    }
    const d = amax / 127;
    const id = d !== 0 ? 1 / d : 0;
    const at = offset + (b / Q8_BLOCK) * Q8_BLOCK_BYTES;
    out.writeUInt16LE(toFloat16Bits(d), at);
    for (let j = 0; j < Q8_BLOCK; j++) {
      const v = values[b + j]! * id;
      qs[at + 2 + j] = v < 0 ? -Math.round(-v) : Math.round(v);
    }
  }
}

/** Values per streamed chunk (a multiple of every row length, so chunks hold whole blocks). */
const CHUNK_VALUES = Q8_BLOCK * 32_768;

async function writeTensor(
  file: FileHandle,
  position: number,
  t: TensorSpec,
  rand: () => number,
  vocab: SentencePieceVocab,
): Promise<void> {
  const n = elementCount(t);
  if (t.type === GGML_F32) {
    const buf = Buffer.alloc(n * 4);
    for (let i = 0; i < n; i++) {
      let v: number;
      if (t.fill.kind === "ones") v = 1;
      else if (t.fill.kind === "uniform") v = (rand() * 2 - 1) * t.fill.scale;
      else v = CLOSER_BIAS[vocab.tokens[i] ?? ""] ?? 0;
      buf.writeFloatLE(v, i * 4);
    }
    await file.write(buf, 0, buf.length, position);
    return;
  }
  const scale = t.fill.kind === "uniform" ? t.fill.scale : 1;
  const values = new Float32Array(CHUNK_VALUES);
  const out = Buffer.alloc((CHUNK_VALUES / Q8_BLOCK) * Q8_BLOCK_BYTES);
  for (let done = 0; done < n; done += CHUNK_VALUES) {
    const count = Math.min(CHUNK_VALUES, n - done);
    const view = values.subarray(0, count);
    for (let i = 0; i < count; i++) view[i] = (rand() * 2 - 1) * scale;
    quantizeQ8_0(view, out, 0);
    const bytes = (count / Q8_BLOCK) * Q8_BLOCK_BYTES;
    await file.write(out, 0, bytes, position + (done / Q8_BLOCK) * Q8_BLOCK_BYTES);
  }
}

/**
 * Size in bytes of the proxy file, and its parameter count, without writing it.
 *
 * @example
 * const { bytes, parameters } = proxyGgufSize(); // ~0.53 GB, ~494M
 */
export function proxyGgufSize(options: Pick<ProxyGgufOptions, "shape"> = {}): {
  bytes: number;
  parameters: number;
} {
  const l = layout(0.02, options.shape);
  return { bytes: l.totalBytes, parameters: l.parameters };
}

/**
 * Writes the Qwen2.5-0.5B-shaped Q8_0 proxy GGUF to `filePath` (creating its folder), streaming
 * the tensors to disk. Keeps an existing file of exactly the expected size (whatever seed made it:
 * the size is checked, not the bytes, to skip reading 0.5 GB) unless `force` is set;
 * otherwise writes a temp file and renames it, so a half-written file is never left under the name.
 * The same options give the same bytes on every run and machine. Takes ~10–30 s and ~0.53 GB.
 *
 * @example
 * const { path, bytes, written } = await writeProxyGguf(); // .test-models/proxy-qwen2.5-0.5b-q8_0.gguf
 * const llm = await LlamaCppLlm.load({ modelPath: path, threads: 2, contextSize: 2048 });
 */
export async function writeProxyGguf(
  filePath: string = PROXY_GGUF_PATH,
  options: ProxyGgufOptions = {},
): Promise<ProxyGgufResult> {
  const target = path.resolve(filePath);
  const l = layout(options.weightScale ?? 0.02, options.shape);
  if (!options.force && existsSync(target) && statSync(target).size === l.totalBytes) {
    return { path: target, bytes: l.totalBytes, written: false, seconds: 0 };
  }
  const started = performance.now();
  await mkdir(path.dirname(target), { recursive: true });
  const tmp = `${target}.${process.pid}.tmp`;
  const file = await open(tmp, "w");
  try {
    await file.write(l.header, 0, l.header.length, 0);
    const rand = mulberry32(options.seed ?? DEFAULT_SEED);
    for (const [i, t] of l.specs.entries()) {
      await writeTensor(file, l.dataStart + l.offsets[i]!, t, rand, l.vocab);
    }
    await file.truncate(l.totalBytes); // the padding after the last tensor
  } catch (err) {
    await file.close();
    await rm(tmp, { force: true });
    throw err;
  }
  await file.close();
  await rename(tmp, target);
  return {
    path: target,
    bytes: l.totalBytes,
    written: true,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const out = args.find((a) => !a.startsWith("--")) ?? PROXY_GGUF_PATH;
  const { parameters } = proxyGgufSize();
  const r = await writeProxyGguf(out, { force: args.includes("--force") });
  const mb = (r.bytes / 1e6).toFixed(1);
  console.log(
    r.written
      ? `wrote ${r.path} (${mb} MB, ${(parameters / 1e6).toFixed(1)}M parameters) in ${r.seconds} s`
      : `kept ${r.path} (${mb} MB, already the expected size; --force rewrites it)`,
  );
}
