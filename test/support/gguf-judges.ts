// The GGUF judges the verdict tests run on: the generated tiny models and, where AIRGAP_EVAL_TEST_GGUF names it,
// stories260K; each loaded the same way (one thread, no memo, so every call really runs).
import { LlamaCppLlm } from "../../src/llm/llama-cpp-llm.js";
import { extraGgufPath, tinyChatGgufPath, tinyGgufPath } from "../setup/paths.js";

/** Label and path of each test judge; the path is undefined when the model is not on this machine. */
export const ggufTestJudges: ReadonlyArray<readonly [label: string, modelPath: string | undefined]> = [
  ["tiny-llama", tinyGgufPath],
  ["tiny-llama-chat", tinyChatGgufPath],
  ["stories260K", extraGgufPath],
];

/** Loads a test judge: one thread, a 2,048-token window, 200-token answers, no memo. */
export function loadTestJudge(modelPath: string): Promise<LlamaCppLlm> {
  return LlamaCppLlm.load({ modelPath, threads: 1, contextSize: 2048, maxTokens: 200, memoSize: 0 });
}
