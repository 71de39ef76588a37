// Generates the test models (deterministic, gitignored) once before all tests.
// AIRGAP_EVAL_SKIP_TEST_MODELS=1 skips generation, for quick runs of unit tests that need no model.
import { mkdirSync } from "node:fs";
import { starterModelDir, testModelsDir, tinyChatGgufPath, tinyEncoderDir, tinyGgufPath } from "./paths.js";

export default async function setup(): Promise<void> {
  if (process.env.AIRGAP_EVAL_SKIP_TEST_MODELS === "1") return;
  mkdirSync(testModelsDir, { recursive: true });
  const { writeTinyGguf } = await import("../../scripts/tiny-gguf.js");
  const { writeTinyOnnxEncoder } = await import("../../scripts/tiny-onnx-encoder.js");
  const { buildStarterModel } = await import("../../scripts/build-starter-model.js");
  await writeTinyGguf(tinyGgufPath);
  await writeTinyGguf(tinyChatGgufPath, { chatTemplate: true });
  await writeTinyOnnxEncoder(tinyEncoderDir);
  await buildStarterModel(starterModelDir);
}
