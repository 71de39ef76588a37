import type { z } from "zod";
import { askJudge, newUsage } from "../../metrics/shared/judge/judge.js";
import type { PromptTemplate } from "../../prompts/types.js";
import type { GenerationContext } from "../stage.js";

/** Thrown when one judge call outlives `ctx.callBudget.timeoutMs`; the row is then rejected as `failed`. */
export class CallTimeoutError extends Error {
  constructor(
    readonly prompt: string,
    readonly timeoutMs: number,
  ) {
    super(
      `the judge call "${prompt}" took longer than ${timeoutMs} ms (callBudget.timeoutMs); raise the timeout or use a faster judge`,
    );
    this.name = "CallTimeoutError";
  }
}

/** Sampling of one call: 0 for the filters' verdicts, above 0 (with a per-row seed) for writing questions. */
export interface CallSampling {
  temperature: number;
  seed?: number;
}

/**
 * Asks the judge under the run's per-call budget: at most `ctx.callBudget.maxTokens` answer tokens, and an abort
 * after `ctx.callBudget.timeoutMs` combined with `ctx.signal`. A timeout becomes a {@link CallTimeoutError}; an
 * abort of `ctx.signal` itself is passed on unchanged (the run is stopping, the row is not at fault).
 */
export async function askWithinBudget<I, O>(
  ctx: GenerationContext,
  template: PromptTemplate<I, O>,
  input: I,
  sampling: CallSampling,
  schema: z.ZodType<O> = template.outputSchema,
): Promise<O> {
  const timer = AbortSignal.timeout(ctx.callBudget.timeoutMs);
  const signal = ctx.signal !== undefined ? AbortSignal.any([ctx.signal, timer]) : timer;
  try {
    return await askJudge(
      ctx.llm,
      template,
      input,
      {
        temperature: sampling.temperature,
        maxTokens: ctx.callBudget.maxTokens,
        ...(sampling.seed !== undefined ? { seed: sampling.seed } : {}),
      },
      newUsage(),
      signal,
      schema,
    );
  } catch (error) {
    if (timer.aborted && ctx.signal?.aborted !== true)
      throw new CallTimeoutError(template.name, ctx.callBudget.timeoutMs);
    throw error;
  }
}
