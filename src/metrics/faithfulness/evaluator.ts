import { z } from "zod";
import type { Llm } from "../../llm/types.js";
import type { PromptExample } from "../../prompts/types.js";
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
import { type FaithfulnessPrompts, judgeFaithfulness } from "./judge-faithfulness.js";
import {
  faithfulnessStatementsPrompt,
  faithfulnessVerdictsPrompt,
  type StatementsInput,
  type StatementsOutput,
  type VerdictsInput,
  type VerdictsOutput,
} from "./prompt.js";

/** A few-shot example in Haystack's shape for `FaithfulnessEvaluator`. */
export interface FaithfulnessExample {
  inputs: { questions: string; contexts: string[]; predicted_answers: string };
  outputs: { statements: string[]; statement_scores: Array<0 | 1> };
}

const EXAMPLE_SHAPE =
  '{ inputs: { questions: "...", contexts: ["..."], predicted_answers: "..." }, outputs: { statements: ["..."], statement_scores: [1] } }';

const exampleSchema: z.ZodType<FaithfulnessExample> = z.strictObject({
  inputs: z.strictObject({
    questions: z.string().min(1),
    contexts: z.array(z.string().min(1)).min(1),
    predicted_answers: z.string().min(1),
  }),
  outputs: z
    .strictObject({ statements: z.array(z.string().min(1)), statement_scores: z.array(z.literal([0, 1])) })
    .refine((o) => o.statements.length === o.statement_scores.length, {
      message: "statement_scores must have one score per statement",
      path: ["statement_scores"],
    }),
});

/** Options of {@link FaithfulnessEvaluator}. */
export interface FaithfulnessEvaluatorOptions {
  /** Judge that extracts statements and gives verdicts. */
  llm: Llm;
  /** Few-shot examples in Haystack's shape, validated when the evaluator is built. Defaults to the built-in examples. */
  examples?: FaithfulnessExample[];
  /** Throw on the first row whose judge call fails; false records the row as failed (score null) and goes on. Defaults to true. */
  raiseOnFailure?: boolean;
  /** Draw a progress bar on stderr. Defaults to true when stderr is a terminal. */
  progressBar?: boolean;
  /** Judge temperature; 0 is greedy decoding. Defaults to 0. */
  temperature?: number;
  /** Token budget of each judge answer. Defaults to the Llm's own default. */
  maxTokens?: number;
}

/**
 * One row of `FaithfulnessEvaluator` output. `status` is "ok" or "error" (a failed row, only with
 * `raiseOnFailure: false`, which also has `error`); `promptVersions` names the prompts that judged it.
 */
export interface FaithfulnessRowResult extends RowOutcome {
  /** Statements the judge found in the predicted answer. */
  statements: string[];
  /** 1 when a statement can be inferred from the contexts, else 0; one per statement. */
  statementScores: Array<0 | 1>;
  /** The judge's reason for each score. */
  reasons: string[];
  /** supported / total; 0 when there are no statements (Haystack); null for a failed row. */
  score: number | null;
  /** What was split to fit the judge's context window, when anything was. */
  splits?: SplitRecord[];
}

/**
 * Haystack's `FaithfulnessEvaluator`: for each row, the share of the predicted answer's statements
 * that can be inferred from the contexts. Same judge steps as the Ragas-style `Faithfulness`, but an
 * answer with no statements scores 0 (Haystack's convention), not null.
 *
 * @example
 * const evaluator = new FaithfulnessEvaluator({ llm });
 * const result = await evaluator.run({
 *   questions: ["Who created the Python language?"],
 *   contexts: [["Python, created by Guido van Rossum in the late 1980s, is a high-level general-purpose programming language."]],
 *   predictedAnswers: ["Python is a high-level general-purpose programming language that was created by George Lucas."],
 * });
 * console.log(result.score, result.individualScores, result.results);
 */
export class FaithfulnessEvaluator implements Evaluator<FaithfulnessRowResult> {
  readonly inputNames = ["questions", "contexts", "predictedAnswers"] as const;
  readonly raiseOnFailure: boolean;
  readonly progressBar: boolean;
  private readonly llm: Llm;
  private readonly settings: JudgeSettings;
  private readonly prompts: FaithfulnessPrompts;

  constructor(options: FaithfulnessEvaluatorOptions) {
    this.llm = options.llm;
    this.raiseOnFailure = options.raiseOnFailure ?? true;
    this.progressBar = options.progressBar ?? defaultProgressBar();
    this.settings = { temperature: options.temperature ?? 0, maxTokens: options.maxTokens };
    this.prompts =
      options.examples === undefined
        ? { statements: faithfulnessStatementsPrompt, verdicts: faithfulnessVerdictsPrompt }
        : promptsWithExamples(
            parseExamples(exampleSchema, options.examples, "FaithfulnessEvaluator", EXAMPLE_SHAPE),
          );
  }

  /**
   * Scores every row. Lists of different lengths, or a bad item, throw `InvalidInputError` naming the
   * row and field before any judge call.
   */
  async run(
    inputs: EvaluatorInputs,
    options: RunOptions = {},
  ): Promise<EvaluatorOutput<FaithfulnessRowResult>> {
    const rows = this.rowsOf(inputs);
    const { results, failedRows } = await runRows<FaithfulnessRowResult>(
      rows.length,
      {
        label: "FaithfulnessEvaluator",
        progressBar: this.progressBar,
        raiseOnFailure: this.raiseOnFailure,
        concurrency: this.llm.concurrency ?? 1,
        signal: options.signal,
        promptVersions: this.config().promptVersions,
      },
      async (row) => {
        const j = await judgeFaithfulness(this.llm, this.prompts, rows[row]!, this.settings, options.signal);
        const statementScores = j.verdicts.map((v) => v.verdict);
        const supported = statementScores.filter((s) => s === 1).length;
        return {
          statements: j.statements,
          statementScores,
          reasons: j.verdicts.map((v) => v.reason),
          score: j.statements.length === 0 ? 0 : supported / j.statements.length,
          ...(j.splits.length > 0 ? { splits: j.splits } : {}),
        };
      },
      () => ({ statements: [], statementScores: [], reasons: [], score: null }),
    );
    return toOutput(results, failedRows);
  }

  /**
   * Checks `questions`, `contexts` and `predictedAnswers` without calling the judge: same lengths,
   * non-empty strings, and a non-empty list of non-empty contexts per row. Throws `InvalidInputError`
   * naming the row and field.
   */
  validateInputs(inputs: EvaluatorInputs): void {
    this.rowsOf(inputs);
  }

  private rowsOf(inputs: EvaluatorInputs): Array<{ question: string; contexts: string[]; response: string }> {
    const { questions, contexts, predictedAnswers } = inputs;
    const count = requireSameLengthLists({ questions, contexts, predictedAnswers }, "FaithfulnessEvaluator");
    return Array.from({ length: count }, (_, row) => ({
      question: requireText(questions![row], { field: "questions", row }),
      contexts: requireContexts(contexts![row], { field: "contexts", row }, { allowEmptyList: false }),
      response: requireText(predictedAnswers![row], { field: "predictedAnswers", row }),
    }));
  }

  /** Prompt versions (with a fingerprint of user examples), options and the judge's provenance. */
  config(): MetricConfig {
    return {
      name: "faithfulness",
      promptVersions: {
        [this.prompts.statements.name]: this.prompts.statements.version,
        [this.prompts.verdicts.name]: this.prompts.verdicts.version,
      },
      options: {
        surface: "haystack",
        temperature: this.settings.temperature,
        maxTokens: this.settings.maxTokens ?? null,
      },
      models: [this.llm.provenance()],
    };
  }
}

function promptsWithExamples(examples: FaithfulnessExample[]): FaithfulnessPrompts {
  const tag = `+examples.${examplesFingerprint(examples)}`;
  const statementExamples: Array<PromptExample<StatementsInput, StatementsOutput>> = examples.map((ex) => ({
    input: { question: ex.inputs.questions, answer: ex.inputs.predicted_answers },
    output: { statements: ex.outputs.statements },
  }));
  const verdictExamples: Array<PromptExample<VerdictsInput, VerdictsOutput>> = examples
    .filter((ex) => ex.outputs.statements.length > 0)
    .map((ex) => ({
      input: { contexts: ex.inputs.contexts, statements: ex.outputs.statements },
      output: {
        verdicts: ex.outputs.statements.map((statement, i) => {
          const verdict = ex.outputs.statement_scores[i]!;
          return {
            statement,
            reason:
              verdict === 1
                ? "The context supports this statement."
                : "The context does not support this statement.",
            verdict,
          };
        }),
      },
    }));
  return {
    statements: {
      ...faithfulnessStatementsPrompt,
      version: faithfulnessStatementsPrompt.version + tag,
      examples: statementExamples,
    },
    verdicts: {
      ...faithfulnessVerdictsPrompt,
      version: faithfulnessVerdictsPrompt.version + tag,
      examples: verdictExamples,
    },
  };
}
