import type { AnswerPart, Llm } from "../../llm/types.js";
import {
  askJudgeForVerdicts,
  readFields,
  type VerdictReading,
  WRITTEN_VERDICTS,
} from "../shared/judge/choice-verdicts.js";
import { askJudge, type JudgeSettings, type JudgeUsage, newUsage } from "../shared/judge/judge.js";
import { judgeWithSplitting, type SplitRecord, splitRecord } from "../shared/judge/split.js";
import {
  type ContextRelevanceInput,
  type ContextRelevancePrompts,
  contextRelevanceSentencesPrompt,
  relevantStatementsSchema,
  scoredStatementsSchema,
} from "./prompt.js";
import type { ContextRelevanceMode } from "./score.js";
import { contextSentences, SCORE_SLOT, sentenceScorePlan } from "./sentences.js";

/** What the judge said about one row; the score is `contextRelevanceScore` (score.ts) of `statementScores`. */
export interface ContextRelevanceJudgement {
  /** All statements (`"statements"` mode) or the relevant ones (`"relevant-statements"` mode). */
  statements: string[];
  /** One 0/1 score per statement (all 1 in `"relevant-statements"` mode). */
  statementScores: Array<0 | 1>;
  /** The statements scored 1. */
  relevantStatements: string[];
  /** Per statement, the probability of its written score (`confidence` or scoring "expected"); absent otherwise. */
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
 * "expected" or `confidence` (`"statements"` mode), each score's probability is read while the judge writes
 * it (`askJudgeForVerdicts`). With `reading.prefill` (`"statements"` mode) the statements are the contexts'
 * sentences (`contextSentences`): the answer is written from a plan and the judge only scores each sentence; a part
 * without a sentence needs no call. Each statement the judge writes is bounded by the part's longest sentence
 * (`statementChars`), and their count by the part's sentences (`maxContextStatements`).
 */
export async function judgeContextRelevance(
  llm: Llm,
  prompts: ContextRelevancePrompts,
  mode: ContextRelevanceMode,
  input: ContextRelevanceInput,
  contextsField: string,
  settings: JudgeSettings,
  signal: AbortSignal | undefined,
  reading: VerdictReading = WRITTEN_VERDICTS,
): Promise<ContextRelevanceJudgement> {
  const usage = newUsage();
  if (input.contexts.length === 0) {
    return { statements: [], statementScores: [], relevantStatements: [], splits: [], usage };
  }
  if (mode === "statements") {
    const outcome = await judgeWithSplitting(input.contexts, contextsField, async (parts) => {
      const partInput = { question: input.question, contexts: parts.map((p) => p.text) };
      let template = prompts.statements;
      let plan: AnswerPart[] | undefined;
      const sentences = contextSentences(partInput.contexts);
      if (reading.prefill === true) {
        if (sentences.length === 0) return [];
        template = contextRelevanceSentencesPrompt;
        plan = sentenceScorePlan(sentences);
      }
      const schema = scoredStatementsSchema(sentences);
      const { value, reads } = await askJudgeForVerdicts(
        { llm, template, input: partInput, settings, usage, signal, schema, ...(plan ? { plan } : {}) },
        SCORE_SLOT,
        reading,
        (answer) => answer.statements.map((s) => s.score),
      );
      return value.statements.map((s, i) => ({ ...s, ...readFields(reads?.[i], reading) }));
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
      ...(reading.confidence ? { confidences: scored.map((s) => s.confidence!) } : {}),
      ...(reading.scoring === "expected" ? { weights: scored.map((s) => s.weight!) } : {}),
      splits: split ? [split] : [],
      usage,
    };
  }
  const outcome = await judgeWithSplitting(input.contexts, contextsField, (parts) => {
    const contexts = parts.map((p) => p.text);
    const schema = relevantStatementsSchema(contextSentences(contexts));
    return askJudge(
      llm,
      prompts.relevant,
      { question: input.question, contexts },
      settings,
      usage,
      signal,
      schema,
    );
  });
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
