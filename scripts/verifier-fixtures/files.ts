import path from "node:path";

/** The ONNX file a verifier fixture is written to, inside its directory: int8 `onnx/model_quantized.onnx` (the file the loader prefers), else float32 `onnx/model.onnx`. */
export const fixtureOnnxFile = (quantized = false) =>
  path.join("onnx", quantized ? "model_quantized.onnx" : "model.onnx");
