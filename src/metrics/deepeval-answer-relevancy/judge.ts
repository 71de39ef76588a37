import type { Llm } from "../../llm/types.js";
import type { VerdictReading } from "../shared/judge/choice-verdicts.js";
import { askThreeWayVerdict, type CountedThreeWayVerdict } from "../shared/judge/deepeval-rag/three-way.js";
import type { JudgeSettings, JudgeUsage } from "../shared/judge/judge.js";
import type { SplitRecord } from "../shared/judge/split.js";
import { extractStatements } from "../shared/judge/statements/extract.js";
import { statementSteps } from "../shared/judge/statements/steps.js";
import { statementAddressesPromptFor } from "./prompt.js";

/** One statement's verdict (2 relevant, 1 borderline, 0 irrelevant) and whether it counts (relevant or borderline). */
export type StatementRelevancyVerdict = CountedThreeWayVerdict & { statement: string };

/** The verdicts of the response's statements, what they cost, and how the response was split. */
export interface DeepEvalAnswerRelevancyJudgement {
  verdicts: StatementRelevancyVerdict[];
  usage: JudgeUsage;
  splits: SplitRecord[];
}

/**
 * The judge breaks the response into statements (the shared statements step), then gives each a verdict of its own:
 * relevant (2), borderline (1) or irrelevant (0) to the question.
 */
export async function judgeDeepEvalAnswerRelevancy(
  llm: Llm,
  question: string,
  response: string,
  settings: JudgeSettings,
  signal: AbortSignal | undefined,
  reading: VerdictReading,
): Promise<DeepEvalAnswerRelevancyJudgement> {
  const steps = statementSteps(llm, settings, signal, reading);
  const statements = await extractStatements(steps, question, response, "response");
  const template = statementAddressesPromptFor(reading.reasons !== false);
  const verdicts: StatementRelevancyVerdict[] = [];
  for (const statement of statements) {
    const call = { llm, template, input: { question, statement }, settings, usage: steps.usage, signal };
    verdicts.push({ statement, ...(await askThreeWayVerdict(call, reading, (v) => (v === 0 ? 0 : 1))) });
  }
  return { verdicts, usage: steps.usage, splits: steps.splits };
}
