/**
 * How a classifier graph stores and applies its weights: as float32 (`onnx/model.onnx`), or dynamically quantized to
 * int8 the way onnxruntime's `quantize_dynamic` (and optimum's int8 export, and so the `onnx/model_quantized.onnx`
 * files of transformers.js repositories) writes them:
 *
 * ```text
 * Linear (MatMul by a weight W [in, out]):
 *   W as int8, symmetric per output channel: W ≈ W_int8 * W_scale[out], W_zero_point[out] = 0
 *   DynamicQuantizeLinear(x) -> x_uint8, x_scale, x_zero_point      (once per activation, shared by q/k/v)
 *   Mul(x_scale, W_scale) -> scale[out]
 *   MatMulInteger(x_uint8, W_int8, x_zero_point, W_zero_point) -> int32
 *   Cast(float) then Mul(scale) -> output                           (onnxruntime fuses this chain at load)
 * Embedding table (Gather): the table as int8 per tensor, Gather then DequantizeLinear.
 * ```
 *
 * The activation × activation MatMuls of attention (scores and context) stay float32 here; they are a small part of
 * the work at these sizes (sequence length ÷ 12 hidden sizes of the weight MatMuls per layer).
 */
import onnxProto from "onnx-proto";
import { bytesOf, floatTensor, intAttribute, node } from "../tiny-onnx-encoder.js";

const { onnx } = onnxProto;
type Tensor = InstanceType<typeof onnx.TensorProto>;
type NodeProto = InstanceType<typeof onnx.NodeProto>;

const int8Tensor = (name: string, dims: number[], data: Int8Array): Tensor =>
  onnx.TensorProto.create({ name, dims, dataType: onnx.TensorProto.DataType.INT8, rawData: bytesOf(data) });

/** The int8 code of `value / scale`, symmetric: [-127, 127]. */
const toInt8 = (value: number, scale: number) => Math.max(-127, Math.min(127, Math.round(value / scale)));

/** Symmetric per-column int8 quantization of a row-major `[rows, cols]` matrix: `w[r][c] ≈ q[r][c] * scale[c]`. */
export function quantizePerColumn(
  data: Float32Array,
  rows: number,
  cols: number,
): { q: Int8Array; scale: Float32Array } {
  const scale = new Float32Array(cols);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) scale[c] = Math.max(scale[c]!, Math.abs(data[r * cols + c]!));
  for (let c = 0; c < cols; c++) scale[c] = scale[c]! > 0 ? scale[c]! / 127 : 1;
  const q = new Int8Array(data.length);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) q[r * cols + c] = toInt8(data[r * cols + c]!, scale[c]!);
  return { q, scale };
}

/** Writes a graph's weights into `init` and the ops that apply them into `nodes`, float32 or int8. */
export interface WeightWriter {
  /** `out = table[indices]` (an embedding lookup along axis 0). */
  gather(table: string, dims: [number, number], data: Float32Array, indices: string, out: string): void;
  /** `out = x · weight` with `weight` `[in, out]` (a Linear layer without its bias). */
  linear(x: string, weight: string, dims: [number, number], data: Float32Array, out: string): void;
}

/** A {@link WeightWriter}: float32 initializers and plain ops, or int8 as onnxruntime's dynamic quantization does. */
export function weightWriter(init: Tensor[], nodes: NodeProto[], quantized: boolean): WeightWriter {
  if (!quantized)
    return {
      gather(table, dims, data, indices, out) {
        init.push(floatTensor(table, dims, data));
        nodes.push(node("Gather", [table, indices], [out], [intAttribute("axis", 0)]));
      },
      linear(x, weight, dims, data, out) {
        init.push(floatTensor(weight, dims, data));
        nodes.push(node("MatMul", [x, weight], [out]));
      },
    };
  const dynamic = new Set<string>();
  return {
    gather(table, dims, data, indices, out) {
      let maxAbs = 0;
      for (const v of data) maxAbs = Math.max(maxAbs, Math.abs(v));
      const scale = Math.fround(maxAbs > 0 ? maxAbs / 127 : 1);
      init.push(
        int8Tensor(
          `${table}_quantized`,
          dims,
          Int8Array.from(data, (v) => toInt8(v, scale)),
        ),
        floatTensor(`${table}_scale`, [], Float32Array.of(scale)),
        int8Tensor(`${table}_zero_point`, [], Int8Array.of(0)),
      );
      nodes.push(
        node("Gather", [`${table}_quantized`, indices], [`${out}_quantized`], [intAttribute("axis", 0)]),
        node("DequantizeLinear", [`${out}_quantized`, `${table}_scale`, `${table}_zero_point`], [out]),
      );
    },
    linear(x, weight, dims, data, out) {
      if (!dynamic.has(x)) {
        dynamic.add(x);
        nodes.push(node("DynamicQuantizeLinear", [x], [`${x}_quantized`, `${x}_scale`, `${x}_zero_point`]));
      }
      const { q, scale } = quantizePerColumn(data, dims[0], dims[1]);
      init.push(
        int8Tensor(`${weight}_quantized`, dims, q),
        floatTensor(`${weight}_scale`, [dims[1]], scale),
        int8Tensor(`${weight}_zero_point`, [dims[1]], new Int8Array(dims[1])),
      );
      nodes.push(
        node("Mul", [`${x}_scale`, `${weight}_scale`], [`${out}_scale`]),
        node(
          "MatMulInteger",
          [`${x}_quantized`, `${weight}_quantized`, `${x}_zero_point`, `${weight}_zero_point`],
          [`${out}_int32`],
        ),
        node(
          "Cast",
          [`${out}_int32`],
          [`${out}_float`],
          [intAttribute("to", onnx.TensorProto.DataType.FLOAT)],
        ),
        node("Mul", [`${out}_float`, `${out}_scale`], [out]),
      );
    },
  };
}
