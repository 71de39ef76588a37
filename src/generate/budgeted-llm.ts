// Every judge call of a generate run has a token budget and a wall-clock budget, whatever the stage asks for.
import type { z } from "zod";
import type {
  ChoiceProbabilities,
  ChoiceRequest,
  GenerateObjectOptions,
  GenerateObjectResult,
  Llm,
  ScoreChoicesOptions,
} from "../llm/types.js";
import type { JudgePrompt } from "../prompts/types.js";
import type { ModelProvenance } from "../provenance.js";

/** A call's signal: the caller's, and a timeout of `timeoutMs`. */
function budgetSignal(timeoutMs: number, signal: AbortSignal | undefined): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs);
  return signal === undefined ? timeout : AbortSignal.any([signal, timeout]);
}

/**
 * A judge whose calls answer in at most `maxTokens` tokens (a call may ask for fewer) and are aborted after
 * `timeoutMs` milliseconds.
 *
 * @example
 * const judge = new BudgetedLlm(llm, { maxTokens: 512, timeoutMs: 120_000 });
 */
export class BudgetedLlm implements Llm {
  readonly id: string;
  readonly readsChoiceSlots: boolean | undefined;
  readonly followsPlans: boolean | undefined;
  readonly concurrency: number | undefined;
  readonly scoreChoices?: (
    prompt: JudgePrompt,
    request: ChoiceRequest,
    options?: ScoreChoicesOptions,
  ) => Promise<ChoiceProbabilities>;

  constructor(
    private readonly inner: Llm,
    readonly budget: { maxTokens: number; timeoutMs: number },
  ) {
    this.id = inner.id;
    this.readsChoiceSlots = inner.readsChoiceSlots;
    this.followsPlans = inner.followsPlans;
    this.concurrency = inner.concurrency;
    const scoreChoices = inner.scoreChoices?.bind(inner);
    if (scoreChoices !== undefined) {
      this.scoreChoices = (prompt, request, options) =>
        scoreChoices(prompt, request, {
          ...options,
          signal: budgetSignal(budget.timeoutMs, options?.signal),
        });
    }
  }

  generateObject<S extends z.ZodType>(
    prompt: JudgePrompt,
    schema: S,
    options?: GenerateObjectOptions,
  ): Promise<GenerateObjectResult<z.output<S>>> {
    const maxTokens = Math.min(options?.maxTokens ?? this.budget.maxTokens, this.budget.maxTokens);
    return this.inner.generateObject(prompt, schema, {
      ...options,
      maxTokens,
      signal: budgetSignal(this.budget.timeoutMs, options?.signal),
    });
  }

  provenance(): ModelProvenance {
    return this.inner.provenance();
  }
}
