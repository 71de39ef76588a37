import path from "node:path";
import { fileURLToPath } from "node:url";

/** Repo root. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** Gitignored folder where test models are generated (deterministically) before tests. */
export const testModelsDir = path.join(repoRoot, ".test-models");
/** Tiny random-weight llama GGUF with a byte-fallback SentencePiece vocabulary. */
export const tinyGgufPath = path.join(testModelsDir, "tiny-llama.gguf");
/** Tiny ONNX encoder directory in the transformers.js layout (config.json, tokenizer.json, onnx/model.onnx). */
export const tinyEncoderDir = path.join(testModelsDir, "tiny-encoder");
/** The built starter GloVe encoder (issue 5), built into the gitignored models/ folder. */
export const starterModelDir = path.join(repoRoot, "models", "starter", "glove-100d");
/** Optional real pretrained GGUF (stories260K) named by AIRGAP_EVAL_TEST_GGUF. */
export const extraGgufPath: string | undefined = process.env.AIRGAP_EVAL_TEST_GGUF || undefined;

/** The GGUF judges every judge-step test runs on: the two generated tiny llamas, and stories260K when named. */
export const judgeTestGgufs: ReadonlyArray<[label: string, modelPath: string | undefined]> = [
  ["tiny-llama", tinyGgufPath],
  ["tiny-llama-chat", path.join(testModelsDir, "tiny-llama-chat.gguf")],
  ["stories260K", extraGgufPath],
];
