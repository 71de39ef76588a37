import type { z } from "zod";
import { checkJudgeAnswer } from "../../../llm/judge-output.js";
import type { AnswerPart, ChoiceSlot, Llm, SlotProbabilities } from "../../../llm/types.js";
import { renderPrompt } from "../../../prompts/render.js";
import type { PromptTemplate } from "../../../prompts/types.js";

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

/** Where an {@link askJudge} call reports the probabilities read at choice slots, and the answer plan. */
export interface SlotRequest {
  /** The verdict slots to read while the judge writes (see `GenerateObjectOptions.choiceSlots`); may be empty. */
  choiceSlots: readonly ChoiceSlot[];
  /** Receives what the judge reported (undefined when it read nothing). */
  receive: (slots: SlotProbabilities[] | undefined) => void;
  /** Write the answer from this plan (`GenerateObjectOptions.plan`); its choices at `choiceSlots` keys are read. */
  plan?: readonly AnswerPart[];
}

/**
 * Renders `template` with `input`, asks the judge for an object valid against `schema` (the
 * template's schema unless a stricter one is given, e.g. one with a fixed array length), checks the
 * answer again with zod (third-party Llm implementations may not), and adds the cost to `usage`.
 * With `slots`, the judge also reads the probabilities at those choice slots (`choice-verdicts.ts`).
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
  slots?: SlotRequest,
): Promise<O> {
  const prompt = renderPrompt(template, input);
  const result = await llm.generateObject(prompt, schema, {
    temperature: settings.temperature,
    ...(settings.maxTokens !== undefined ? { maxTokens: settings.maxTokens } : {}),
    ...(settings.seed !== undefined ? { seed: settings.seed } : {}),
    ...(signal !== undefined ? { signal } : {}),
    ...(slots !== undefined && slots.choiceSlots.length > 0 ? { choiceSlots: slots.choiceSlots } : {}),
    ...(slots?.plan !== undefined ? { plan: slots.plan } : {}),
  });
  usage.calls += 1;
  usage.promptTokens += result.usage.promptTokens;
  usage.completionTokens += result.usage.completionTokens;
  slots?.receive(result.slots);
  return checkJudgeAnswer(schema, result.value, template.name);
}
