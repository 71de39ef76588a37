/**
 * The judge's work per row, as counts that do not move with the machine's load: judge calls, prompt tokens (evaluated,
 * i.e. prefill, and reused from a kept prompt start), answer tokens generated one forward pass each and answer tokens
 * written from a `prefill` plan. Read from `LlamaCppLlm.stats()` before and after a run, and per judge step (prompt
 * name) from each call's `usage` by {@link recordingSteps}.
 *
 * @example
 * const before = llm.stats();
 * await evaluate(rows, metrics);
 * const work = workPerRow(before, llm.stats(), rows.length);
 */
import type { LlamaCppLlm } from "../../src/llm/llama-cpp-llm.js";
import type { LlmStats, TokenUsage } from "../../src/llm/types.js";
import type { JudgePrompt } from "../../src/prompts/types.js";

/** The counts of {@link LlmStats} (without memo hits: the bench runs with the memo off), per row. */
export type JudgeWork = Omit<LlmStats, "memoHits">;

/** The work counts in table order, with their column heads. */
export const WORK_COLUMNS: ReadonlyArray<readonly [keyof JudgeWork, string]> = [
  ["calls", "judge calls"],
  ["promptTokens", "prompt tok"],
  ["evaluatedPromptTokens", "prefill tok (evaluated)"],
  ["reusedPromptTokens", "reused tok (kept start)"],
  ["completionTokens", "generated tok"],
  ["prefilledTokens", "plan tok (batched)"],
];

/** `(after − before) / rows` for every count. */
export function workPerRow(before: LlmStats, after: LlmStats, rows: number): JudgeWork {
  return Object.fromEntries(
    WORK_COLUMNS.map(([key]) => [key, (after[key] - before[key]) / rows]),
  ) as unknown as JudgeWork;
}

/** The sum of several runs' work. */
export function addWork(list: readonly JudgeWork[]): JudgeWork {
  return Object.fromEntries(
    WORK_COLUMNS.map(([key]) => [key, list.reduce((s, w) => s + w[key], 0)]),
  ) as unknown as JudgeWork;
}

/** One call's work, from its `usage`. */
export function workOfCall(usage: TokenUsage): JudgeWork {
  const evaluated = usage.evaluatedPromptTokens ?? usage.promptTokens;
  return {
    calls: 1,
    promptTokens: usage.promptTokens,
    evaluatedPromptTokens: evaluated,
    reusedPromptTokens: usage.promptTokens - evaluated,
    completionTokens: usage.completionTokens,
    prefilledTokens: usage.prefilledTokens ?? 0,
  };
}

/** One judge call as a step: the prompt's name (e.g. `faithfulness/verdicts`) and its work. */
export interface StepWork {
  step: string;
  work: JudgeWork;
}

/** `llm` with the work of every `generateObject` and `scoreChoices` call recorded into `steps`. */
export function recordingSteps(llm: LlamaCppLlm, steps: StepWork[]): LlamaCppLlm {
  return new Proxy(llm, {
    get(target, property) {
      if (property === "generateObject" || property === "scoreChoices") {
        return async (prompt: JudgePrompt, ...rest: unknown[]) => {
          const call = Reflect.get(target, property, target) as (
            ...args: unknown[]
          ) => Promise<{ usage: TokenUsage }>;
          const result = await call.call(target, prompt, ...rest);
          steps.push({ step: prompt.name, work: workOfCall(result.usage) });
          return result;
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** Per step name, in first-seen order: the summed work of its calls divided by `rows`. */
export function workByStep(steps: readonly StepWork[], rows: number): StepWork[] {
  const names = [...new Set(steps.map((s) => s.step))];
  return names.map((step) => {
    const total = addWork(steps.filter((s) => s.step === step).map((s) => s.work));
    return { step, work: scaleWork(total, 1 / rows) };
  });
}

/** Every count times `factor`. */
export function scaleWork(work: JudgeWork, factor: number): JudgeWork {
  return Object.fromEntries(WORK_COLUMNS.map(([key]) => [key, work[key] * factor])) as unknown as JudgeWork;
}
