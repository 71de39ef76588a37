import type { z } from "zod";
import type { JudgePrompt } from "../prompts/types.js";
import type { ModelProvenance } from "../provenance.js";

/** Per-call generation options. Unset fields fall back to the Llm's own defaults. */
export interface GenerateObjectOptions {
  /** Token budget for the answer. Defaults to the implementation's default (LlamaCppLlm: 512). */
  maxTokens?: number;
  /** Sampling temperature; 0 is greedy. Defaults to the Llm's `temperature`. */
  temperature?: number;
  /** Sampling seed, used when temperature > 0. Defaults to the Llm's `seed`. */
  seed?: number;
  /** Aborts the call. Defaults to none. */
  signal?: AbortSignal;
}

/** Tokens spent on one call. */
export interface TokenUsage {
  /** Tokens of the whole rendered prompt. */
  promptTokens: number;
  /** Tokens of the answer. */
  completionTokens: number;
  /**
   * Prompt tokens actually run through the model for this call: fewer than `promptTokens` when a kept prompt start
   * was reused, 0 when the judge's in-memory memo answered. Absent when the implementation does not say; a disk
   * cache hit (`CachedLlm`) returns the count of the call that filled the cache.
   */
  evaluatedPromptTokens?: number;
}

/** Work done by a judge since it was loaded (see `LlamaCppLlm.stats()`). */
export interface LlmStats {
  /** `generateObject` calls that reached the model's queue (valid options, prompt fits). */
  calls: number;
  /** Calls answered from memory or by an identical call running at the same time. */
  memoHits: number;
  /** Sum of the rendered prompts' tokens over all calls. */
  promptTokens: number;
  /** Prompt tokens actually run through the model. */
  evaluatedPromptTokens: number;
  /** Answer tokens actually generated. */
  completionTokens: number;
}

/** A judge's answer: an object valid against the schema, and what it cost. */
export interface GenerateObjectResult<T> {
  value: T;
  usage: TokenUsage;
}

/**
 * A judge LLM that answers a structured prompt with an object valid against a zod schema.
 * Metrics receive one; they never construct it. Implement it to plug in your own judge.
 *
 * @example
 * const { value } = await llm.generateObject(prompt, z.object({ verdict: z.literal([0, 1]) }));
 */
export interface Llm {
  /** Model id or path, for results and cache keys. */
  readonly id: string;
  /**
   * Generates one object. Throws `JudgeOutputError` when no valid object could be produced,
   * and `ContextOverflowError` when the prompt does not fit the context window.
   */
  generateObject<S extends z.ZodType>(
    prompt: JudgePrompt,
    schema: S,
    options?: GenerateObjectOptions,
  ): Promise<GenerateObjectResult<z.output<S>>>;
  /** How the model was made and configured. */
  provenance(): ModelProvenance;
  /** Parallel calls this judge serves at once (more calls queue). Defaults to 1 when absent. */
  readonly concurrency?: number | undefined;
}
