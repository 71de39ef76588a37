// The judge and the embedder of the promptfoo grader, loaded at first use and shared by every grader instance of the
// process with the same options: promptfoo makes a provider object per assertion, and a model loads once.
import type { Embeddings } from "../embeddings/types.js";
import type { Llm } from "../llm/types.js";
import { defaultModelId, resolveModel } from "../models/resolve.js";
import { SharedCalls } from "../util/shared-calls.js";
import type { PromptfooGraderOptions } from "./grader-options.js";

const judges = new SharedCalls<string, Llm>("until-failure");
const embedders = new SharedCalls<string, Embeddings>("until-failure");

/**
 * The judge of these options: greedy (temperature 0), seed 0, threads passed to llama.cpp explicitly, the portable
 * CPU build, so the same prompt gives the same answer on every run. Rejects with `ModelNotFoundError` (naming
 * `airgap-eval models pull`) when the model is not on this machine.
 */
export function graderJudge(options: PromptfooGraderOptions): Promise<Llm> {
  const { llm = defaultModelId("llm"), modelsDir, threads, contextSize, maxTokens } = options;
  const key = JSON.stringify([llm, modelsDir, threads, contextSize, maxTokens]);
  return judges.share(key, async () => {
    const model = await resolveModel(llm, { kind: "llm", ...(modelsDir !== undefined ? { modelsDir } : {}) });
    const { LlamaCppLlm } = await import("../llm/llama-cpp-llm.js");
    return LlamaCppLlm.load({
      model,
      temperature: 0,
      seed: 0,
      ...(threads !== undefined ? { threads } : {}),
      ...(contextSize !== undefined ? { contextSize } : {}),
      ...(maxTokens !== undefined ? { maxTokens } : {}),
    });
  });
}

/** The embedder of these options (`answer-relevance`, `similar`). */
export function graderEmbeddings(options: PromptfooGraderOptions): Promise<Embeddings> {
  const { embeddings = defaultModelId("embedding"), modelsDir } = options;
  return embedders.share(JSON.stringify([embeddings, modelsDir]), async () => {
    const model = await resolveModel(embeddings, {
      kind: "embedding",
      ...(modelsDir !== undefined ? { modelsDir } : {}),
    });
    const { TransformersEmbeddings } = await import("../embeddings/transformers-embeddings.js");
    return TransformersEmbeddings.load({ model });
  });
}
