import type { JudgeUsage } from "../shared/judge/judge.js";
import type { SplitRecord } from "../shared/judge/split.js";
import { extractStatements } from "../shared/judge/statements/extract.js";
import type { StatementSteps } from "../shared/judge/statements/steps.js";
import { judgeStatements } from "../shared/judge/statements/verdicts.js";
import type { Verdict } from "../shared/judge/statements/verdicts-prompt.js";

/** Everything the judge said about one row: statements, one merged verdict per statement, splits, cost. */
export interface FaithfulnessJudgement {
  statements: string[];
  verdicts: Verdict[];
  splits: SplitRecord[];
  usage: JudgeUsage;
}

/**
 * The core shared by `Faithfulness` (Ragas) and `FaithfulnessEvaluator` (Haystack), both steps from
 * shared/judge/statements/:
 * 1. the judge breaks the response into standalone statements (a response too long for the judge's
 *    window is split on sentence boundaries and the statements concatenated);
 * 2. the judge gives each statement a verdict against the contexts. When the contexts overflow the
 *    window they are judged per context, then per chunk, and the verdicts are merged by
 *    `mergePartVerdicts`. A verdict list whose length differs from the statements is a `JudgeOutputError`.
 */
export async function judgeFaithfulness(
  steps: StatementSteps,
  input: { question: string; response: string; contexts: string[] },
): Promise<FaithfulnessJudgement> {
  const statements = await extractStatements(steps, input.question, input.response, "response");
  const verdicts = await judgeStatements(steps, statements, input.contexts, "retrievedContexts");
  return { statements, verdicts, splits: steps.splits, usage: steps.usage };
}
