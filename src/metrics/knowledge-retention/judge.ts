import type { Llm } from "../../llm/types.js";
import type { DeepEvalTurn } from "../../sample/conversation/deepeval-turns.js";
import type { VerdictReading } from "../shared/judge/choice-verdicts.js";
import { askPassVerdict, type ReadPassVerdict } from "../shared/judge/deepeval-verdicts.js";
import { askJudge, type JudgeSettings, type JudgeUsage, newUsage } from "../shared/judge/judge.js";
import { knowledgePrompt, retentionPromptFor } from "./prompt.js";
import { type Fact, turnsToJudge } from "./score.js";

/** The facts one user message gave, with the message's index in `messages`. */
export interface MessageKnowledge {
  message: number;
  facts: Fact[];
}

/** One judged assistant message: 1 when it keeps to the facts given before it, with its index in `messages`. */
export type RetentionVerdict = ReadPassVerdict & { message: number };

/** The facts per user message, the verdicts per judged assistant message, and the cost. */
export interface RetentionJudgement {
  knowledge: MessageKnowledge[];
  verdicts: RetentionVerdict[];
  usage: JudgeUsage;
}

/**
 * DeepEval's two steps: the facts of each user turn (one call each, with the turns before it), then one verdict per
 * assistant turn that follows a fact, against every fact given before it.
 */
export async function judgeKnowledgeRetention(
  llm: Llm,
  turns: readonly DeepEvalTurn[],
  settings: JudgeSettings,
  signal: AbortSignal | undefined,
  reading: VerdictReading,
): Promise<RetentionJudgement> {
  const usage = newUsage();
  const knowledge: Array<{ turn: number; facts: Fact[] }> = [];
  for (const [turn, t] of turns.entries()) {
    if (t.role !== "user") continue;
    const input = { previousTurns: turns.slice(0, turn), userMessage: t.content };
    const answer = await askJudge(llm, knowledgePrompt, input, settings, usage, signal);
    knowledge.push({ turn, facts: answer.facts });
  }
  const template = retentionPromptFor(reading.reasons !== false);
  const verdicts: RetentionVerdict[] = [];
  for (const judged of turnsToJudge(turns, knowledge)) {
    const input = {
      knowledge: judged.knowledge.map((k) => k.facts),
      assistantMessage: turns[judged.turn]!.content,
    };
    const read = await askPassVerdict({ llm, template, input, settings, usage, signal }, reading);
    verdicts.push({ message: turns[judged.turn]!.message, ...read });
  }
  return {
    knowledge: knowledge.map((k) => ({ message: turns[k.turn]!.message, facts: k.facts })),
    verdicts,
    usage,
  };
}
