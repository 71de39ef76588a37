import { InvalidInputError } from "../errors.js";
import type {
  Evaluator,
  EvaluatorInputs,
  EvaluatorOutput,
  RunOptions,
} from "./shared/base/evaluator-runner.js";

/** Each evaluator's output, keyed by the name it was added under. */
export type PipelineOutput<E extends Record<string, Evaluator<unknown>>> = {
  [K in keyof E]: E[K] extends Evaluator<infer R> ? EvaluatorOutput<R> : never;
};

/** Options of {@link runEvaluators}. */
export interface PipelineRunOptions extends RunOptions {
  /** Inputs for one evaluator only, by evaluator name; they override the shared inputs. Defaults to none. */
  perEvaluator?: Record<string, EvaluatorInputs>;
}

/**
 * Runs several Haystack-style evaluators over shared inputs: each evaluator receives the inputs it
 * names (`inputNames`), and evaluators run one after another (they usually share one judge). Before
 * anything runs, every evaluator's inputs are checked: present, and valid for that evaluator (its
 * `validateInputs`: list lengths, item types, empty strings), so a bad input for the last evaluator
 * throws `InvalidInputError` before the first one spends any judge time.
 *
 * @example
 * const results = await runEvaluators(
 *   { context_relevance: new ContextRelevanceEvaluator({ llm }), faithfulness: new FaithfulnessEvaluator({ llm }) },
 *   { questions, contexts, predictedAnswers },
 * );
 * console.log(results.faithfulness.score, results.context_relevance.individualScores);
 */
export async function runEvaluators<E extends Record<string, Evaluator<unknown>>>(
  evaluators: E,
  inputs: EvaluatorInputs,
  options: PipelineRunOptions = {},
): Promise<PipelineOutput<E>> {
  const names = Object.keys(evaluators);
  const unknown = Object.keys(options.perEvaluator ?? {}).filter((n) => !names.includes(n));
  if (unknown.length > 0) {
    throw new InvalidInputError(
      `names no evaluator: ${unknown.join(", ")} (evaluators: ${names.join(", ")})`,
      {
        field: "perEvaluator",
      },
    );
  }
  const plan = names.map((name) => {
    const evaluator = evaluators[name]!;
    const merged: EvaluatorInputs = { ...inputs, ...options.perEvaluator?.[name] };
    const picked: EvaluatorInputs = {};
    for (const input of evaluator.inputNames) {
      const value = merged[input];
      if (value === undefined) {
        throw new InvalidInputError(
          `evaluator "${name}" needs the input "${input}"; pass it in the shared inputs or in perEvaluator.${name}`,
          { field: input },
        );
      }
      Object.assign(picked, { [input]: value });
    }
    return { name, evaluator, picked };
  });
  for (const { name, evaluator, picked } of plan) validateFor(name, evaluator, picked);
  const out: Record<string, EvaluatorOutput<unknown>> = {};
  for (const { name, evaluator, picked } of plan) {
    out[name] = await evaluator.run(picked, options.signal !== undefined ? { signal: options.signal } : {});
  }
  return out as PipelineOutput<E>;
}

/** Runs one evaluator's `validateInputs`, adding the evaluator's name to an `InvalidInputError`. */
function validateFor(name: string, evaluator: Evaluator<unknown>, inputs: EvaluatorInputs): void {
  try {
    evaluator.validateInputs?.(inputs);
  } catch (err) {
    if (!(err instanceof InvalidInputError)) throw err;
    const named = new InvalidInputError(
      `evaluator "${name}" cannot run, so no evaluator was started: ${err.message}`,
      {},
      { cause: err },
    );
    // Keep the row and field of the original error for callers that read them.
    throw Object.assign(named, { row: err.row, line: err.line, field: err.field, file: err.file });
  }
}
