import type { Llm } from "../../llm/types.js";
import { askJudge, type JudgeSettings, type JudgeUsage, newUsage } from "../shared/judge.js";
import { judgeWithSplitting, type SplitRecord, splitRecord } from "../shared/split.js";
import { type ContextPrecisionVerdict, contextPrecisionPrompt } from "./prompt.js";

/** One verdict per retrieved context, in order, with what was split and what it cost. */
export interface ContextPrecisionJudgement {
  verdicts: ContextPrecisionVerdict[];
  splits: SplitRecord[];
  usage: JudgeUsage;
}

/**
 * Asks the judge about each retrieved context in turn (one call per context, as Ragas does). A
 * context too long for the judge's window is judged in parts, and it is useful when any part is.
 */
export async function judgeContextPrecision(
  llm: Llm,
  input: { question: string; answer: string; contexts: readonly string[] },
  settings: JudgeSettings,
  signal: AbortSignal | undefined,
): Promise<ContextPrecisionJudgement> {
  const usage = newUsage();
  const splits: SplitRecord[] = [];
  const verdicts: ContextPrecisionVerdict[] = [];
  for (const [index, context] of input.contexts.entries()) {
    const field = `retrievedContexts[${index}]`;
    const outcome = await judgeWithSplitting([context], field, (parts) =>
      askJudge(
        llm,
        contextPrecisionPrompt,
        { question: input.question, answer: input.answer, context: parts[0]!.text },
        settings,
        usage,
        signal,
      ),
    );
    const split = splitRecord(field, outcome);
    if (split) splits.push(split);
    const values = outcome.results.map((r) => r.value);
    verdicts.push(values.find((v) => v.verdict === 1) ?? values[0]!);
  }
  return { verdicts, splits, usage };
}
