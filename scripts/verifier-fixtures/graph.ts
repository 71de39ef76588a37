/**
 * Random-weight transformer classifiers as ONNX graphs (opset 17), with the input and output signature of the
 * verifier families: `input_ids`, `attention_mask` (+ `token_type_ids` when asked) as int64 `[batch, seq]`, and
 * `logits` float32 `[batch, labels]` (sequence classification: the first token's state) or `[batch, seq, labels]`
 * (token classification). Each layer is single-head self-attention with a padding mask, then a feed-forward block,
 * each residual with LayerNormalization, so a real-size graph does real-size work (BERT-base: hidden 768, 12 layers,
 * feed-forward 3072, vocabulary 30522, about 110M parameters). With `quantized`, the same seeded weights are stored as
 * int8 and applied as onnxruntime's dynamic quantization does (./weights.ts).
 */
import onnxProto from "onnx-proto";
import { mulberry32 } from "../../src/math/prng.js";
import { floatTensor, int64Tensor, intAttribute as intAttr, node, valueInfo } from "../tiny-onnx-encoder.js";
import { weightWriter } from "./weights.js";

const { onnx } = onnxProto;
type Tensor = InstanceType<typeof onnx.TensorProto>;
type NodeProto = InstanceType<typeof onnx.NodeProto>;

/** Size of a generated classifier. */
export interface GraphShape {
  hidden: number;
  layers: number;
  intermediate: number;
  /** Rows of the word-embedding table (at least the tokenizer's vocabulary). */
  vocabSize: number;
  maxPositions: number;
}

/** The tiny default: milliseconds per batch. */
export const TINY_SHAPE: GraphShape = {
  hidden: 32,
  layers: 1,
  intermediate: 64,
  vocabSize: 0,
  maxPositions: 128,
};
/** BERT-base size (about 110M parameters, 440 MB as float32). */
export const BERT_BASE_SHAPE: GraphShape = {
  hidden: 768,
  layers: 12,
  intermediate: 3072,
  vocabSize: 30522,
  maxPositions: 512,
};
/** MiniLM-L6 size (about 22M parameters, 90 MB as float32). */
export const MINILM_L6_SHAPE: GraphShape = {
  hidden: 384,
  layers: 6,
  intermediate: 1536,
  vocabSize: 30522,
  maxPositions: 512,
};

/** What the graph computes at the end. */
export interface GraphHead {
  /** Number of logits per sequence (or per token). */
  labels: number;
  /** `sequence`: logits of the first token `[batch, labels]`; `token`: every token `[batch, seq, labels]`. */
  kind: "sequence" | "token";
  /** Whether the graph has a `token_type_ids` input. */
  tokenTypeIds: boolean;
  /** Order of the head's rows: row i of the output is row `permutation[i]` of the seeded head. Defaults to identity. */
  permutation?: readonly number[];
}

const intsAttr = (name: string, ints: number[]) =>
  onnx.AttributeProto.create({ name, ints, type: onnx.AttributeProto.AttributeType.INTS });
const floatAttr = (name: string, f: number) =>
  onnx.AttributeProto.create({ name, f, type: onnx.AttributeProto.AttributeType.FLOAT });

/**
 * Builds the classifier graph; the same `seed` and shape give the same bytes. With `quantized`, the same weights
 * (the same seeded draws) as int8, dynamically quantized (./weights.ts); else float32.
 */
export function buildClassifierGraph(
  shape: GraphShape,
  head: GraphHead,
  seed: number,
  quantized = false,
): Uint8Array {
  const next = mulberry32(seed);
  const random = (count: number, scale: number) => {
    const out = new Float32Array(count);
    for (let i = 0; i < count; i++) out[i] = (next() * 2 - 1) * scale;
    return out;
  };
  const h = shape.hidden;
  const ones = new Float32Array(h).fill(1);
  const zeros = new Float32Array(h);
  const init: Tensor[] = [];
  const nodes: NodeProto[] = [];
  const weights = weightWriter(init, nodes, quantized);
  weights.gather(
    "word_embeddings",
    [shape.vocabSize, h],
    random(shape.vocabSize * h, 1),
    "input_ids",
    "word_states",
  );
  const positions = random(shape.maxPositions * h, 0.2);
  init.push(
    floatTensor("ln_gamma", [h], ones),
    floatTensor("ln_beta", [h], zeros),
    floatTensor("scale", [], Float32Array.of(1 / Math.sqrt(h))),
    floatTensor("one", [], Float32Array.of(1)),
    floatTensor("neg_big", [], Float32Array.of(-10000)),
    int64Tensor("i_zero", [], [0]),
    int64Tensor("i_one", [], [1]),
    int64Tensor("axis_1", [1], [1]),
  );
  nodes.push(
    node("Shape", ["input_ids"], ["input_shape"]),
    node("Gather", ["input_shape", "i_one"], ["seq_len"], [intAttr("axis", 0)]),
    node("Range", ["i_zero", "seq_len", "i_one"], ["position_ids"]),
  );
  weights.gather(
    "position_embeddings",
    [shape.maxPositions, h],
    positions,
    "position_ids",
    "position_states",
  );
  nodes.push(
    node("Add", ["word_states", "position_states"], ["embedded_raw"]),
    // Padding mask as an additive bias over the keys: [batch, 1, seq].
    node("Cast", ["attention_mask"], ["mask_float"], [intAttr("to", onnx.TensorProto.DataType.FLOAT)]),
    node("Sub", ["one", "mask_float"], ["mask_inverted"]),
    node("Mul", ["mask_inverted", "neg_big"], ["mask_bias_2d"]),
    node("Unsqueeze", ["mask_bias_2d", "axis_1"], ["mask_bias"]),
  );
  let embedded = "embedded_raw";
  if (head.tokenTypeIds) {
    weights.gather("type_embeddings", [2, h], random(2 * h, 0.1), "token_type_ids", "type_states");
    nodes.push(node("Add", ["embedded_raw", "type_states"], ["embedded_typed"]));
    embedded = "embedded_typed";
  }
  nodes.push(
    node(
      "LayerNormalization",
      [embedded, "ln_gamma", "ln_beta"],
      ["layer_0_in"],
      [floatAttr("epsilon", 1e-5)],
    ),
  );
  let x = "layer_0_in";
  for (let l = 0; l < shape.layers; l++) {
    const p = `l${l}_`;
    // Drawn in this order (the seed's stream), applied below.
    const [wq, wk, wv, wo] = ["q", "k", "v", "o"].map(() => random(h * h, 1 / Math.sqrt(h)));
    const up = random(h * shape.intermediate, 1 / Math.sqrt(h));
    const down = random(shape.intermediate * h, 1 / Math.sqrt(shape.intermediate));
    const square: [number, number] = [h, h];
    weights.linear(x, `${p}wq`, square, wq!, `${p}q`);
    weights.linear(x, `${p}wk`, square, wk!, `${p}k`);
    weights.linear(x, `${p}wv`, square, wv!, `${p}v`);
    nodes.push(
      node("Transpose", [`${p}k`], [`${p}kt`], [intsAttr("perm", [0, 2, 1])]),
      node("MatMul", [`${p}q`, `${p}kt`], [`${p}scores_raw`]),
      node("Mul", [`${p}scores_raw`, "scale"], [`${p}scores_scaled`]),
      node("Add", [`${p}scores_scaled`, "mask_bias"], [`${p}scores`]),
      node("Softmax", [`${p}scores`], [`${p}attn`], [intAttr("axis", -1)]),
      node("MatMul", [`${p}attn`, `${p}v`], [`${p}ctx`]),
    );
    weights.linear(`${p}ctx`, `${p}wo`, square, wo!, `${p}attn_out`);
    nodes.push(
      node("Add", [x, `${p}attn_out`], [`${p}res1`]),
      node(
        "LayerNormalization",
        [`${p}res1`, "ln_gamma", "ln_beta"],
        [`${p}h1`],
        [floatAttr("epsilon", 1e-5)],
      ),
    );
    weights.linear(`${p}h1`, `${p}up`, [h, shape.intermediate], up, `${p}inner`);
    nodes.push(node("Tanh", [`${p}inner`], [`${p}act`]));
    weights.linear(`${p}act`, `${p}down`, [shape.intermediate, h], down, `${p}ff`);
    nodes.push(
      node("Add", [`${p}h1`, `${p}ff`], [`${p}res2`]),
      node(
        "LayerNormalization",
        [`${p}res2`, "ln_gamma", "ln_beta"],
        [`l${l + 1}_in`],
        [floatAttr("epsilon", 1e-5)],
      ),
    );
    x = `l${l + 1}_in`;
  }
  // Classifier head [hidden, labels], its columns in `permutation` order.
  const seeded = random(h * head.labels, 2 / Math.sqrt(h));
  const bias = random(head.labels, 0.5);
  const order = head.permutation ?? [...Array(head.labels).keys()];
  const weight = new Float32Array(h * head.labels);
  for (let r = 0; r < h; r++)
    for (let c = 0; c < head.labels; c++) weight[r * head.labels + c] = seeded[r * head.labels + order[c]!]!;
  const float = onnx.TensorProto.DataType.FLOAT;
  let states = x;
  if (head.kind === "sequence") {
    nodes.push(node("Gather", [x, "i_zero"], ["first_token"], [intAttr("axis", 1)]));
    states = "first_token";
  }
  weights.linear(states, "head_w", [h, head.labels], weight, "head_raw");
  init.push(floatTensor("head_b", [head.labels], Float32Array.from(order.map((o) => bias[o]!))));
  nodes.push(node("Add", ["head_raw", "head_b"], ["logits"]));
  const int64 = onnx.TensorProto.DataType.INT64;
  const inputs = [
    valueInfo("input_ids", int64, ["batch_size", "sequence_length"]),
    valueInfo("attention_mask", int64, ["batch_size", "sequence_length"]),
    ...(head.tokenTypeIds ? [valueInfo("token_type_ids", int64, ["batch_size", "sequence_length"])] : []),
  ];
  const outDims =
    head.kind === "sequence"
      ? ["batch_size", String(head.labels)]
      : ["batch_size", "sequence_length", String(head.labels)];
  const model = onnx.ModelProto.create({
    irVersion: 8,
    producerName: "airgap-eval verifier-fixtures",
    producerVersion: "1",
    opsetImport: [{ domain: "", version: 17 }],
    graph: {
      name: "verifier",
      node: nodes,
      initializer: init,
      input: inputs,
      output: [valueInfo("logits", float, outDims)],
    },
  });
  return onnx.ModelProto.encode(model).finish();
}
