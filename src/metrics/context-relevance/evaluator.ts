import { z } from "zod";
import { InvalidInputError } from "../../errors.js";
import type { Llm } from "../../llm/types.js";
import {
  type Evaluator,
  type EvaluatorInputs,
  type EvaluatorOutput,
  examplesFingerprint,
  parseExamples,
  type RowOutcome,
  type RunOptions,
  runRows,
  toOutput,
} from "../shared/evaluator-runner.js";
import type { JudgeSettings } from "../shared/judge.js";
import { defaultProgressBar } from "../shared/progress.js";
import type { SplitRecord } from "../shared/split.js";
import { requireContexts, requireSameLengthLists, requireText } from "../shared/validate.js";
import type { MetricConfig } from "../types.js";
import {
  type ContextRelevanceMode,
  type ContextRelevancePrompts,
  defaultContextRelevancePrompts,
  isContextRelevanceMode,
  judgeContextRelevance,
} from "./judge-context-relevance.js";

/**
 * A few-shot example in Haystack's shape for `ContextRelevanceEvaluator`. `outputs` is either the
 * seed's `{ statements, statement_scores }` or Haystack 2.4's `{ relevant_statements }`; either is
 * converted to the evaluator's mode.
 */
export interface ContextRelevanceExample {
  inputs: { questions: string; contexts: string[] };
  outputs: { statements?: string[]; statement_scores?: Array<0 | 1>; relevant_statements?: string[] };
}

const EXAMPLE_SHAPE =
  '{ inputs: { questions: "...", contexts: ["..."] }, outputs: { statements: ["..."], statement_scores: [1] } } ' +
  '(or outputs: { relevant_statements: ["..."] })';

const exampleSchema: z.ZodType<ContextRelevanceExample> = z.strictObject({
  inputs: z.strictObject({ questions: z.string().min(1), contexts: z.array(z.string().min(1)).min(1) }),
  outputs: z
    .strictObject({
      statements: z.array(z.string().min(1)).optional(),
      statement_scores: z.array(z.literal([0, 1])).optional(),
      relevant_statements: z.array(z.string().min(1)).optional(),
    })
    .superRefine((o, ctx) => {
      if (o.relevant_statements !== undefined) return;
      if (o.statements === undefined) {
        ctx.addIssue({ code: "custom", message: "statements is missing", path: ["statements"] });
      } else if (o.statement_scores === undefined) {
        ctx.addIssue({ code: "custom", message: "statement_scores is missing", path: ["statement_scores"] });
      } else if (o.statements.length !== o.statement_scores.length) {
        ctx.addIssue({
          code: "custom",
          message: `statement_scores has ${o.statement_scores.length} scores for ${o.statements.length} statements`,
          path: ["statement_scores"],
        });
      }
    }),
});

/** Options of {@link ContextRelevanceEvaluator}. */
export interface ContextRelevanceEvaluatorOptions {
  /** Judge that extracts and scores the statements. */
  llm: Llm;
  /** Few-shot examples in Haystack's shape, validated when the evaluator is built. Defaults to the built-in examples. */
  examples?: ContextRelevanceExample[];
  /** Throw on the first row whose judge call fails; false records the row as failed (score null) and goes on. Defaults to true. */
  raiseOnFailure?: boolean;
  /** Draw a progress bar on stderr. Defaults to true when stderr is a terminal. */
  progressBar?: boolean;
  /** `"statements"` (fraction of relevant statements) or `"relevant-statements"` (1 when any is relevant). Defaults to "statements". */
  mode?: ContextRelevanceMode;
  /** Judge temperature; 0 is greedy decoding. Defaults to 0. */
  temperature?: number;
  /** Token budget of each judge answer. Defaults to the Llm's own default. */
  maxTokens?: number;
}

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
 * Haystack's `ContextRelevanceEvaluator`: for each question and its contexts, the judge breaks the
 * contexts into statements and scores each 1 (relevant to answering the question) or 0. The row
 * score is the fraction of relevant statements; `score` is the mean over rows. With
 * `mode: "relevant-statements"` (Haystack 2.4+) a row scores 1 when any relevant statement exists.
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
    const mode = options.mode ?? "statements";
    if (!isContextRelevanceMode(mode)) {
      throw new InvalidInputError(`must be "statements" or "relevant-statements", got ${String(mode)}`, {
        field: "mode",
      });
    }
    this.llm = options.llm;
    this.mode = mode;
    this.raiseOnFailure = options.raiseOnFailure ?? true;
    this.progressBar = options.progressBar ?? defaultProgressBar();
    this.settings = { temperature: options.temperature ?? 0, maxTokens: options.maxTokens };
    this.prompts =
      options.examples === undefined
        ? defaultContextRelevancePrompts
        : promptsWithExamples(
            parseExamples(exampleSchema, options.examples, "ContextRelevanceEvaluator", EXAMPLE_SHAPE),
          );
  }

  /**
   * Checks `questions` and `contexts` without calling the judge: same lengths, a non-empty question and
   * a list of non-empty strings per row. Throws `InvalidInputError` naming the row and field.
   */
  validateInputs(inputs: EvaluatorInputs): void {
    this.rowsOf(inputs);
  }

  /**
   * Scores every row. Lists of different lengths, or a bad item, throw `InvalidInputError` naming the
   * row and field before any judge call. An empty list of contexts scores 0.
   */
  async run(
    inputs: EvaluatorInputs,
    options: RunOptions = {},
  ): Promise<EvaluatorOutput<ContextRelevanceRowResult>> {
    const rows = this.rowsOf(inputs);
    const { results, failedRows } = await runRows<ContextRelevanceRowResult>(
      rows.length,
      {
        label: "ContextRelevanceEvaluator",
        progressBar: this.progressBar,
        raiseOnFailure: this.raiseOnFailure,
        concurrency: this.llm.concurrency ?? 1,
        signal: options.signal,
        promptVersions: this.config().promptVersions,
      },
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
          score: j.score,
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
    const prompt = this.mode === "statements" ? this.prompts.statements : this.prompts.relevant;
    return {
      name: "context_relevance",
      promptVersions: { [prompt.name]: prompt.version },
      options: {
        surface: "haystack",
        mode: this.mode,
        temperature: this.settings.temperature,
        maxTokens: this.settings.maxTokens ?? null,
      },
      models: [this.llm.provenance()],
    };
  }
}

function promptsWithExamples(examples: ContextRelevanceExample[]): ContextRelevancePrompts {
  const tag = `+examples.${examplesFingerprint(examples)}`;
  const base = defaultContextRelevancePrompts;
  return {
    statements: {
      ...base.statements,
      version: base.statements.version + tag,
      examples: examples.map((ex) => {
        const o = ex.outputs;
        // A relevant-statements example teaches only relevant statements: show them, each scored 1.
        const statements =
          o.relevant_statements !== undefined
            ? o.relevant_statements.map((statement) => ({ statement, score: 1 as const }))
            : o.statements!.map((statement, i) => ({ statement, score: o.statement_scores![i]! }));
        return {
          input: { question: ex.inputs.questions, contexts: ex.inputs.contexts },
          output: { statements },
        };
      }),
    },
    relevant: {
      ...base.relevant,
      version: base.relevant.version + tag,
      examples: examples.map((ex) => {
        const o = ex.outputs;
        const relevantStatements =
          o.relevant_statements ?? o.statements!.filter((_, i) => o.statement_scores![i] === 1);
        return {
          input: { question: ex.inputs.questions, contexts: ex.inputs.contexts },
          output: { relevantStatements },
        };
      }),
    },
  };
}
