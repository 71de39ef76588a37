import type { JudgeUsage } from "../shared/judge/judge.js";
import type { SplitRecord } from "../shared/judge/split.js";
import { extractStatements } from "../shared/judge/statements/extract.js";
import type { StatementSteps } from "../shared/judge/statements/steps.js";
import { judgeStatements } from "../shared/judge/statements/verdicts.js";
import type { Verdict } from "../shared/judge/statements/verdicts-prompt.js";

/** The reference's statements, one attribution per statement, what was split and what it cost. */
export interface ContextRecallJudgement {
  statements: string[];
  attributions: Verdict[];
  splits: SplitRecord[];
  usage: JudgeUsage;
}

/**
 * 1. The judge breaks the reference into standalone statements (the statements step faithfulness
 *    uses, so a row whose reference another metric already split costs no second call).
 * 2. Each statement gets a verdict against all retrieved contexts (1: attributable to them).
 *    With no contexts, nothing is attributable and no verdict call is made.
 */
export async function judgeContextRecall(
  steps: StatementSteps,
  input: { question: string; reference: string; contexts: readonly string[] },
): Promise<ContextRecallJudgement> {
  const statements = await extractStatements(steps, input.question, input.reference, "reference");
  const attributions =
    input.contexts.length === 0
      ? statements.map(
          (statement): Verdict =>
            steps.reading.reasons === false
              ? { statement, verdict: 0 }
              : { statement, reason: "No context was retrieved.", verdict: 0 },
        )
      : await judgeStatements(steps, statements, input.contexts, "retrievedContexts");
  return { statements, attributions, splits: steps.splits, usage: steps.usage };
}
