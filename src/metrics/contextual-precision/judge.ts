import type { Llm } from "../../llm/types.js";
import type { VerdictReading } from "../shared/judge/choice-verdicts.js";
import { askPassVerdict, type ReadPassVerdict } from "../shared/judge/deepeval-verdicts.js";
import { type JudgeSettings, type JudgeUsage, newUsage } from "../shared/judge/judge.js";
import { contextUsefulnessPromptFor } from "./prompt.js";

/** One context's verdict: 1 when it is useful for the reference, with its index in the retrieval order. */
export type ContextUsefulnessVerdict = ReadPassVerdict & { context: number };

/** The verdicts, one per context in retrieval order, and what they cost. */
export interface ContextualPrecisionJudgement {
  verdicts: ContextUsefulnessVerdict[];
  usage: JudgeUsage;
  splits: [];
}

/** Asks the judge once per retrieved context, in retrieval order, whether it is useful for the reference. */
export async function judgeContextualPrecision(
  llm: Llm,
  question: string,
  reference: string,
  contexts: readonly string[],
  settings: JudgeSettings,
  signal: AbortSignal | undefined,
  reading: VerdictReading,
): Promise<ContextualPrecisionJudgement> {
  const usage = newUsage();
  const template = contextUsefulnessPromptFor(reading.reasons !== false);
  const verdicts: ContextUsefulnessVerdict[] = [];
  for (const [context, text] of contexts.entries()) {
    const input = { question, reference, context: text };
    verdicts.push({
      context,
      ...(await askPassVerdict({ llm, template, input, settings, usage, signal }, reading)),
    });
  }
  return { verdicts, usage, splits: [] };
}
