import type { Llm } from "../../llm/types.js";
import type { VerdictReading } from "../shared/judge/choice-verdicts.js";
import type { JudgeSettings, JudgeUsage } from "../shared/judge/judge.js";
import type { SplitRecord } from "../shared/judge/split.js";
import { statementSteps } from "../shared/judge/statements/steps.js";
import { judgeStatements } from "../shared/judge/statements/verdicts.js";
import type { Verdict } from "../shared/judge/statements/verdicts-prompt.js";
import { referenceSentences } from "./score.js";

/** One verdict per reference sentence, what they cost, and how long contexts were split. */
export interface ContextualRecallJudgement {
  verdicts: Verdict[];
  usage: JudgeUsage;
  splits: SplitRecord[];
}

/**
 * Cuts the reference into sentences and asks the judge, in one call with exactly one verdict per sentence (the
 * shared `faithfulness/verdicts` step), whether each can be attributed to the contexts; contexts too long for the
 * judge's window are judged in parts.
 */
export async function judgeContextualRecall(
  llm: Llm,
  reference: string,
  contexts: readonly string[],
  settings: JudgeSettings,
  signal: AbortSignal | undefined,
  reading: VerdictReading,
): Promise<ContextualRecallJudgement> {
  const steps = statementSteps(llm, settings, signal, reading);
  const verdicts = await judgeStatements(steps, referenceSentences(reference), contexts, "retrievedContexts");
  return { verdicts, usage: steps.usage, splits: steps.splits };
}
