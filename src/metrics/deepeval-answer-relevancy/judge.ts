import type { Llm } from "../../llm/types.js";
import { askJudgeForVerdicts, type VerdictReading } from "../shared/choice-verdicts.js";
import type { JudgeSettings, JudgeUsage } from "../shared/judge.js";
import type { SplitRecord } from "../shared/split.js";
import { extractStatements } from "../shared/statements/extract.js";
import { statementSteps } from "../shared/statements/steps.js";
import { type RelevancyVerdict, statementAddressesPromptFor } from "./prompt.js";

/** The verdict slot: 0 irrelevant, 1 borderline, 2 relevant. */
const RELEVANCY_SLOT = { key: "verdict", values: ["0", "1", "2"] } as const;

/**
 * One statement's verdict, with whether it counts (`counted`: relevant or borderline, 1/0) and, when probabilities
 * were read, the chosen verdict's `confidence` and (scoring "expected") `weight`, the probability it is not 0.
 */
export type StatementRelevancyVerdict = RelevancyVerdict & {
  statement: string;
  counted: 0 | 1;
  confidence?: number;
  weight?: number;
};

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
    const { value, reads } = await askJudgeForVerdicts(call, RELEVANCY_SLOT, reading, (v) => [v.verdict]);
    const read = reads?.[0];
    verdicts.push({
      statement,
      ...value,
      counted: value.verdict === 0 ? 0 : 1,
      ...(read ? { confidence: read.confidence } : {}),
      ...(read && reading.scoring === "expected" ? { weight: 1 - (read.probabilities["0"] ?? 0) } : {}),
    });
  }
  return { verdicts, usage: steps.usage, splits: steps.splits };
}
