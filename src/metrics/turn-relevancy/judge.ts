import type { Llm } from "../../llm/types.js";
import type { DeepEvalTurn } from "../../sample/conversation/deepeval-turns.js";
import type { VerdictReading } from "../shared/judge/choice-verdicts.js";
import { askPassVerdict, type ReadPassVerdict } from "../shared/judge/deepeval-verdicts.js";
import { type JudgeSettings, type JudgeUsage, newUsage } from "../shared/judge/judge.js";
import { turnRelevancyPromptFor } from "./prompt.js";
import { slidingWindows, unitInteractions } from "./score.js";

/** One exchange's verdict: 1 when its last assistant reply is relevant, with the message that reply is. */
export type TurnRelevancyVerdict = ReadPassVerdict & { message: number };

/** The verdicts, one per exchange in order, and what they cost. */
export interface TurnRelevancyJudgement {
  verdicts: TurnRelevancyVerdict[];
  usage: JudgeUsage;
}

/**
 * Cuts the turns into exchanges (DeepEval's unit interactions) and asks the judge once per exchange about its last
 * assistant reply, showing the last `windowSize` exchanges ending with it.
 */
export async function judgeTurnRelevancy(
  llm: Llm,
  turns: readonly DeepEvalTurn[],
  windowSize: number,
  settings: JudgeSettings,
  signal: AbortSignal | undefined,
  reading: VerdictReading,
): Promise<TurnRelevancyJudgement> {
  const usage = newUsage();
  const template = turnRelevancyPromptFor(reading.reasons !== false);
  const verdicts: TurnRelevancyVerdict[] = [];
  for (const window of slidingWindows(unitInteractions(turns), windowSize)) {
    const read = await askPassVerdict({ llm, template, input: { window }, settings, usage, signal }, reading);
    verdicts.push({ message: window.at(-1)!.message, ...read });
  }
  return { verdicts, usage };
}
