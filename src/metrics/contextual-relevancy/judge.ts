import type { Llm } from "../../llm/types.js";
import type { VerdictReading } from "../shared/judge/choice-verdicts.js";
import { askPassVerdict, type ReadPassVerdict } from "../shared/judge/deepeval-verdicts.js";
import type { JudgeSettings, JudgeUsage } from "../shared/judge/judge.js";
import type { SplitRecord } from "../shared/judge/split.js";
import { extractList } from "../shared/judge/statements/extract.js";
import { statementSteps } from "../shared/judge/statements/steps.js";
import { contextStatementsPrompt, statementRelevancePromptFor } from "./prompt.js";

/** One statement's verdict: 1 when it is relevant to the question, with the statement and its context's index. */
export type StatementRelevanceVerdict = ReadPassVerdict & { context: number; statement: string };

/** The verdicts of all contexts in order, what they cost, and how long contexts were split. */
export interface ContextualRelevancyJudgement {
  verdicts: StatementRelevanceVerdict[];
  usage: JudgeUsage;
  splits: SplitRecord[];
}

/**
 * For each retrieved context, the judge lists its statements, then says for each whether it is relevant to the
 * question. A context with no statement counts as one irrelevant statement (the context itself), as DeepEval's
 * prompt tells its judge to answer for a context without content; no judge call is made for it.
 */
export async function judgeContextualRelevancy(
  llm: Llm,
  question: string,
  contexts: readonly string[],
  settings: JudgeSettings,
  signal: AbortSignal | undefined,
  reading: VerdictReading,
): Promise<ContextualRelevancyJudgement> {
  const steps = statementSteps(llm, settings, signal, reading);
  const template = statementRelevancePromptFor(reading.reasons !== false);
  const verdicts: StatementRelevanceVerdict[] = [];
  for (const [context, text] of contexts.entries()) {
    const statements = await extractList(
      steps,
      contextStatementsPrompt,
      text,
      `retrievedContexts[${context}]`,
      (part) => ({ context: part }),
      "statements",
    );
    if (statements.length === 0) {
      verdicts.push({
        context,
        statement: text,
        verdict: 0,
        ...(reading.scoring === "expected" ? { weight: 0 } : {}),
      });
      continue;
    }
    for (const statement of statements) {
      const input = { question, statement };
      const read = await askPassVerdict(
        { llm, template, input, settings, usage: steps.usage, signal },
        reading,
      );
      verdicts.push({ context, statement, ...read });
    }
  }
  return { verdicts, usage: steps.usage, splits: steps.splits };
}
