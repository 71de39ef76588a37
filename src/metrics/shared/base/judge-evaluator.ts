import { z } from "zod";
import type { Llm } from "../../../llm/types.js";
import type { MetricConfig } from "../../types.js";
import type { JudgeSettings } from "../judge/judge.js";
import { judgeSettingsOf, llmOption } from "../judge/options.js";
import {
  type Evaluator,
  type EvaluatorInputs,
  type EvaluatorOutput,
  type RowOutcome,
  type RunOptions,
  runRows,
  toOutput,
} from "./evaluator-runner.js";
import { defaultProgressBar } from "./progress.js";

/**
 * The options every judge evaluator takes besides the judge's settings, to spread into its options schema (its
 * options type is derived from the schema, so the doc comments on these keys are the options' documentation). `E` is
 * the shape of its few-shot examples: the schema lets any value through, and the evaluator checks each example with
 * `parseExamples` when it is built, naming the example and showing the shape.
 *
 * @example
 * const schema = z.object({ ...judgeSettingsShape, ...judgeEvaluatorShape<FaithfulnessExample>() });
 */
export function judgeEvaluatorShape<E>() {
  return {
    /** The judge, an `Llm` (e.g. `await LlamaCppLlm.load({ modelPath })`). Required: there is no default. */
    llm: llmOption,
    /** Throw on the first row whose judge call fails; false records the row as failed and goes on. Defaults to true. */
    raiseOnFailure: z
      .boolean()
      .default(true)
      .describe(
        "Throw on the first row whose judge call fails; false records the row as failed and goes on.",
      ),
    /** Draw a progress bar on stderr; unset means when stderr is a terminal. Defaults to a bar when stderr is a terminal. */
    progressBar: z
      .boolean()
      .optional()
      .describe("Draw a progress bar on stderr; unset means when stderr is a terminal."),
    /** Few-shot examples in Haystack's shape; unset uses the built-in ones. Defaults to the built-in examples. */
    examples: z
      .custom<E[]>()
      .optional()
      .describe("Few-shot examples in Haystack's shape; unset uses the built-in ones."),
  };
}

/** The parsed options every judge evaluator reads: the judge, its settings, and how rows run. */
export interface JudgeEvaluatorBasics {
  llm: Llm;
  raiseOnFailure: boolean;
  progressBar?: boolean | undefined;
  temperature: number;
  maxTokens?: number | undefined;
}

/**
 * The frame of a Haystack-style evaluator with a judge (faithfulness, context relevance): it checks every
 * row before the first judge call, runs the rows through {@link runRows} (progress bar, `raiseOnFailure`,
 * status and prompt versions per row) and averages the row scores. A subclass reads its rows, judges one,
 * says what a failed row holds, and gives its config.
 */
export abstract class JudgeEvaluator<R extends RowOutcome & { score: number | null }, Row>
  implements Evaluator<R>
{
  abstract readonly inputNames: ReadonlyArray<keyof EvaluatorInputs>;
  readonly raiseOnFailure: boolean;
  readonly progressBar: boolean;
  protected readonly llm: Llm;
  protected readonly settings: JudgeSettings;

  /** `label` names the evaluator in errors and on the progress bar, e.g. "FaithfulnessEvaluator". */
  protected constructor(
    protected readonly label: string,
    options: JudgeEvaluatorBasics,
  ) {
    this.llm = options.llm;
    this.raiseOnFailure = options.raiseOnFailure;
    this.progressBar = options.progressBar ?? defaultProgressBar();
    this.settings = judgeSettingsOf(options);
  }

  /** Checks the inputs without calling the judge; throws `InvalidInputError` naming the row and field. */
  validateInputs(inputs: EvaluatorInputs): void {
    this.rowsOf(inputs);
  }

  /** Scores every row; bad inputs throw `InvalidInputError` naming the row and field before any judge call. */
  async run(inputs: EvaluatorInputs, options: RunOptions = {}): Promise<EvaluatorOutput<R>> {
    const rows = this.rowsOf(inputs);
    const settings = {
      label: this.label,
      progressBar: this.progressBar,
      raiseOnFailure: this.raiseOnFailure,
      concurrency: this.llm.concurrency ?? 1,
      signal: options.signal,
      promptVersions: this.config().promptVersions,
    };
    const { results, failedRows } = await runRows<R>(
      rows.length,
      settings,
      (row) => this.judgeRow(rows[row]!, options.signal),
      () => this.failedRow(),
    );
    return toOutput(results, failedRows);
  }

  /** Prompt versions, options and the judge's provenance. */
  abstract config(): MetricConfig;

  /** The checked rows of the inputs; throws `InvalidInputError` naming the row and field. */
  protected abstract rowsOf(inputs: EvaluatorInputs): Row[];

  /** Judges one row and scores it. */
  protected abstract judgeRow(row: Row, signal: AbortSignal | undefined): Promise<Omit<R, keyof RowOutcome>>;

  /** What a failed row holds besides its status and error: empty lists and a null score. */
  protected abstract failedRow(): Omit<R, keyof RowOutcome>;
}
