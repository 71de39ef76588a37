import type { Llm } from "../../llm/types.js";
import { renderPrompt } from "../../prompts/render.js";
import { readListVerdicts, type Scoring } from "../shared/choice-verdicts.js";
import { askJudge, type JudgeSettings, type JudgeUsage, newUsage } from "../shared/judge.js";
import { judgeWithSplitting, type SplitRecord, splitRecord } from "../shared/split.js";
import type { ContextRelevanceInput, ContextRelevancePrompts } from "./prompt.js";
import type { ContextRelevanceMode } from "./score.js";

/** What the judge said about one row; the score is `contextRelevanceScore` (score.ts) of `statementScores`. */
export interface ContextRelevanceJudgement {
  /** All statements (`"statements"` mode) or the relevant ones (`"relevant-statements"` mode). */
  statements: string[];
  /** One 0/1 score per statement (all 1 in `"relevant-statements"` mode). */
  statementScores: Array<0 | 1>;
  /** The statements scored 1. */
  relevantStatements: string[];
  /** Per statement, the probability of its score (scoring "argmax" or "expected"); absent when greedy. */
  confidences?: number[];
  /** Per statement, the probability of score 1, which the row score then averages (scoring "expected"). */
  weights?: number[];
  splits: SplitRecord[];
  usage: JudgeUsage;
}

/**
 * The core shared by `ContextRelevance` (Ragas-style) and `ContextRelevanceEvaluator` (Haystack).
 * All contexts go to the judge in one call; when they overflow its window they are judged per context,
 * then per chunk of a context on sentence boundaries, and the statements are concatenated. An empty
 * list of contexts gives no statements without a judge call (there is nothing relevant). With scoring
 * "argmax" or "expected" (`"statements"` mode), each written score is read again from the judge's token
 * probabilities after the statements it wrote (`readListVerdicts`).
 */
export async function judgeContextRelevance(
  llm: Llm,
  prompts: ContextRelevancePrompts,
  mode: ContextRelevanceMode,
  input: ContextRelevanceInput,
  contextsField: string,
  settings: JudgeSettings,
  signal: AbortSignal | undefined,
  scoring: Scoring = "greedy",
): Promise<ContextRelevanceJudgement> {
  const usage = newUsage();
  if (input.contexts.length === 0) {
    return { statements: [], statementScores: [], relevantStatements: [], splits: [], usage };
  }
  if (mode === "statements") {
    const outcome = await judgeWithSplitting(input.contexts, contextsField, async (parts) => {
      const partInput = { question: input.question, contexts: parts.map((p) => p.text) };
      const written = await askJudge(llm, prompts.statements, partInput, settings, usage, signal);
      if (scoring === "greedy")
        return written.statements.map((s) => ({ ...s, confidence: NaN, weight: NaN }));
      const reads = await readListVerdicts(
        llm,
        renderPrompt(prompts.statements, partInput),
        {
          listKey: "statements",
          items: written.statements.map((s) => ({ statement: s.statement })),
          verdictKey: "score",
          choices: ["0", "1"],
        },
        usage,
        signal,
      );
      return written.statements.map((s, i) => ({
        statement: s.statement,
        score: reads[i]!.choice === "1" ? (1 as const) : (0 as const),
        confidence: reads[i]!.confidence,
        weight: reads[i]!.probabilities["1"] ?? 0,
      }));
    });
    const scored = outcome.results
      .flatMap((r) => r.value)
      .map((s) => ({ ...s, statement: s.statement.trim() }))
      .filter((s) => s.statement !== "");
    const statements = scored.map((s) => s.statement);
    const statementScores = scored.map((s) => s.score);
    const relevant = scored.filter((s) => s.score === 1).map((s) => s.statement);
    const split = splitRecord(contextsField, outcome);
    return {
      statements,
      statementScores,
      relevantStatements: relevant,
      ...(scoring !== "greedy" ? { confidences: scored.map((s) => s.confidence) } : {}),
      ...(scoring === "expected" ? { weights: scored.map((s) => s.weight) } : {}),
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
    splits: split ? [split] : [],
    usage,
  };
}
