// Haystack's ContextRelevanceEvaluator over the same judge call and formula as `ContextRelevance` (metric.ts).
import { parseOptions } from "../../errors-zod.js";
import type { Llm } from "../../llm/types.js";
import {
  type Evaluator,
  type EvaluatorInputs,
  type EvaluatorOutput,
  parseExamples,
  type RowOutcome,
  type RunOptions,
  runRows,
  toOutput,
} from "../shared/evaluator-runner.js";
import type { JudgeSettings } from "../shared/judge.js";
import { judgeSettingsOf } from "../shared/options.js";
import { defaultProgressBar } from "../shared/progress.js";
import type { SplitRecord } from "../shared/split.js";
import { requireContexts, requireSameLengthLists, requireText } from "../shared/validate.js";
import type { MetricConfig } from "../types.js";
import { judgeContextRelevance } from "./judge.js";
import { type ContextRelevanceEvaluatorOptions, contextRelevanceEvaluatorSchema } from "./options.js";
import {
  CONTEXT_RELEVANCE_EXAMPLE_SHAPE,
  type ContextRelevancePrompts,
  contextRelevanceExampleSchema,
  contextRelevancePromptsWithExamples,
  contextRelevancePromptVersions,
  defaultContextRelevancePrompts,
} from "./prompt.js";
import { type ContextRelevanceMode, contextRelevanceScore } from "./score.js";

export type { ContextRelevanceEvaluatorOptions } from "./options.js";
export type { ContextRelevanceExample } from "./prompt.js";

/**
 * One row of `ContextRelevanceEvaluator` output. `status` is "ok" or "error" (a failed row, only with
 * `raiseOnFailure: false`, which also has `error`); `promptVersions` names the prompt that judged it.
 */
export interface ContextRelevanceRowResult extends RowOutcome {
  /** Statements of the contexts (`"statements"` mode) or the relevant ones (`"relevant-statements"` mode). */
  statements: string[];
  /** 0/1 per statement. */
  statementScores: Array<0 | 1>;
  /** The statements scored 1 (Haystack 2.4's `relevant_statements`). */
  relevantStatements: string[];
  /** Row score; null for a failed row. */
  score: number | null;
  /** What was split to fit the judge's context window, when anything was. */
  splits?: SplitRecord[];
}

/**
 * Haystack's `ContextRelevanceEvaluator`: per row, the fraction of the contexts' statements relevant to
 * the question (or, with `mode: "relevant-statements"`, 1 when any is); `score` is the mean over rows.
 * An empty list of contexts scores 0.
 *
 * @example
 * const evaluator = new ContextRelevanceEvaluator({ llm });
 * const result = await evaluator.run({
 *   questions: ["Who created the Python language?"],
 *   contexts: [["Python, created by Guido van Rossum in the late 1980s, is a high-level general-purpose programming language."]],
 * });
 * console.log(result.score); // 1 when the judge scores the statement relevant
 */
export class ContextRelevanceEvaluator implements Evaluator<ContextRelevanceRowResult> {
  readonly inputNames = ["questions", "contexts"] as const;
  readonly raiseOnFailure: boolean;
  readonly progressBar: boolean;
  readonly mode: ContextRelevanceMode;
  private readonly llm: Llm;
  private readonly settings: JudgeSettings;
  private readonly prompts: ContextRelevancePrompts;

  constructor(options: ContextRelevanceEvaluatorOptions) {
    const o = parseOptions(contextRelevanceEvaluatorSchema, options, "ContextRelevanceEvaluator");
    this.llm = o.llm;
    this.mode = o.mode;
    this.raiseOnFailure = o.raiseOnFailure;
    this.progressBar = o.progressBar ?? defaultProgressBar();
    this.settings = judgeSettingsOf(o);
    const label = "ContextRelevanceEvaluator";
    this.prompts =
      o.examples === undefined
        ? defaultContextRelevancePrompts
        : contextRelevancePromptsWithExamples(
            parseExamples(contextRelevanceExampleSchema, o.examples, label, CONTEXT_RELEVANCE_EXAMPLE_SHAPE),
          );
  }

  /** Checks the inputs without calling the judge; throws `InvalidInputError` naming the row and field. */
  validateInputs(inputs: EvaluatorInputs): void {
    this.rowsOf(inputs);
  }

  /** Scores every row; bad inputs throw `InvalidInputError` naming the row and field before any judge call. */
  async run(
    inputs: EvaluatorInputs,
    options: RunOptions = {},
  ): Promise<EvaluatorOutput<ContextRelevanceRowResult>> {
    const rows = this.rowsOf(inputs);
    const settings = {
      label: "ContextRelevanceEvaluator",
      progressBar: this.progressBar,
      raiseOnFailure: this.raiseOnFailure,
      concurrency: this.llm.concurrency ?? 1,
      signal: options.signal,
      promptVersions: this.config().promptVersions,
    };
    const { results, failedRows } = await runRows<ContextRelevanceRowResult>(
      rows.length,
      settings,
      async (row) => {
        const j = await judgeContextRelevance(
          this.llm,
          this.prompts,
          this.mode,
          rows[row]!,
          "contexts",
          this.settings,
          options.signal,
        );
        return {
          statements: j.statements,
          statementScores: j.statementScores,
          relevantStatements: j.relevantStatements,
          score: contextRelevanceScore(j.statementScores, this.mode),
          ...(j.splits.length > 0 ? { splits: j.splits } : {}),
        };
      },
      () => ({ statements: [], statementScores: [], relevantStatements: [], score: null }),
    );
    return toOutput(results, failedRows);
  }

  private rowsOf(inputs: EvaluatorInputs): Array<{ question: string; contexts: string[] }> {
    const { questions, contexts } = inputs;
    const count = requireSameLengthLists({ questions, contexts }, "ContextRelevanceEvaluator");
    return Array.from({ length: count }, (_, row) => ({
      question: requireText(questions![row], { field: "questions", row }),
      contexts: requireContexts(contexts![row], { field: "contexts", row }, { allowEmptyList: true }),
    }));
  }

  /** Prompt version of the chosen mode (with a fingerprint of user examples), options and the judge's provenance. */
  config(): MetricConfig {
    const { temperature, maxTokens } = this.settings;
    const options = { surface: "haystack", mode: this.mode, temperature, maxTokens: maxTokens ?? null };
    const promptVersions = contextRelevancePromptVersions(this.prompts, this.mode);
    return { name: "context_relevance", promptVersions, options, models: [this.llm.provenance()] };
  }
}
