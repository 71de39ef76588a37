// The public names of the group "Judge LLM" (src/index.ts re-exports this file; docs/api.md lists the groups):
// the Llm interface, the llama.cpp runtime and the cached wrapper.

export { CachedLlm } from "../llm/cached-llm.js";
export {
  type CpuBuildOption,
  type GpuOption,
  LlamaCppLlm,
  type LlamaCppLlmOptions,
  type PromptFormat,
} from "../llm/llama-cpp-llm.js";
export type {
  AnswerPart,
  ChoiceProbabilities,
  ChoiceRequest,
  ChoiceSlot,
  GenerateObjectOptions,
  GenerateObjectResult,
  Llm,
  LlmStats,
  ScoreChoicesOptions,
  SlotProbabilities,
  TokenUsage,
} from "../llm/types.js";
export { renderPrompt } from "../prompts/render.js";
export type { JudgePrompt, PromptExample, PromptTemplate } from "../prompts/types.js";
