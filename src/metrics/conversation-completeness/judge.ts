import type { Llm } from "../../llm/types.js";
import type { DeepEvalTurn } from "../../sample/conversation/deepeval-turns.js";
import type { VerdictReading } from "../shared/judge/choice-verdicts.js";
import { askPassVerdict, type ReadPassVerdict } from "../shared/judge/deepeval-verdicts.js";
import { askJudge, type JudgeSettings, type JudgeUsage, newUsage } from "../shared/judge/judge.js";
import { intentionsPrompt, intentionVerdictPromptFor } from "./prompt.js";

/** One intention's verdict: 1 when the assistant satisfied it. */
export type IntentionVerdict = ReadPassVerdict & { intention: string };

/** The verdicts, one per intention in the judge's order, and what they cost. */
export interface CompletenessJudgement {
  verdicts: IntentionVerdict[];
  usage: JudgeUsage;
}

/**
 * DeepEval's two steps: the user's intentions from the whole conversation (one call; none without a user turn),
 * then one verdict per intention against the whole conversation.
 */
export async function judgeConversationCompleteness(
  llm: Llm,
  turns: readonly DeepEvalTurn[],
  settings: JudgeSettings,
  signal: AbortSignal | undefined,
  reading: VerdictReading,
): Promise<CompletenessJudgement> {
  const usage = newUsage();
  const userTurns = turns.filter((t) => t.role === "user").length;
  if (userTurns === 0) return { verdicts: [], usage };
  const listed = await askJudge(llm, intentionsPrompt(userTurns), { turns }, settings, usage, signal);
  const intentions = listed.intentions.map((i) => i.trim());
  const template = intentionVerdictPromptFor(reading.reasons !== false);
  const verdicts: IntentionVerdict[] = [];
  for (const intention of intentions) {
    const read = await askPassVerdict(
      { llm, template, input: { turns, intention }, settings, usage, signal },
      reading,
    );
    verdicts.push({ intention, ...read });
  }
  return { verdicts, usage };
}
