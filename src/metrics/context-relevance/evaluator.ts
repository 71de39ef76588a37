// Haystack's ContextRelevanceEvaluator over the same judge call and formula as `ContextRelevance` (metric.ts).
import type { z } from "zod";
import { parseOptions } from "../../errors-zod.js";
import { requireContexts, requireSameLengthLists, requireText } from "../../sample/validate.js";
import { type EvaluatorInputs, parseExamples, type RowOutcome } from "../shared/base/evaluator-runner.js";
import { JudgeEvaluator } from "../shared/base/judge-evaluator.js";
import type { SplitRecord } from "../shared/judge/split.js";
import type { MetricConfig } from "../types.js";
import { judgeContextRelevance } from "./judge.js";
import { contextRelevanceEvaluatorSchema } from "./options.js";
import {
  CONTEXT_RELEVANCE_EXAMPLE_SHAPE,
  type ContextRelevancePrompts,
  contextRelevanceExampleSchema,
  contextRelevancePromptsWithExamples,
  contextRelevancePromptVersions,
  defaultContextRelevancePrompts,
} from "./prompt.js";
import { type ContextRelevanceMode, contextRelevanceScore } from "./score.js";

export type { ContextRelevanceExample } from "./prompt.js";

/** Options of {@link ContextRelevanceEvaluator}: its schema's (documented on the schema keys in options.ts), judge included. */
export type ContextRelevanceEvaluatorOptions = z.input<typeof contextRelevanceEvaluatorSchema>;

/** One checked row: the question and its contexts. */
interface RelevanceRow {
  question: string;
  contexts: string[];
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
export class ContextRelevanceEvaluator extends JudgeEvaluator<ContextRelevanceRowResult, RelevanceRow> {
  readonly inputNames = ["questions", "contexts"] as const;
  readonly mode: ContextRelevanceMode;
  private readonly prompts: ContextRelevancePrompts;

  constructor(options: ContextRelevanceEvaluatorOptions) {
    const label = "ContextRelevanceEvaluator";
    const o = parseOptions(contextRelevanceEvaluatorSchema.strict(), options, label);
    super(label, o);
    this.mode = o.mode;
    this.prompts =
      o.examples === undefined
        ? defaultContextRelevancePrompts
        : contextRelevancePromptsWithExamples(
            parseExamples(contextRelevanceExampleSchema, o.examples, label, CONTEXT_RELEVANCE_EXAMPLE_SHAPE),
          );
  }

  protected async judgeRow(
    row: RelevanceRow,
    signal: AbortSignal | undefined,
  ): Promise<Omit<ContextRelevanceRowResult, keyof RowOutcome>> {
    const j = await judgeContextRelevance(
      this.llm,
      this.prompts,
      this.mode,
      row,
      "contexts",
      this.settings,
      signal,
    );
    return {
      statements: j.statements,
      statementScores: j.statementScores,
      relevantStatements: j.relevantStatements,
      score: contextRelevanceScore(j.statementScores, this.mode),
      ...(j.splits.length > 0 ? { splits: j.splits } : {}),
    };
  }

  protected failedRow(): Omit<ContextRelevanceRowResult, keyof RowOutcome> {
    return { statements: [], statementScores: [], relevantStatements: [], score: null };
  }

  protected rowsOf(inputs: EvaluatorInputs): RelevanceRow[] {
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
