import path from "node:path";
import { fileURLToPath } from "node:url";

/** Repo root. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** Gitignored folder where test models are generated (deterministically) before tests. */
export const testModelsDir = path.join(repoRoot, ".test-models");
/** Tiny random-weight llama GGUF with a byte-fallback SentencePiece vocabulary. */
export const tinyGgufPath = path.join(testModelsDir, "tiny-llama.gguf");
/** The same tiny llama with a chat template in its metadata (the chat prompt format). */
export const tinyChatGgufPath = path.join(testModelsDir, "tiny-llama-chat.gguf");
/** Tiny ONNX encoder directory in the transformers.js layout (config.json, tokenizer.json, onnx/model.onnx). */
export const tinyEncoderDir = path.join(testModelsDir, "tiny-encoder");
/** The built starter GloVe encoder (issue 5), built into the gitignored models/ folder. */
export const starterModelDir = path.join(repoRoot, "models", "starter", "glove-100d");
/** Optional real pretrained GGUF (stories260K) named by AIRGAP_EVAL_TEST_GGUF. */
export const extraGgufPath: string | undefined = process.env.AIRGAP_EVAL_TEST_GGUF || undefined;
