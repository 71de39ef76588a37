// Generates the test models (deterministic, gitignored) once before all tests.
import { mkdirSync } from "node:fs";
import { buildStarterModel } from "../../scripts/build-starter-model.js";
import { writeTinyGguf } from "../../scripts/tiny-gguf.js";
import { writeTinyOnnxEncoder } from "../../scripts/tiny-onnx-encoder.js";
import { starterModelDir, testModelsDir, tinyEncoderDir, tinyGgufPath } from "./paths.js";

export default async function setup(): Promise<void> {
  mkdirSync(testModelsDir, { recursive: true });
  await writeTinyGguf(tinyGgufPath);
  await writeTinyOnnxEncoder(tinyEncoderDir);
  await buildStarterModel(starterModelDir);
}
