import type { Llm } from "../../llm/types.js";
import { askJudge, type JudgeSettings, type JudgeUsage, newUsage } from "../shared/judge.js";
import { judgeWithSplitting, type SplitRecord, splitRecord } from "../shared/split.js";
import { type FaithfulnessPrompts, type Verdict, verdictsSchema } from "./prompt.js";
import { mergePartVerdicts } from "./score.js";

/** Everything the judge said about one row: statements, one merged verdict per statement, splits, cost. */
export interface FaithfulnessJudgement {
  statements: string[];
  verdicts: Verdict[];
  splits: SplitRecord[];
  usage: JudgeUsage;
}

/**
 * The core shared by `Faithfulness` (Ragas) and `FaithfulnessEvaluator` (Haystack):
 * 1. the judge breaks the response into standalone statements (a response too long for the judge's
 *    window is split on sentence boundaries and the statements concatenated);
 * 2. the judge gives each statement a verdict against the contexts. When the contexts overflow the
 *    window they are judged per context, then per chunk, and the verdicts are merged by
 *    `mergePartVerdicts` (score.ts). A verdict list whose length differs from the statements is a `JudgeOutputError`.
 */
export async function judgeFaithfulness(
  llm: Llm,
  prompts: FaithfulnessPrompts,
  input: { question: string; response: string; contexts: string[] },
  settings: JudgeSettings,
  signal: AbortSignal | undefined,
): Promise<FaithfulnessJudgement> {
  const usage = newUsage();
  const splits: SplitRecord[] = [];

  const statementsOutcome = await judgeWithSplitting([input.response], "response", (parts) =>
    askJudge(
      llm,
      prompts.statements,
      { question: input.question, answer: parts[0]!.text },
      settings,
      usage,
      signal,
    ),
  );
  const responseSplit = splitRecord("response", statementsOutcome);
  if (responseSplit) splits.push(responseSplit);
  const statements = statementsOutcome.results
    .flatMap((r) => r.value.statements)
    .map((s) => s.trim())
    .filter((s) => s !== "");
  if (statements.length === 0) return { statements, verdicts: [], splits, usage };

  const schema = verdictsSchema(statements.length);
  const verdictsOutcome = await judgeWithSplitting(input.contexts, "retrievedContexts", (parts) =>
    askJudge(
      llm,
      prompts.verdicts,
      { contexts: parts.map((p) => p.text), statements },
      settings,
      usage,
      signal,
      schema,
    ),
  );
  const contextSplit = splitRecord("retrievedContexts", verdictsOutcome);
  if (contextSplit) splits.push(contextSplit);

  const verdicts = statements.map((statement, i): Verdict => {
    const merged = mergePartVerdicts(verdictsOutcome.results.map((r) => r.value.verdicts[i]!));
    return { statement, reason: merged.reason, verdict: merged.verdict };
  });
  return { statements, verdicts, splits, usage };
}
