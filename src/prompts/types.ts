import type { z } from "zod";

/** One few-shot example shown to the judge: the input it saw and the output it should give. */
export interface PromptExample<I, O> {
  input: I;
  output: O;
}

/**
 * A prompt template: what a metric asks the judge. Metric-agnostic; each metric's `prompt.ts`
 * builds one. `version` goes into every result and every cache key.
 */
export interface PromptTemplate<I, O> {
  /** Stable name, e.g. `faithfulness/statements`. */
  name: string;
  /** Version string; bump it whenever the instruction, examples or schema change. */
  version: string;
  /** The system instruction. */
  instruction: string;
  /** The judge's output schema; it becomes the llama.cpp grammar. */
  outputSchema: z.ZodType<O>;
  /** Few-shot examples, shown as earlier user/assistant turns. */
  examples: ReadonlyArray<PromptExample<I, O>>;
  /** Renders an input for the judge. Defaults to pretty JSON. */
  formatInput?: (input: I) => string;
}

/**
 * A rendered, structured prompt, ready for an {@link Llm}: the system instruction, few-shot
 * turns (already as text), and the input. `name`/`version` identify the template for caching.
 */
export interface JudgePrompt {
  name: string;
  version: string;
  system: string;
  examples: ReadonlyArray<{ input: string; output: string }>;
  input: string;
}
