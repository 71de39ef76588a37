import type { LlmStats } from "./types.js";

/** What the model did for one call that ran (not answered by the memo). */
export interface CallWork {
  /** Tokens of the rendered prompt. */
  promptTokens: number;
  /** Prompt tokens run through the model; the rest came from the sequence's kept state. */
  evaluatedPromptTokens: number;
  /** Answer tokens generated one forward pass each. */
  generatedTokens: number;
  /** Answer tokens written from a plan's known parts and evaluated in batches. */
  prefilledTokens?: number;
}

/**
 * The work a judge did since it was loaded, counted per call: calls, prompt tokens (evaluated and reused from a kept
 * prompt start), answer tokens generated and prefilled. Counts, not times: they do not move with the machine's load,
 * so two runs on a busy machine compare by them.
 *
 * @example
 * const work = new WorkCounter();
 * work.call(600);
 * work.ran({ promptTokens: 600, evaluatedPromptTokens: 40, generatedTokens: 55 });
 * work.totals(0); // { calls: 1, promptTokens: 600, evaluatedPromptTokens: 40, reusedPromptTokens: 560, ... }
 */
export class WorkCounter {
  private readonly counts = {
    calls: 0,
    promptTokens: 0,
    evaluatedPromptTokens: 0,
    reusedPromptTokens: 0,
    completionTokens: 0,
    prefilledTokens: 0,
  };

  /** A call reached the model's queue with a prompt of `promptTokens` tokens (memo hits included). */
  call(promptTokens: number): void {
    this.counts.calls += 1;
    this.counts.promptTokens += promptTokens;
  }

  /** The model ran a call (a memo hit does not). */
  ran(work: CallWork): void {
    this.counts.evaluatedPromptTokens += work.evaluatedPromptTokens;
    this.counts.reusedPromptTokens += work.promptTokens - work.evaluatedPromptTokens;
    this.counts.completionTokens += work.generatedTokens;
    this.counts.prefilledTokens += work.prefilledTokens ?? 0;
  }

  /** The totals so far, with the memo's hits. */
  totals(memoHits: number): LlmStats {
    return { ...this.counts, memoHits };
  }
}
