// Haystack's FaithfulnessEvaluator over the same judge steps and formula as `Faithfulness` (metric.ts).
import type { z } from "zod";
import { parseOptions } from "../../errors-zod.js";
import { requireContexts, requireSameLengthLists, requireText } from "../../sample/validate.js";
import { type EvaluatorInputs, parseExamples, type RowOutcome } from "../shared/base/evaluator-runner.js";
import { JudgeEvaluator } from "../shared/base/judge-evaluator.js";
import type { SplitRecord } from "../shared/judge/split.js";
import {
  defaultStatementPrompts,
  type StatementPrompts,
  statementPromptVersions,
  statementSteps,
} from "../shared/judge/statements/steps.js";
import type { MetricConfig } from "../types.js";
import { judgeFaithfulness } from "./judge.js";
import { faithfulnessEvaluatorSchema } from "./options.js";
import {
  FAITHFULNESS_EXAMPLE_SHAPE,
  faithfulnessExampleSchema,
  faithfulnessPromptsWithExamples,
} from "./prompt.js";
import { faithfulnessScore } from "./score.js";

export type { FaithfulnessExample } from "./prompt.js";

/** Options of {@link FaithfulnessEvaluator}: its schema's (documented on the schema keys in options.ts), judge included. */
export type FaithfulnessEvaluatorOptions = z.input<typeof faithfulnessEvaluatorSchema>;

/** One checked row: the question, its contexts and the predicted answer. */
interface FaithfulnessRow {
  question: string;
  contexts: string[];
  response: string;
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
 * that can be inferred from the contexts; an answer with no statements scores 0 (Haystack's convention).
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
export class FaithfulnessEvaluator extends JudgeEvaluator<FaithfulnessRowResult, FaithfulnessRow> {
  readonly inputNames = ["questions", "contexts", "predictedAnswers"] as const;
  private readonly prompts: StatementPrompts;

  constructor(options: FaithfulnessEvaluatorOptions) {
    const label = "FaithfulnessEvaluator";
    const o = parseOptions(faithfulnessEvaluatorSchema.strict(), options, label);
    super(label, o);
    this.prompts =
      o.examples === undefined
        ? defaultStatementPrompts
        : faithfulnessPromptsWithExamples(
            parseExamples(faithfulnessExampleSchema, o.examples, label, FAITHFULNESS_EXAMPLE_SHAPE),
          );
  }

  protected async judgeRow(
    row: FaithfulnessRow,
    signal: AbortSignal | undefined,
  ): Promise<Omit<FaithfulnessRowResult, keyof RowOutcome>> {
    const steps = statementSteps(this.llm, this.settings, signal, undefined, this.prompts);
    const j = await judgeFaithfulness(steps, row);
    return {
      statements: j.statements,
      statementScores: j.verdicts.map((v) => v.verdict),
      reasons: j.verdicts.map((v) => v.reason ?? ""),
      score: faithfulnessScore(j.verdicts, { noStatements: "zero" }),
      ...(j.splits.length > 0 ? { splits: j.splits } : {}),
    };
  }

  protected failedRow(): Omit<FaithfulnessRowResult, keyof RowOutcome> {
    return { statements: [], statementScores: [], reasons: [], score: null };
  }

  protected rowsOf(inputs: EvaluatorInputs): FaithfulnessRow[] {
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
    const options = {
      surface: "haystack",
      temperature: this.settings.temperature,
      maxTokens: this.settings.maxTokens ?? null,
    };
    return {
      name: "faithfulness",
      promptVersions: statementPromptVersions({ statements: true, verdicts: true }, this.prompts),
      options,
      models: [this.llm.provenance()],
    };
  }
}
