/**
 * The judge LLM layer: the {@link Llm} interface and its node-llama-cpp implementation.
 *
 * @example
 * import { LlamaCppLlm } from "./llm/index.js";
 * await using llm = await LlamaCppLlm.load({ modelPath: "judge.gguf" });
 */

export { CachedLlm } from "./cached-llm.js";
export { toChatHistory } from "./chat-prompt.js";
export { formatCompletionPrompt } from "./completion-prompt.js";
export { checkGgufFile, type GgufFileSummary } from "./gguf-check.js";
export { zodToGrammarSchema } from "./json-schema.js";
export { LlamaCppLlm, type LlamaCppLlmOptions, type PromptFormat } from "./llama-cpp-llm.js";
export type { GenerateObjectOptions, GenerateObjectResult, Llm, LlmStats, TokenUsage } from "./types.js";
