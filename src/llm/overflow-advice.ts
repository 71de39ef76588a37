import { ContextOverflowError } from "../errors.js";
import { adviceStyle } from "../util/advice-style.js";

/** What did not fit: the prompt's tokens, the judge's window and the answer budget the call reserved. */
export interface OverflowFacts {
  promptTokens: number;
  contextSize: number;
  /** The call's answer budget (maxTokens); absent for a choice call, which has none. */
  answerTokens?: number | undefined;
}

/** The metric an overflow happened in, so the advice can name the option that sets its answer budget. */
export interface OverflowMetric {
  /** The metric's name in results, e.g. `answer_relevancy`, or a defined judge's own id. */
  name: string;
  /** The catalog id whose options it takes (`aspect_critic` for a judge defined as one). Defaults to `name`. */
  kind?: string;
  /** Whether its options include `maxTokens`. Defaults to true. */
  takesMaxTokens?: boolean;
}

/**
 * The values of the advice that a user pastes, by the words before them, and which of several rows' values fixes
 * them all: the largest context size, the smallest answer budget. A summary that groups the rows of one overflow
 * shows that one value, not a range (see `ProblemGrouper`).
 */
export const pasteableAdviceValues: ReadonlyArray<{ before: RegExp; fixesAll: "min" | "max" }> = [
  { before: /(--context-size |contextSize: )$/, fixesAll: "max" },
  { before: /maxTokens(=|: )$/, fixesAll: "min" },
];

/** Context sizes are suggested in steps of this many tokens. */
const contextStep = 1024;
/** An answer budget below this is too small for a judge's JSON answer, so it is not suggested. */
const smallestUsefulBudget = 32;

/** The context size to suggest: the prompt plus its answer budget, rounded up to a multiple of 1024. */
export function suggestedContextSize(facts: OverflowFacts): number {
  const needed = facts.promptTokens + (facts.answerTokens ?? 0);
  return Math.ceil(needed / contextStep) * contextStep;
}

/** The largest answer budget that fits this prompt in the current window, when the call had a budget and it is useful. */
export function fittingAnswerBudget(facts: OverflowFacts): number | undefined {
  if (facts.answerTokens === undefined) return undefined;
  const room = facts.contextSize - facts.promptTokens;
  return room >= smallestUsefulBudget && room < facts.answerTokens ? room : undefined;
}

function cliBudgetAdvice(budget: number, metric: OverflowMetric | undefined): string {
  if (metric === undefined) return `--metric-option <metric>.maxTokens=${budget}`;
  const kind = metric.kind ?? metric.name;
  if (kind === metric.name) return `--metric-option ${kind}.maxTokens=${budget}`;
  return `maxTokens: ${budget} in the definition of ${metric.name} (its --metric-file entry; --metric-option ${kind}.maxTokens=${budget} when --metric-option defines it)`;
}

/**
 * What to do about an overflow, in the process's advice style (see `setAdviceStyle`): a larger context (with a
 * suggested size that fits this prompt and its answer budget), a smaller answer budget (the largest that fits, when
 * one is useful, named as the metric's option), or a shorter input.
 *
 * @example
 * overflowAdvice({ promptTokens: 1573, contextSize: 2048, answerTokens: 512 }, { name: "answer_relevancy" });
 * // CLI: "To fix it: pass --context-size 3072, or --metric-option answer_relevancy.maxTokens=475, or shorten the input."
 */
export function overflowAdvice(facts: OverflowFacts, metric?: OverflowMetric): string {
  const size = suggestedContextSize(facts);
  const fitting = metric?.takesMaxTokens === false ? undefined : fittingAnswerBudget(facts);
  const fixes: string[] = [];
  if (adviceStyle() === "cli") {
    fixes.push(`pass --context-size ${size}`);
    if (fitting !== undefined) fixes.push(cliBudgetAdvice(fitting, metric));
  } else {
    fixes.push(`load the judge with contextSize: ${size} (LlamaCppLlm.load({ contextSize: ${size} }))`);
    if (fitting !== undefined) {
      fixes.push(
        metric === undefined
          ? `pass maxTokens: ${fitting}`
          : `give ${metric.name} the option maxTokens: ${fitting}`,
      );
    }
  }
  fixes.push("shorten the input");
  return `To fix it: ${fixes.join(", or ")}.`;
}

/**
 * A `ContextOverflowError` whose message is `detail` followed by the advice (see {@link overflowAdvice}); `detail`
 * stays on the error, so a wrapper can restate it without repeating the advice.
 *
 * @example
 * throw overflowError(`Prompt "x" has 1573 tokens ...`, { promptTokens: 1573, contextSize: 2048, answerTokens: 512 });
 */
export function overflowError(
  detail: string,
  facts: OverflowFacts,
  options: { cause?: unknown; metric?: OverflowMetric } = {},
): ContextOverflowError {
  return new ContextOverflowError(
    `${detail} ${overflowAdvice(facts, options.metric)}`,
    facts.promptTokens,
    facts.contextSize,
    {
      detail,
      ...(facts.answerTokens !== undefined ? { answerTokens: facts.answerTokens } : {}),
      ...(options.cause !== undefined ? { cause: options.cause } : {}),
    },
  );
}

/** The facts an overflow error carries. */
export function factsOf(err: ContextOverflowError): OverflowFacts {
  return { promptTokens: err.promptTokens, contextSize: err.contextSize, answerTokens: err.answerTokens };
}

/**
 * Restates an overflow for the metric it happened in: the same detail, advice naming that metric's option.
 *
 * @example
 * catch (err) { if (err instanceof ContextOverflowError) return errorRow(forMetric(err, { name: "faithfulness" })); }
 */
export function forMetric(err: ContextOverflowError, metric: OverflowMetric): ContextOverflowError {
  return overflowError(err.detail, factsOf(err), { cause: err, metric });
}
