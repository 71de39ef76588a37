/**
 * Writes a tiny, deterministic ONNX text encoder in the transformers.js layout, for tests and benchmarks.
 *
 * The weights are random (seeded PRNG), so the vectors carry no meaning; what matters is that the model goes
 * through exactly the same loading and inference path as a real BERT-style encoder:
 *
 * ```
 * dir/config.json                 model_type "bert", hidden_size, max_position_embeddings, ...
 * dir/tokenizer.json              WordPiece, BertNormalizer (lowercase), BertPreTokenizer, TemplateProcessing
 * dir/tokenizer_config.json       BertTokenizer, model_max_length
 * dir/onnx/model.onnx             float32 graph
 * dir/onnx/model_quantized.onnx   same graph with int8 weights dequantized in the graph (DequantizeLinear)
 * ```
 *
 * Graph (opset 13): `input_ids`, `attention_mask`, `token_type_ids` (int64 `[batch, seq]`) ->
 * word + token-type + position embeddings (+ a learned vector scaled by the mask, so padded positions have
 * their own non-zero state) -> MatMul -> Add bias -> Tanh -> `last_hidden_state` `[batch, seq, hidden]`.
 * Position embeddings have {@link TINY_ENCODER_MAX_POSITIONS} rows, so a sequence longer than that fails in
 * the runtime: truncation to `model_max_length` is required, exactly as for a real encoder.
 *
 * CLI: `node --import tsx scripts/tiny-onnx-encoder.ts <dir>` (default dir: `.test-models/tiny-encoder`).
 */
import { createHash } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import onnxProto from "onnx-proto";
import { mulberry32 } from "../src/math/prng.js";

const { onnx } = onnxProto;

/** Width of every token vector the tiny encoder produces. */
export const TINY_ENCODER_HIDDEN_SIZE = 32;
/** Number of position embeddings, and the tokenizer's `model_max_length` (tokens, including [CLS]/[SEP]). */
export const TINY_ENCODER_MAX_POSITIONS = 64;
/** PRNG seed of the weights: change it and every byte of the ONNX files changes. */
const SEED = 0x5eed_2024;

const SPECIAL_TOKENS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"] as const;
const PUNCTUATION = [".", ",", "?", "!", "'", '"', "-", ":", ";", "(", ")", "/", "%", "$", "&"];
const SUFFIXES = [
  "##s",
  "##es",
  "##ed",
  "##ing",
  "##ly",
  "##er",
  "##est",
  "##ion",
  "##al",
  "##ity",
  "##ness",
];
const WORDS = `
the of and to a in is it you that he was for on are with as i his they be at one have this from or had by
word but what some we can out other were all there when up use your how said an each she which do their time
if will way about many then them write would like so these her long make thing see him two has look more day
could go come did number sound no most people my over know water than call first who may down side been now
find any new work part take get place made live where after back little only round man year came show every
good me give our under name very through just form sentence great think say help low line differ turn cause
much mean before move right boy old too same tell does set three want air well also play small end put home
read hand port large spell add even land here must big high such follow act why ask men change went light kind
off need house picture try us again animal point mother world near build self earth father head stand own page
should country found answer school grow study still learn plant cover food sun four between state keep eye
never last let thought city tree cross farm hard start might story saw far sea draw left late run while press
close night real life few north open seem together next white children begin got walk example ease paper group
always music those both mark often letter until mile river car feet care second book carry took science eat
room friend began idea fish mountain stop once base hear horse cut sure watch color face wood main enough plain
girl usual young ready above ever red list though feel talk bird soon body dog family direct pose leave song
measure door product black short numeral class wind question happen complete ship area half rock order fire
south problem piece told knew pass since top whole king space heard best hour better true during hundred five
remember step early hold west ground interest reach fast verb sing listen six table travel less morning ten
simple several vowel toward war lay against pattern slow center love person money serve appear road map rain
rule govern pull cold notice voice unit power town fine certain fly fall lead cry dark machine note wait plan
figure star box noun field rest correct able pound done beauty drive stood contain front teach week final gave
green oh quick develop ocean warm free minute strong special mind behind clear tail produce fact street inch
multiply nothing course stay wheel full force blue object decide surface deep moon island foot system busy
test record boat common gold possible plane stead dry wonder laugh thousand ago ran check game shape equate hot
miss brought heat snow tire bring yes distant fill east paint language among paris france capital europe
einstein theory relativity newton physics motion cosmos law evaluate retrieval context model embedding hello
cat kitten sat
`
  .trim()
  .split(/\s+/);

/** The vocabulary in id order: special tokens, punctuation, whole words, then `##` continuation pieces. */
export function tinyEncoderVocabulary(): string[] {
  const seen = new Set<string>();
  const vocab: string[] = [];
  for (const token of [...SPECIAL_TOKENS, ...PUNCTUATION, ...WORDS, ...SUFFIXES]) {
    if (seen.has(token)) continue;
    seen.add(token);
    vocab.push(token);
  }
  return vocab;
}

function randomMatrix(next: () => number, count: number, scale: number): Float32Array {
  const out = new Float32Array(count);
  for (let i = 0; i < count; i++) out[i] = (next() * 2 - 1) * scale;
  return out;
}

/** Shape of the generated encoder. The defaults give the tiny test model; bigger ones serve benchmarks. */
export interface TinyOnnxEncoderOptions {
  /** Width of the token vectors. Defaults to {@link TINY_ENCODER_HIDDEN_SIZE} (32). */
  hiddenSize?: number;
  /** Number of position embeddings and the tokenizer's `model_max_length`. Defaults to {@link TINY_ENCODER_MAX_POSITIONS} (64). */
  maxPositions?: number;
  /**
   * Extra residual feed-forward blocks (`h + W2·tanh(W1·h)`) after the first projection, to give the runtime
   * real work for thread benchmarks. Defaults to `0`.
   */
  layers?: number;
  /** Inner width of each extra block. Defaults to `4 * hiddenSize`. */
  intermediateSize?: number;
}

interface Shape {
  hidden: number;
  positions: number;
  layers: number;
  intermediate: number;
}

function shapeOf(options: TinyOnnxEncoderOptions): Shape {
  const hidden = options.hiddenSize ?? TINY_ENCODER_HIDDEN_SIZE;
  return {
    hidden,
    positions: options.maxPositions ?? TINY_ENCODER_MAX_POSITIONS,
    layers: options.layers ?? 0,
    intermediate: options.intermediateSize ?? 4 * hidden,
  };
}

interface Weights {
  wordEmbeddings: Float32Array;
  typeEmbeddings: Float32Array;
  positionEmbeddings: Float32Array;
  maskVector: Float32Array;
  dense: Float32Array;
  bias: Float32Array;
  blocks: Array<{ up: Float32Array; down: Float32Array }>;
}

function makeWeights(vocabSize: number, shape: Shape): Weights {
  const h = shape.hidden;
  const next = mulberry32(SEED);
  const weights: Weights = {
    wordEmbeddings: randomMatrix(next, vocabSize * h, 1),
    typeEmbeddings: randomMatrix(next, 2 * h, 0.1),
    positionEmbeddings: randomMatrix(next, shape.positions * h, 0.2),
    maskVector: randomMatrix(next, h, 0.5),
    dense: randomMatrix(next, h * h, 1 / Math.sqrt(h)),
    bias: randomMatrix(next, h, 0.1),
    blocks: [],
  };
  for (let l = 0; l < shape.layers; l++) {
    weights.blocks.push({
      up: randomMatrix(next, h * shape.intermediate, 1 / Math.sqrt(h)),
      down: randomMatrix(next, shape.intermediate * h, 0.5 / Math.sqrt(shape.intermediate)),
    });
  }
  return weights;
}

type Tensor = InstanceType<typeof onnx.TensorProto>;

export function bytesOf(view: ArrayBufferView): Uint8Array {
  // TypedArrays are little-endian on every platform Node runs on; ONNX raw_data is little-endian.
  return new Uint8Array(view.buffer.slice(view.byteOffset, view.byteOffset + view.byteLength));
}

export function floatTensor(name: string, dims: number[], data: Float32Array): Tensor {
  return onnx.TensorProto.create({
    name,
    dims,
    dataType: onnx.TensorProto.DataType.FLOAT,
    rawData: bytesOf(data),
  });
}

export function int64Tensor(name: string, dims: number[], values: number[]): Tensor {
  const data = BigInt64Array.from(values.map((v) => BigInt(v)));
  return onnx.TensorProto.create({
    name,
    dims,
    dataType: onnx.TensorProto.DataType.INT64,
    rawData: bytesOf(data),
  });
}

/** Symmetric per-tensor int8 quantization: `w ≈ q * scale`. */
function quantizeInt8(data: Float32Array): { q: Int8Array; scale: number } {
  let maxAbs = 0;
  for (const v of data) maxAbs = Math.max(maxAbs, Math.abs(v));
  const scale = Math.fround(maxAbs > 0 ? maxAbs / 127 : 1);
  const q = new Int8Array(data.length);
  for (let i = 0; i < data.length; i++) q[i] = Math.max(-127, Math.min(127, Math.round(data[i]! / scale)));
  return { q, scale };
}

export function node(
  opType: string,
  inputs: string[],
  outputs: string[],
  attributes: InstanceType<typeof onnx.AttributeProto>[] = [],
): InstanceType<typeof onnx.NodeProto> {
  return onnx.NodeProto.create({
    opType,
    input: inputs,
    output: outputs,
    name: outputs[0],
    attribute: attributes,
  });
}

export function intAttribute(name: string, value: number): InstanceType<typeof onnx.AttributeProto> {
  return onnx.AttributeProto.create({ name, i: value, type: onnx.AttributeProto.AttributeType.INT });
}

export function valueInfo(
  name: string,
  elemType: number,
  dims: string[],
): InstanceType<typeof onnx.ValueInfoProto> {
  return onnx.ValueInfoProto.create({
    name,
    type: {
      tensorType: { elemType, shape: { dim: dims.map((d) => ({ dimParam: d })) } },
    },
  });
}

/**
 * Builds the encoder graph. With `quantized`, the word-embedding table and the dense matrix are stored as
 * int8 and dequantized inside the graph (like a dynamically quantized transformers.js export).
 */
function buildModel(vocabSize: number, weights: Weights, shape: Shape, quantized: boolean): Uint8Array {
  const h = shape.hidden;
  const initializers: Tensor[] = [
    floatTensor("type_embeddings", [2, h], weights.typeEmbeddings),
    floatTensor("position_embeddings", [shape.positions, h], weights.positionEmbeddings),
    floatTensor("mask_vector", [h], weights.maskVector),
    floatTensor("dense_bias", [h], weights.bias),
    int64Tensor("const_one_index", [], [1]),
    int64Tensor("const_zero", [], [0]),
    int64Tensor("const_one", [], [1]),
    int64Tensor("const_last_axis", [1], [2]),
  ];
  const nodes: InstanceType<typeof onnx.NodeProto>[] = [];

  if (quantized) {
    for (const [name, data, dims] of [
      ["word_embeddings", weights.wordEmbeddings, [vocabSize, h]],
      ["dense_weight", weights.dense, [h, h]],
    ] as const) {
      const { q, scale } = quantizeInt8(data);
      initializers.push(
        onnx.TensorProto.create({
          name: `${name}_int8`,
          dims: [...dims],
          dataType: onnx.TensorProto.DataType.INT8,
          rawData: bytesOf(q),
        }),
        floatTensor(`${name}_scale`, [], Float32Array.of(scale)),
        onnx.TensorProto.create({
          name: `${name}_zero_point`,
          dims: [],
          dataType: onnx.TensorProto.DataType.INT8,
          rawData: new Uint8Array([0]),
        }),
      );
      nodes.push(node("DequantizeLinear", [`${name}_int8`, `${name}_scale`, `${name}_zero_point`], [name]));
    }
  } else {
    initializers.push(
      floatTensor("word_embeddings", [vocabSize, h], weights.wordEmbeddings),
      floatTensor("dense_weight", [h, h], weights.dense),
    );
  }

  nodes.push(
    node("Gather", ["word_embeddings", "input_ids"], ["word_states"], [intAttribute("axis", 0)]),
    node("Gather", ["type_embeddings", "token_type_ids"], ["type_states"], [intAttribute("axis", 0)]),
    node("Shape", ["input_ids"], ["input_shape"]),
    node("Gather", ["input_shape", "const_one_index"], ["seq_len"], [intAttribute("axis", 0)]),
    node("Range", ["const_zero", "seq_len", "const_one"], ["position_ids"]),
    node("Gather", ["position_embeddings", "position_ids"], ["position_states"], [intAttribute("axis", 0)]),
    node("Cast", ["attention_mask"], ["mask_float"], [intAttribute("to", onnx.TensorProto.DataType.FLOAT)]),
    node("Unsqueeze", ["mask_float", "const_last_axis"], ["mask_3d"]),
    node("Mul", ["mask_3d", "mask_vector"], ["mask_states"]),
    node("Add", ["word_states", "type_states"], ["sum_1"]),
    node("Add", ["sum_1", "position_states"], ["sum_2"]),
    node("Add", ["sum_2", "mask_states"], ["embedded"]),
    node("MatMul", ["embedded", "dense_weight"], ["projected"]),
    node("Add", ["projected", "dense_bias"], ["biased"]),
  );
  let current = "biased";
  let state = "layer_0";
  nodes.push(node("Tanh", [current], [shape.layers === 0 ? "last_hidden_state" : state]));
  weights.blocks.forEach((block, l) => {
    current = state;
    const i = shape.intermediate;
    initializers.push(
      floatTensor(`block_${l}_up`, [h, i], block.up),
      floatTensor(`block_${l}_down`, [i, h], block.down),
    );
    state = l === shape.layers - 1 ? "last_hidden_state" : `layer_${l + 1}`;
    nodes.push(
      node("MatMul", [current, `block_${l}_up`], [`block_${l}_inner`]),
      node("Tanh", [`block_${l}_inner`], [`block_${l}_act`]),
      node("MatMul", [`block_${l}_act`, `block_${l}_down`], [`block_${l}_out`]),
      node("Add", [current, `block_${l}_out`], [state]),
    );
  });

  const int64 = onnx.TensorProto.DataType.INT64;
  const model = onnx.ModelProto.create({
    irVersion: 7,
    producerName: "airgap-eval tiny-onnx-encoder",
    producerVersion: "1",
    opsetImport: [{ domain: "", version: 13 }],
    graph: {
      name: "tiny_encoder",
      node: nodes,
      initializer: initializers,
      input: [
        valueInfo("input_ids", int64, ["batch_size", "sequence_length"]),
        valueInfo("attention_mask", int64, ["batch_size", "sequence_length"]),
        valueInfo("token_type_ids", int64, ["batch_size", "sequence_length"]),
      ],
      output: [
        valueInfo("last_hidden_state", onnx.TensorProto.DataType.FLOAT, [
          "batch_size",
          "sequence_length",
          String(h),
        ]),
      ],
    },
  });
  return onnx.ModelProto.encode(model).finish();
}

export function tokenizerJson(vocab: string[]): unknown {
  const id = (token: string) => vocab.indexOf(token);
  const special = (token: string) => ({ id: token, ids: [id(token)], tokens: [token] });
  return {
    version: "1.0",
    truncation: null,
    padding: null,
    added_tokens: SPECIAL_TOKENS.map((content) => ({
      id: id(content),
      content,
      single_word: false,
      lstrip: false,
      rstrip: false,
      normalized: false,
      special: true,
    })),
    normalizer: {
      type: "BertNormalizer",
      clean_text: true,
      handle_chinese_chars: true,
      strip_accents: null,
      lowercase: true,
    },
    pre_tokenizer: { type: "BertPreTokenizer" },
    post_processor: {
      type: "TemplateProcessing",
      single: [
        { SpecialToken: { id: "[CLS]", type_id: 0 } },
        { Sequence: { id: "A", type_id: 0 } },
        { SpecialToken: { id: "[SEP]", type_id: 0 } },
      ],
      pair: [
        { SpecialToken: { id: "[CLS]", type_id: 0 } },
        { Sequence: { id: "A", type_id: 0 } },
        { SpecialToken: { id: "[SEP]", type_id: 0 } },
        { Sequence: { id: "B", type_id: 1 } },
        { SpecialToken: { id: "[SEP]", type_id: 1 } },
      ],
      special_tokens: { "[CLS]": special("[CLS]"), "[SEP]": special("[SEP]") },
    },
    decoder: { type: "WordPiece", prefix: "##", cleanup: true },
    model: {
      type: "WordPiece",
      unk_token: "[UNK]",
      continuing_subword_prefix: "##",
      max_input_chars_per_word: 100,
      vocab: Object.fromEntries(vocab.map((token, i) => [token, i])),
    },
  };
}

export function tokenizerConfigJson(maxLength: number): unknown {
  return {
    tokenizer_class: "BertTokenizer",
    do_lower_case: true,
    model_max_length: maxLength,
    cls_token: "[CLS]",
    sep_token: "[SEP]",
    pad_token: "[PAD]",
    unk_token: "[UNK]",
    mask_token: "[MASK]",
    clean_up_tokenization_spaces: true,
    strip_accents: null,
    tokenize_chinese_chars: true,
  };
}

function configJson(vocabSize: number, shape: Shape): unknown {
  return {
    _name_or_path: "airgap-eval/tiny-onnx-encoder",
    architectures: ["BertModel"],
    model_type: "bert",
    hidden_size: shape.hidden,
    num_hidden_layers: 1 + shape.layers,
    num_attention_heads: 1,
    intermediate_size: shape.layers > 0 ? shape.intermediate : shape.hidden,
    hidden_act: "tanh",
    max_position_embeddings: shape.positions,
    type_vocab_size: 2,
    vocab_size: vocabSize,
    pad_token_id: 0,
    layer_norm_eps: 1e-12,
  };
}

/** Writes `data` to `file` through a temporary file and a rename, so a reader never sees a half-written file. */
async function writeAtomic(file: string, data: string | Uint8Array): Promise<void> {
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, file);
}

/**
 * Writes the tiny encoder into `dir` (created if missing). Same bytes on every run for the same options.
 * The global test setup calls it with no options.
 *
 * @example
 * await writeTinyOnnxEncoder(".test-models/tiny-encoder");
 * const embeddings = await TransformersEmbeddings.load({ model: ".test-models/tiny-encoder" });
 */
export async function writeTinyOnnxEncoder(dir: string, options: TinyOnnxEncoderOptions = {}): Promise<void> {
  const shape = shapeOf(options);
  const vocab = tinyEncoderVocabulary();
  const weights = makeWeights(vocab.length, shape);
  await mkdir(path.join(dir, "onnx"), { recursive: true });
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  await writeAtomic(path.join(dir, "config.json"), json(configJson(vocab.length, shape)));
  await writeAtomic(path.join(dir, "tokenizer.json"), json(tokenizerJson(vocab)));
  await writeAtomic(path.join(dir, "tokenizer_config.json"), json(tokenizerConfigJson(shape.positions)));
  await writeAtomic(path.join(dir, "onnx", "model.onnx"), buildModel(vocab.length, weights, shape, false));
  await writeAtomic(
    path.join(dir, "onnx", "model_quantized.onnx"),
    buildModel(vocab.length, weights, shape, true),
  );
}

/** sha256 (hex) of the float graph (`onnx/model.onnx`) the generator writes for `options`, computed in memory. */
export function tinyOnnxEncoderSha256(options: TinyOnnxEncoderOptions = {}): string {
  const shape = shapeOf(options);
  const vocab = tinyEncoderVocabulary();
  return createHash("sha256")
    .update(buildModel(vocab.length, makeWeights(vocab.length, shape), shape, false))
    .digest("hex");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? ".test-models/tiny-encoder");
  writeTinyOnnxEncoder(dir).then(
    () =>
      console.log(
        `tiny ONNX encoder written to ${dir} (sha256 of onnx/model.onnx ${tinyOnnxEncoderSha256()})`,
      ),
    (err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
}
