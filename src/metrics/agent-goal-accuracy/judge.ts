import type { Llm } from "../../llm/types.js";
import { askJudgeForVerdicts, readFields, type VerdictReading } from "../shared/judge/choice-verdicts.js";
import { askJudge, type JudgeSettings, type JudgeUsage, newUsage } from "../shared/judge/judge.js";
import { compareOutcomePromptFor, workflowPrompt } from "./prompt.js";

/** The verdict slot of the comparison answer. */
const VERDICT_SLOT = { key: "verdict", values: ["0", "1"] } as const;

/** What the judge read and decided for one conversation. */
export interface GoalJudgement {
  /** The user goal the judge read from the conversation. */
  userGoal: string;
  /** The end state the judge read from the conversation. */
  endState: string;
  /** What the end state was compared with: the reference outcome, or the user goal without a reference. */
  desiredOutcome: string;
  /** The comparison's reason (absent with `reasons: false`). */
  reason?: string;
  /** 1 when the end state reaches the desired outcome, else 0. */
  verdict: 0 | 1;
  /** The written verdict's probability among 0 and 1, when confidences are read. */
  confidence?: number;
  /** The probability of 1 (`scoring: "expected"`). */
  weight?: number;
  usage: JudgeUsage;
}

/**
 * Ragas' two calls: the judge reads the user goal and the end state from the conversation, then compares the end
 * state (arrived outcome) with the desired outcome: `reference` when given (with reference), else the user goal it
 * read (without reference).
 */
export async function judgeGoalAccuracy(
  llm: Llm,
  input: { transcript: string; reference?: string },
  settings: JudgeSettings,
  signal: AbortSignal | undefined,
  reading: VerdictReading,
): Promise<GoalJudgement> {
  const usage = newUsage();
  const workflow = await askJudge(
    llm,
    workflowPrompt,
    { workflow: input.transcript },
    settings,
    usage,
    signal,
  );
  const desiredOutcome = input.reference ?? workflow.user_goal;
  const { value, reads } = await askJudgeForVerdicts(
    {
      llm,
      template: compareOutcomePromptFor(reading.reasons !== false),
      input: { desired_outcome: desiredOutcome, arrived_outcome: workflow.end_state },
      settings,
      usage,
      signal,
    },
    VERDICT_SLOT,
    reading,
    (answer) => [answer.verdict],
  );
  return {
    userGoal: workflow.user_goal,
    endState: workflow.end_state,
    desiredOutcome,
    ...(value.reason !== undefined ? { reason: value.reason } : {}),
    verdict: value.verdict,
    ...readFields(reads?.[0], reading),
    usage,
  };
}
