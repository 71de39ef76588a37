import type { z } from "zod";
import { checkJudgeAnswer } from "../../llm/judge-output.js";
import type { Llm } from "../../llm/types.js";
import { renderPrompt } from "../../prompts/render.js";
import type { PromptTemplate } from "../../prompts/types.js";

/** Generation settings every judge call of a metric uses. */
export interface JudgeSettings {
  /** Sampling temperature passed to every call. */
  temperature: number;
  /** Token budget per answer; undefined leaves the Llm's default. */
  maxTokens: number | undefined;
  /** Sampling seed for temperature > 0; undefined leaves the Llm's default. */
  seed?: number;
}

/** Tokens and calls spent on one sample, reported in `details.usage`. */
export interface JudgeUsage {
  calls: number;
  promptTokens: number;
  completionTokens: number;
}

/** Creates an empty usage counter. */
export function newUsage(): JudgeUsage {
  return { calls: 0, promptTokens: 0, completionTokens: 0 };
}

/**
 * Renders `template` with `input`, asks the judge for an object valid against `schema` (the
 * template's schema unless a stricter one is given, e.g. one with a fixed array length), checks the
 * answer again with zod (third-party Llm implementations may not), and adds the cost to `usage`.
 * Throws `JudgeOutputError` for an answer that does not match, and lets `ContextOverflowError` through.
 */
export async function askJudge<I, O>(
  llm: Llm,
  template: PromptTemplate<I, O>,
  input: I,
  settings: JudgeSettings,
  usage: JudgeUsage,
  signal: AbortSignal | undefined,
  schema: z.ZodType<O> = template.outputSchema,
): Promise<O> {
  const prompt = renderPrompt(template, input);
  const result = await llm.generateObject(prompt, schema, {
    temperature: settings.temperature,
    ...(settings.maxTokens !== undefined ? { maxTokens: settings.maxTokens } : {}),
    ...(settings.seed !== undefined ? { seed: settings.seed } : {}),
    ...(signal !== undefined ? { signal } : {}),
  });
  usage.calls += 1;
  usage.promptTokens += result.usage.promptTokens;
  usage.completionTokens += result.usage.completionTokens;
  return checkJudgeAnswer(schema, result.value, template.name);
}
