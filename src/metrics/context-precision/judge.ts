import type { Llm } from "../../llm/types.js";
import {
  askJudgeForVerdicts,
  readFields,
  type VerdictReading,
  WRITTEN_VERDICTS,
} from "../shared/judge/choice-verdicts.js";
import { type JudgeSettings, type JudgeUsage, newUsage } from "../shared/judge/judge.js";
import { judgeWithSplitting, type SplitRecord, splitRecord } from "../shared/judge/split.js";
import { mergePartVerdicts } from "../shared/judge/statements/merge.js";
import { type ContextPrecisionVerdict, contextPrecisionPromptFor } from "./prompt.js";

/** The verdict slot of a context precision answer. */
const VERDICT_SLOT = { key: "verdict", values: ["0", "1"] } as const;

/** One context's verdict, with its `confidence` and `weight` (P(useful)) when probabilities were read. */
export type ReadContextVerdict = ContextPrecisionVerdict & { confidence?: number; weight?: number };

/** One verdict per retrieved context, in order, with what was split and what it cost. */
export interface ContextPrecisionJudgement {
  verdicts: ReadContextVerdict[];
  splits: SplitRecord[];
  usage: JudgeUsage;
}

/**
 * Asks the judge about each retrieved context in turn (one call per context, as Ragas does). A
 * context too long for the judge's window is judged in parts, and it is useful when any part is (its weight, with
 * `scoring: "expected"`, is the largest part weight). `reading` says whether each verdict's probability is read and
 * whether the judge writes a reason first (`reasons`).
 */
export async function judgeContextPrecision(
  llm: Llm,
  input: { question: string; answer: string; contexts: readonly string[] },
  settings: JudgeSettings,
  signal: AbortSignal | undefined,
  reading: VerdictReading = WRITTEN_VERDICTS,
): Promise<ContextPrecisionJudgement> {
  const usage = newUsage();
  const splits: SplitRecord[] = [];
  const verdicts: ReadContextVerdict[] = [];
  const template = contextPrecisionPromptFor(reading.reasons !== false);
  for (const [index, context] of input.contexts.entries()) {
    const field = `retrievedContexts[${index}]`;
    const outcome = await judgeWithSplitting([context], field, async (parts) => {
      const partInput = { question: input.question, answer: input.answer, context: parts[0]!.text };
      const { value, reads } = await askJudgeForVerdicts(
        { llm, template, input: partInput, settings, usage, signal },
        VERDICT_SLOT,
        reading,
        (answer) => [answer.verdict],
      );
      return { ...value, ...readFields(reads?.[0], reading) };
    });
    const split = splitRecord(field, outcome);
    if (split) splits.push(split);
    verdicts.push(mergePartVerdicts(outcome.results.map((r) => r.value)) as ReadContextVerdict);
  }
  return { verdicts, splits, usage };
}
