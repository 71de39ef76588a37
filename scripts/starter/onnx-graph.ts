// Encodes the starter encoder's ONNX graph: a word-vector lookup table and nothing else.
//
//   input_ids [batch, seq] int64 --Gather(table)--> [batch, seq, dims] (float16) --Cast--> float32
//   attention_mask [batch, seq] int64 --Cast--> float32 --Unsqueeze(-1)--> [batch, seq, 1]
//   last_hidden_state = vectors * mask      (padding positions come out as exact zeros)
//   token_type_ids is declared (transformers.js feeds it to BERT-type models) and unused.
import { ProtoWriter } from "./protobuf-writer.js";

/** ONNX TensorProto.DataType codes used here. */
const FLOAT = 1;
const INT64 = 7;
const FLOAT16 = 10;

/** ONNX AttributeProto.AttributeType codes used here. */
const ATTRIBUTE_INT = 2;

/** The lookup table baked into the graph. */
export interface EmbeddingTable {
  /** Number of rows (token ids). */
  rows: number;
  /** Vector length. */
  dimensions: number;
  /** Row-major values: float16 bit patterns (Uint16Array) or float32 values (Float32Array). */
  data: Uint16Array | Float32Array;
}

/** Free-text fields written into the model's metadata. */
export interface OnnxGraphInfo {
  /** Producer name stored in the model. */
  producer: string;
  /** Producer version stored in the model. */
  producerVersion: string;
  /** Model doc string. */
  docString: string;
}

function tensorType(elemType: number, dims: (number | string)[]): ProtoWriter {
  const shape = new ProtoWriter();
  for (const dim of dims) {
    const d = new ProtoWriter();
    if (typeof dim === "number") d.varint(1, dim);
    else d.string(2, dim);
    shape.message(1, d);
  }
  const tensor = new ProtoWriter().varint(1, elemType).message(2, shape);
  return new ProtoWriter().message(1, tensor);
}

function valueInfo(name: string, elemType: number, dims: (number | string)[]): ProtoWriter {
  return new ProtoWriter().string(1, name).message(2, tensorType(elemType, dims));
}

function node(
  opType: string,
  name: string,
  inputs: string[],
  outputs: string[],
  intAttributes: Record<string, number> = {},
): ProtoWriter {
  const n = new ProtoWriter();
  for (const input of inputs) n.string(1, input);
  for (const output of outputs) n.string(2, output);
  n.string(3, name).string(4, opType);
  for (const [key, value] of Object.entries(intAttributes)) {
    n.message(5, new ProtoWriter().string(1, key).varint(3, value).varint(20, ATTRIBUTE_INT));
  }
  return n;
}

function rawTensor(name: string, dataType: number, dims: number[], raw: Uint8Array): ProtoWriter {
  const t = new ProtoWriter();
  for (const dim of dims) t.varint(1, dim);
  t.varint(2, dataType).string(8, name).bytes(9, raw);
  return t;
}

function littleEndianBytes(data: Uint16Array | Float32Array | BigInt64Array): Uint8Array {
  // Node runs on little-endian hosts only (x64, arm64), which is ONNX raw_data's byte order.
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

/**
 * Encodes the lookup-table graph as an ONNX ModelProto (IR version 7, opset 13).
 *
 * @example
 * const bytes = encodeLookupModel({ rows: 3, dimensions: 2, data: new Float32Array(6) }, info);
 */
export function encodeLookupModel(table: EmbeddingTable, info: OnnxGraphInfo): Uint8Array {
  if (table.data.length !== table.rows * table.dimensions) {
    throw new Error(
      `Embedding table has ${table.data.length} values, expected rows*dimensions = ${table.rows * table.dimensions}.`,
    );
  }
  const half = table.data instanceof Uint16Array;
  const graph = new ProtoWriter();
  const gathered = half ? "word_vectors_f16" : "word_vectors";
  graph.message(1, node("Gather", "lookup", ["embeddings", "input_ids"], [gathered], { axis: 0 }));
  if (half) graph.message(1, node("Cast", "to_float32", [gathered], ["word_vectors"], { to: FLOAT }));
  graph.message(1, node("Cast", "mask_to_float32", ["attention_mask"], ["mask_f"], { to: FLOAT }));
  graph.message(1, node("Unsqueeze", "mask_last_axis", ["mask_f", "unsqueeze_axes"], ["mask_3d"]));
  graph.message(1, node("Mul", "apply_mask", ["word_vectors", "mask_3d"], ["last_hidden_state"]));
  graph.string(2, "glove_lookup");
  graph.message(
    5,
    rawTensor(
      "embeddings",
      half ? FLOAT16 : FLOAT,
      [table.rows, table.dimensions],
      littleEndianBytes(table.data),
    ),
  );
  graph.message(5, rawTensor("unsqueeze_axes", INT64, [1], littleEndianBytes(BigInt64Array.from([-1n]))));
  graph.message(11, valueInfo("input_ids", INT64, ["batch_size", "sequence_length"]));
  graph.message(11, valueInfo("attention_mask", INT64, ["batch_size", "sequence_length"]));
  graph.message(11, valueInfo("token_type_ids", INT64, ["batch_size", "sequence_length"]));
  graph.message(
    12,
    valueInfo("last_hidden_state", FLOAT, ["batch_size", "sequence_length", table.dimensions]),
  );

  const model = new ProtoWriter();
  model.varint(1, 7); // ir_version
  model.string(2, info.producer).string(3, info.producerVersion);
  model.varint(5, 1); // model_version
  model.string(6, info.docString);
  model.message(7, graph);
  model.message(8, new ProtoWriter().string(1, "").varint(2, 13)); // opset_import: default domain, opset 13
  return model.finish();
}
