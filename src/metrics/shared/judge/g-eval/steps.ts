// The evaluation steps of a G-Eval metric: the ones the user gave, or the judge's, asked once per metric instance.
import type { JudgeUsage } from "../judge.js";

/** The steps a metric scores by, where they came from, and what asking for them cost. */
export interface EvaluationStepsResult {
  steps: string[];
  source: "given" | "generated";
  usage: JudgeUsage | undefined;
}

/**
 * Holds a metric's evaluation steps: the given ones, or those `ask` gets from the judge on first use and every row
 * then shares. A failed attempt is forgotten, so the next row asks again.
 *
 * @example
 * const steps = new EvaluationSteps(undefined, (signal) => askSteps(llm, stepsPrompt, input, settings, signal));
 * (await steps.get()).steps; // ["Read the reply ...", ...]
 */
export class EvaluationSteps {
  private pending: Promise<EvaluationStepsResult> | undefined;

  constructor(
    private readonly given: readonly string[] | undefined,
    private readonly ask: (
      signal: AbortSignal | undefined,
    ) => Promise<{ steps: string[]; usage: JudgeUsage }>,
  ) {}

  /** The steps: the given ones, or the judge's (asked once; a failed attempt is retried by the next call). */
  get(signal?: AbortSignal): Promise<EvaluationStepsResult> {
    if (this.pending === undefined) {
      this.pending =
        this.given !== undefined
          ? Promise.resolve({ steps: [...this.given], source: "given", usage: undefined })
          : this.ask(signal).then((s) => ({ ...s, source: "generated" as const }));
      this.pending.catch(() => {
        this.pending = undefined;
      });
    }
    return this.pending;
  }
}
