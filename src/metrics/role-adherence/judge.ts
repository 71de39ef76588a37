import type { Llm } from "../../llm/types.js";
import type { DeepEvalTurn } from "../../sample/conversation/deepeval-turns.js";
import { askJudgeForVerdicts, readFields, type VerdictReading } from "../shared/judge/choice-verdicts.js";
import { PASS_SLOT, type ReadPassVerdict } from "../shared/judge/deepeval-verdicts.js";
import { type JudgeSettings, type JudgeUsage, newUsage } from "../shared/judge/judge.js";
import { roleAdherencePromptFor, roleAdherenceSchema } from "./prompt.js";

/** One assistant message's verdict: 1 in character, with its index in `messages`. */
export type RoleVerdict = ReadPassVerdict & { message: number };

/** The verdicts, one per assistant message in order, and what they cost. */
export interface RoleAdherenceJudgement {
  verdicts: RoleVerdict[];
  usage: JudgeUsage;
}

/** Asks the judge once for the whole conversation (no call without an assistant message): a verdict per assistant message. */
export async function judgeRoleAdherence(
  llm: Llm,
  role: string,
  turns: readonly DeepEvalTurn[],
  settings: JudgeSettings,
  signal: AbortSignal | undefined,
  reading: VerdictReading,
): Promise<RoleAdherenceJudgement> {
  const usage = newUsage();
  const replies = turns.filter((t) => t.role === "assistant");
  if (replies.length === 0) return { verdicts: [], usage };
  const reasons = reading.reasons !== false;
  const { value, reads } = await askJudgeForVerdicts(
    {
      llm,
      template: roleAdherencePromptFor(reasons),
      input: { role, turns },
      settings,
      usage,
      signal,
      schema: roleAdherenceSchema(replies.length, reasons),
    },
    PASS_SLOT,
    reading,
    (answer) => answer.verdicts.map((v) => v.verdict),
  );
  const verdicts = value.verdicts.map((v, i) => ({
    message: replies[i]!.message,
    ...v,
    ...readFields(reads?.[i], reading),
  }));
  return { verdicts, usage };
}
