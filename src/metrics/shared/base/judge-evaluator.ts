import type { Llm } from "../../../llm/types.js";
import type { MetricConfig } from "../../types.js";
import type { JudgeSettings } from "../judge/judge.js";
import { judgeSettingsOf } from "../judge/options.js";
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

/** Options every judge evaluator takes; `E` is the shape of its few-shot examples. */
export interface JudgeEvaluatorOptions<E> {
  /** The judge. Required: there is no default. */
  llm: Llm;
  /** Few-shot examples in Haystack's shape, validated when the evaluator is built. Defaults to the built-in examples. */
  examples?: E[];
  /** Throw on the first row whose judge call fails; false records the row as failed (score null) and goes on. Defaults to true. */
  raiseOnFailure?: boolean;
  /** Draw a progress bar on stderr. Defaults to true when stderr is a terminal. */
  progressBar?: boolean;
  /** Judge temperature; 0 is greedy decoding. Defaults to 0. */
  temperature?: number;
  /** Token budget of each judge answer. Defaults to the Llm's own default. */
  maxTokens?: number;
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
