import type { Llm } from "../../llm/types.js";
import type { PromptTemplate } from "../../prompts/types.js";
import { askJudge, type JudgeSettings, type JudgeUsage, newUsage } from "../shared/judge.js";
import { judgeWithSplitting, type SplitRecord, splitRecord } from "../shared/split.js";
import {
  type ContextRelevanceInput,
  contextRelevanceRelevantPrompt,
  contextRelevanceStatementsPrompt,
  type RelevantStatementsOutput,
  type ScoredStatementsOutput,
} from "./prompt.js";

/**
 * How the row score is formed:
 * - `"statements"` (default; Haystack before 2.4): the judge scores every statement of the contexts
 *   0/1; the row score is the fraction scored 1 (0 when there are no statements).
 * - `"relevant-statements"` (Haystack 2.4+): the judge returns only the relevant statements; the row
 *   scores 1 when there is at least one, else 0.
 */
export type ContextRelevanceMode = "statements" | "relevant-statements";

/** The prompt of each mode (the Haystack evaluator swaps in user examples). */
export interface ContextRelevancePrompts {
  statements: PromptTemplate<ContextRelevanceInput, ScoredStatementsOutput>;
  relevant: PromptTemplate<ContextRelevanceInput, RelevantStatementsOutput>;
}

/** The built-in prompts. */
export const defaultContextRelevancePrompts: ContextRelevancePrompts = {
  statements: contextRelevanceStatementsPrompt,
  relevant: contextRelevanceRelevantPrompt,
};

/** What the judge said about one row and the resulting score. */
export interface ContextRelevanceJudgement {
  /** All statements (`"statements"` mode) or the relevant ones (`"relevant-statements"` mode). */
  statements: string[];
  /** One 0/1 score per statement (all 1 in `"relevant-statements"` mode). */
  statementScores: Array<0 | 1>;
  /** The statements scored 1. */
  relevantStatements: string[];
  score: number;
  splits: SplitRecord[];
  usage: JudgeUsage;
}

/** Checks a mode option, naming the field when it is wrong. */
export function isContextRelevanceMode(mode: unknown): mode is ContextRelevanceMode {
  return mode === "statements" || mode === "relevant-statements";
}

/**
 * The core shared by `ContextRelevance` (Ragas-style) and `ContextRelevanceEvaluator` (Haystack).
 * All contexts go to the judge in one call; when they overflow its window they are judged per context,
 * then per chunk of a context on sentence boundaries, and the statements are concatenated. An empty
 * list of contexts scores 0 without a judge call (there is nothing relevant).
 */
export async function judgeContextRelevance(
  llm: Llm,
  prompts: ContextRelevancePrompts,
  mode: ContextRelevanceMode,
  input: ContextRelevanceInput,
  contextsField: string,
  settings: JudgeSettings,
  signal: AbortSignal | undefined,
): Promise<ContextRelevanceJudgement> {
  const usage = newUsage();
  if (input.contexts.length === 0) {
    return { statements: [], statementScores: [], relevantStatements: [], score: 0, splits: [], usage };
  }
  if (mode === "statements") {
    const outcome = await judgeWithSplitting(input.contexts, contextsField, (parts) =>
      askJudge(
        llm,
        prompts.statements,
        { question: input.question, contexts: parts.map((p) => p.text) },
        settings,
        usage,
        signal,
      ),
    );
    const scored = outcome.results
      .flatMap((r) => r.value.statements)
      .map((s) => ({ statement: s.statement.trim(), score: s.score }))
      .filter((s) => s.statement !== "");
    const statements = scored.map((s) => s.statement);
    const statementScores = scored.map((s) => s.score);
    const relevant = scored.filter((s) => s.score === 1).map((s) => s.statement);
    const split = splitRecord(contextsField, outcome);
    return {
      statements,
      statementScores,
      relevantStatements: relevant,
      score: statements.length === 0 ? 0 : relevant.length / statements.length,
      splits: split ? [split] : [],
      usage,
    };
  }
  const outcome = await judgeWithSplitting(input.contexts, contextsField, (parts) =>
    askJudge(
      llm,
      prompts.relevant,
      { question: input.question, contexts: parts.map((p) => p.text) },
      settings,
      usage,
      signal,
    ),
  );
  const relevant = outcome.results
    .flatMap((r) => r.value.relevantStatements)
    .map((s) => s.trim())
    .filter((s) => s !== "");
  const split = splitRecord(contextsField, outcome);
  return {
    statements: relevant,
    statementScores: relevant.map(() => 1 as const),
    relevantStatements: relevant,
    score: relevant.length > 0 ? 1 : 0,
    splits: split ? [split] : [],
    usage,
  };
}
