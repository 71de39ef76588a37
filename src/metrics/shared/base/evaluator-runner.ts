import type { z } from "zod";
import {
  AirgapEvalError,
  ContextOverflowError,
  InvalidInputError,
  JudgeOutputError,
} from "../../../errors.js";
import { pathText } from "../../../errors-zod.js";
import { factsOf, overflowError } from "../../../llm/overflow-advice.js";
import { meanOfPresent } from "../../../math/mean.js";
import type { HaystackDocument } from "../../../sample/documents.js";
import { errorText } from "../../../util/error-text.js";
import { mapWithConcurrency } from "../../../util/pool.js";
import { mustPropagate } from "./outcome.js";
import { startProgress } from "./progress.js";

/**
 * What every Haystack-style evaluator returns: the mean over rows, each row's score, per-row results,
 * and how many rows failed. Failed rows (only with `raiseOnFailure: false`) have a `null` score and are
 * left out of `score`.
 */
export interface EvaluatorOutput<R> {
  /** Mean of the non-null individual scores; null when no row has a score. */
  score: number | null;
  /** One score per input row, in input order; null for a failed row. */
  individualScores: Array<number | null>;
  /** One result per input row, in input order. */
  results: R[];
  /** Rows whose judge call failed (counted, and excluded from `score`). */
  failedRows: number;
}

/** Inputs the built-in evaluators take, by Haystack's names in camelCase. */
export interface EvaluatorInputs {
  /** One question per row (Haystack `questions`). */
  questions?: string[];
  /** One list of contexts per row (Haystack `contexts`). */
  contexts?: string[][];
  /** One generated answer per row (Haystack `predicted_answers`). */
  predictedAnswers?: string[];
  /** One expected answer per row (Haystack `ground_truth_answers`). */
  groundTruthAnswers?: string[];
  /** One list of expected documents per row (Haystack `ground_truth_documents`). */
  groundTruthDocuments?: HaystackDocument[][];
  /** One list of retrieved documents per row, in rank order (Haystack `retrieved_documents`). */
  retrievedDocuments?: HaystackDocument[][];
}

/** Per-call options of `run()`. */
export interface RunOptions {
  /** Aborts in-flight judge calls. Defaults to none. */
  signal?: AbortSignal;
}

/**
 * A Haystack-style evaluator: names the inputs it reads and turns them into an {@link EvaluatorOutput}.
 * Implement it to run your own evaluator with `runEvaluators`.
 *
 * @example
 * const out = await evaluator.run({ questions, contexts });
 */
export interface Evaluator<R = unknown> {
  /** Input names read by `run()`, e.g. `["questions", "contexts"]`. */
  readonly inputNames: ReadonlyArray<keyof EvaluatorInputs>;
  /** Evaluates all rows. */
  run(inputs: EvaluatorInputs, options?: RunOptions): Promise<EvaluatorOutput<R>>;
  /**
   * Checks the inputs `run()` would get (list lengths, item types, empty strings) without calling any
   * model, throwing `InvalidInputError` naming the row and field. `runEvaluators` calls it for every
   * evaluator before the first one runs. Optional: evaluators without it only get a presence check.
   */
  validateInputs?(inputs: EvaluatorInputs): void;
}

/** Fields every built-in Haystack-style row result carries, whatever the evaluator. */
export interface RowOutcome {
  /** `"ok"` for a scored row; `"error"` for a row whose judge call failed (only with `raiseOnFailure: false`). */
  status: "ok" | "error";
  /** Versions of the prompts that produced this row, by prompt name; empty for evaluators without a judge. */
  promptVersions: Record<string, string>;
  /** Error text of a failed row. */
  error?: string;
}

/** How `runRows` treats failures and progress. */
export interface RowRunSettings {
  label: string;
  progressBar: boolean;
  raiseOnFailure: boolean;
  concurrency: number;
  signal: AbortSignal | undefined;
  /** Prompt versions written into every row result. */
  promptVersions: Record<string, string>;
}

/**
 * Runs `work` for rows `0..count-1` with a progress bar. A failing row either throws (with the row in
 * the message) when `raiseOnFailure` is set, or becomes `failed(row)` with `status: "error"` and the
 * error text. Every row result gets its `status` and the prompt versions here, in one place.
 */
export async function runRows<R extends RowOutcome>(
  count: number,
  settings: RowRunSettings,
  work: (row: number) => Promise<Omit<R, keyof RowOutcome>>,
  failed: (row: number) => Omit<R, keyof RowOutcome>,
): Promise<{ results: R[]; failedRows: number }> {
  const progress = startProgress(settings.progressBar, settings.label, count);
  const promptVersions = settings.promptVersions;
  let failedRows = 0;
  try {
    const results = await mapWithConcurrency(
      Array.from({ length: count }, (_, i) => i),
      settings.concurrency,
      async (row): Promise<R> => {
        try {
          const r = await work(row);
          progress.tick(false);
          return { ...r, status: "ok", promptVersions: { ...promptVersions } } as R;
        } catch (err) {
          if (mustPropagate(err, settings.signal)) throw err;
          if (settings.raiseOnFailure) throw withRow(err, row, settings.label);
          failedRows += 1;
          progress.tick(true);
          const error = errorText(err);
          return { ...failed(row), status: "error", promptVersions: { ...promptVersions }, error } as R;
        }
      },
    );
    return { results, failedRows };
  } finally {
    progress.stop();
  }
}

/** Builds the output object from per-row results that carry a `score`. */
export function toOutput<R extends { score: number | null }>(
  results: R[],
  failedRows: number,
): EvaluatorOutput<R> {
  const individualScores = results.map((r) => r.score);
  return { score: meanOfPresent(individualScores), individualScores, results, failedRows };
}

function withRow(err: unknown, row: number, label: string): Error {
  const prefix = `${label}: row ${row} failed (pass raiseOnFailure: false to record failed rows and go on)`;
  if (err instanceof JudgeOutputError) {
    return new JudgeOutputError(`${prefix}: ${err.message}`, err.rawText, { cause: err });
  }
  if (err instanceof ContextOverflowError) {
    return overflowError(`${prefix}: ${err.detail}`, factsOf(err), { cause: err });
  }
  return new AirgapEvalError(`${prefix}: ${errorText(err)}`, { cause: err });
}

/**
 * Validates few-shot `examples` with zod when an evaluator is built. A malformed example throws
 * `InvalidInputError` naming the example index and field, e.g. `examples[1].outputs.statement_scores`.
 */
export function parseExamples<T>(
  schema: z.ZodType<T>,
  examples: unknown,
  evaluator: string,
  shape: string,
): T[] {
  if (!Array.isArray(examples)) {
    throw new InvalidInputError(`${evaluator}: examples must be a list of ${shape}`, { field: "examples" });
  }
  return examples.map((example: unknown, i: number) => {
    const parsed = schema.safeParse(example);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0]!;
    const field = pathText(["examples", i, ...issue.path]);
    throw new InvalidInputError(
      `${evaluator}: example ${i} is malformed: ${issue.message}; each example must look like ${shape}`,
      { field },
    );
  });
}
