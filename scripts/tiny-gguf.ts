/**
 * Writes a tiny llama GGUF with seeded random weights and a byte-fallback SentencePiece
 * vocabulary, for integration tests of the judge runtime. The same options give the same
 * bytes on every run, on every machine.
 *
 * Run as a CLI: `node --import tsx scripts/tiny-gguf.ts out.gguf [--chat-template]`.
 */
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { mulberry32 } from "../src/math/prng.js";
import {
  byteTokenText,
  CHATML_TEMPLATE,
  GGML_F32,
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

/** Options of {@link writeTinyGguf}. */
export interface TinyGgufOptions {
  /**
   * Embed a ChatML-style `tokenizer.chat_template` (and its `<|im_start|>` / `<|im_end|>` control
   * tokens), so the chat-template path of a runtime is exercised. Defaults to `false` (no template:
   * the plain completion path, like stories260K).
   */
  chatTemplate?: boolean;
  /** Seed of the weight generator. Defaults to `20240601`. */
  seed?: number;
}

// ---- model shape ----------------------------------------------------------------------------
const N_EMBD = 64;
const N_LAYER = 2;
const N_HEAD = 4;
const N_HEAD_KV = 2;
const N_FF = 128;
const CONTEXT_LENGTH = 2048;
const ALIGNMENT = 32;
const DEFAULT_SEED = 20240601;

/** Constant value of embedding dimension 0 for every token. */
const BIAS_LEVEL = 4;
/** Output-projection weight on dimension 0 per piece: how much the model prefers to close JSON. */
const CLOSER_BOOST: Record<string, number> = { '"': 0.4, "]": 0.2 };

/** Control-token ids shared by both variants. */
const UNK_ID = 0;
const BOS_ID = 1;
const EOS_ID = 2;

/** Merged pieces beyond single characters: a few JSON-ish and English bigrams (SentencePiece uses ▁ for a space). */
const MERGES = [
  '{"',
  '":',
  '",',
  '"}',
  "▁t",
  "he",
  "▁the",
  "in",
  "er",
  "an",
  "re",
  "on",
  "▁a",
  "▁i",
  "es",
  "ed",
];

function buildVocab(chatTemplate: boolean): SentencePieceVocab {
  const tokens: string[] = ["<unk>", "<s>", "</s>"];
  const types: number[] = [TOKEN_UNKNOWN, TOKEN_CONTROL, TOKEN_CONTROL];
  const scores: number[] = [0, 0, 0];
  if (chatTemplate) {
    for (const t of ["<|im_start|>", "<|im_end|>"]) {
      tokens.push(t);
      types.push(TOKEN_CONTROL);
      scores.push(0);
    }
  }
  for (let b = 0; b < 256; b++) {
    tokens.push(byteTokenText(b));
    types.push(TOKEN_BYTE);
    scores.push(0);
  }
  // Single characters: the SentencePiece space marker and printable ASCII (space itself is ▁).
  const singles = ["▁"];
  for (let c = 0x21; c <= 0x7e; c++) singles.push(String.fromCharCode(c));
  let score = -1;
  for (const s of singles) {
    tokens.push(s);
    types.push(TOKEN_NORMAL);
    scores.push(score);
    score -= 0.01;
  }
  // Merges: higher score = merged first.
  let mergeScore = 0;
  for (const m of MERGES) {
    tokens.push(m);
    types.push(TOKEN_NORMAL);
    scores.push(mergeScore);
    mergeScore -= 0.01;
  }
  return { tokens, scores, types };
}

interface Tensor {
  name: string;
  /** GGML order: dims[0] is the innermost (contiguous) dimension. */
  dims: number[];
  data: Float32Array;
}

function uniformTensor(rand: () => number, name: string, dims: number[], scale: number): Tensor {
  const n = dims.reduce((a, b) => a * b, 1);
  const data = new Float32Array(n);
  for (let i = 0; i < n; i++) data[i] = (rand() * 2 - 1) * scale;
  return { name, dims, data };
}

function onesTensor(name: string, n: number): Tensor {
  return { name, dims: [n], data: new Float32Array(n).fill(1) };
}

function buildTensors(vocab: SentencePieceVocab, seed: number): Tensor[] {
  const rand = mulberry32(seed);
  const vocabSize = vocab.tokens.length;
  const headDim = N_EMBD / N_HEAD;
  const kvDim = headDim * N_HEAD_KV;
  const embd = uniformTensor(rand, "token_embd.weight", [N_EMBD, vocabSize], 1);
  // Dimension 0 carries a constant through the residual stream (see CLOSER_BOOST).
  for (let t = 0; t < vocabSize; t++) embd.data[t * N_EMBD] = BIAS_LEVEL;
  const tensors: Tensor[] = [embd];
  for (let l = 0; l < N_LAYER; l++) {
    const p = `blk.${l}.`;
    const s = 1 / Math.sqrt(N_EMBD);
    tensors.push(
      onesTensor(`${p}attn_norm.weight`, N_EMBD),
      uniformTensor(rand, `${p}attn_q.weight`, [N_EMBD, N_EMBD], s),
      uniformTensor(rand, `${p}attn_k.weight`, [N_EMBD, kvDim], s),
      uniformTensor(rand, `${p}attn_v.weight`, [N_EMBD, kvDim], s),
      uniformTensor(rand, `${p}attn_output.weight`, [N_EMBD, N_EMBD], s),
      onesTensor(`${p}ffn_norm.weight`, N_EMBD),
      uniformTensor(rand, `${p}ffn_gate.weight`, [N_EMBD, N_FF], s),
      uniformTensor(rand, `${p}ffn_up.weight`, [N_EMBD, N_FF], s),
      uniformTensor(rand, `${p}ffn_down.weight`, [N_FF, N_EMBD], 1 / Math.sqrt(N_FF)),
    );
  }
  tensors.push(onesTensor("output_norm.weight", N_EMBD));
  const output = uniformTensor(rand, "output.weight", [N_EMBD, vocabSize], 1 / Math.sqrt(N_EMBD));
  // Read the constant dimension only for the closing pieces: a mild, input-independent preference
  // that makes grammar-constrained JSON end after a few tokens instead of running to maxTokens.
  for (let t = 0; t < vocabSize; t++) {
    output.data[t * N_EMBD] = CLOSER_BOOST[vocab.tokens[t] ?? ""] ?? 0;
  }
  tensors.push(output);
  return tensors;
}

/**
 * Builds the GGUF bytes of the tiny llama in memory.
 *
 * @example
 * const bytes = buildTinyGguf({ chatTemplate: true });
 */
export function buildTinyGguf(options: TinyGgufOptions = {}): Buffer {
  const chatTemplate = options.chatTemplate ?? false;
  const vocab = buildVocab(chatTemplate);
  const tensors = buildTensors(vocab, options.seed ?? DEFAULT_SEED);

  const kvs: GgufKv[] = [
    ["general.architecture", { type: "str", value: "llama" }],
    [
      "general.name",
      { type: "str", value: chatTemplate ? "airgap-eval tiny llama (chat)" : "airgap-eval tiny llama" },
    ],
    ["general.file_type", { type: "u32", value: 0 }],
    ["general.alignment", { type: "u32", value: ALIGNMENT }],
    ["llama.context_length", { type: "u32", value: CONTEXT_LENGTH }],
    ["llama.embedding_length", { type: "u32", value: N_EMBD }],
    ["llama.block_count", { type: "u32", value: N_LAYER }],
    ["llama.feed_forward_length", { type: "u32", value: N_FF }],
    ["llama.rope.dimension_count", { type: "u32", value: N_EMBD / N_HEAD }],
    ["llama.attention.head_count", { type: "u32", value: N_HEAD }],
    ["llama.attention.head_count_kv", { type: "u32", value: N_HEAD_KV }],
    ["llama.attention.layer_norm_rms_epsilon", { type: "f32", value: 1e-5 }],
    ["llama.vocab_size", { type: "u32", value: vocab.tokens.length }],
    ...sentencePieceKvs(vocab),
    ["tokenizer.ggml.bos_token_id", { type: "u32", value: BOS_ID }],
    ["tokenizer.ggml.eos_token_id", { type: "u32", value: EOS_ID }],
    ["tokenizer.ggml.unknown_token_id", { type: "u32", value: UNK_ID }],
    ["tokenizer.ggml.add_bos_token", { type: "bool", value: true }],
    ["tokenizer.ggml.add_eos_token", { type: "bool", value: false }],
  ];
  if (chatTemplate) {
    kvs.push(["tokenizer.chat_template", { type: "str", value: CHATML_TEMPLATE }]);
  }

  const w = new GgufWriter();
  const infos = tensors.map((t) => ({
    name: t.name,
    dims: t.dims,
    type: GGML_F32,
    byteSize: t.data.byteLength,
  }));
  writeGgufHeader(w, kvs, infos, ALIGNMENT);
  for (const t of tensors) {
    w.padTo(ALIGNMENT); // each tensor starts at its aligned offset
    w.f32s(t.data);
  }
  w.padTo(ALIGNMENT);
  return w.result();
}

/**
 * Writes the tiny GGUF to `filePath` (creating its folder). Skips writing when the file already
 * holds exactly the expected bytes; otherwise writes atomically (temp file, then rename).
 *
 * @example
 * await writeTinyGguf(".test-models/tiny-llama.gguf");
 * await writeTinyGguf(".test-models/tiny-llama-chat.gguf", { chatTemplate: true });
 */
export async function writeTinyGguf(filePath: string, options: TinyGgufOptions = {}): Promise<void> {
  const bytes = buildTinyGguf(options);
  try {
    if ((await readFile(filePath)).equals(bytes)) return;
  } catch {
    // missing or unreadable: (re)write below
  }
  await mkdir(path.dirname(filePath), { recursive: true });
  const tmp = `${filePath}.${process.pid}.tmp`;
  await writeFile(tmp, bytes);
  await rename(tmp, filePath);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const out = args.find((a) => !a.startsWith("--"));
  if (!out) {
    console.error("usage: node --import tsx scripts/tiny-gguf.ts <out.gguf> [--chat-template]");
    process.exit(2);
  }
  await writeTinyGguf(out, { chatTemplate: args.includes("--chat-template") });
  console.log(`wrote ${out}`);
}
