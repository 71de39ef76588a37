// Ragas' agent goal accuracy, with and without reference: prompt.ts (goal and end state; outcome comparison),
// judge.ts (the two calls), score.ts (the verdict as the value), descriptor.ts (ids and options). The judge reads the
// conversation as ../shared/conversation/transcript.ts writes it.

import type { MetricDescriptor, MetricInput, MetricOptionsOf } from "../descriptor.js";
import { JudgeMetric } from "../shared/base/judge-metric.js";
import { ragasTranscript } from "../shared/conversation/transcript.js";
import { writtenReason } from "../shared/judge/text-schema.js";
import type { MetricResult } from "../types.js";
import { agentGoalAccuracyDescriptor, agentGoalAccuracyWithoutReferenceDescriptor } from "./descriptor.js";
import { judgeGoalAccuracy } from "./judge.js";
import { compareOutcomePromptFor, workflowPrompt } from "./prompt.js";
import { goalAccuracy } from "./score.js";

/** Options of the agent goal accuracy metrics (both descriptors share one options schema). */
export type AgentGoalAccuracyOptions = MetricOptionsOf<typeof agentGoalAccuracyDescriptor>;

/** What the two metrics read: the conversation, and the reference outcome where the descriptor reads it. */
type GoalInput = MetricInput<typeof agentGoalAccuracyWithoutReferenceDescriptor> &
  Partial<MetricInput<typeof agentGoalAccuracyDescriptor>>;

abstract class GoalAccuracyMetric<D extends MetricDescriptor> extends JudgeMetric<GoalInput, D> {
  protected async compute(input: GoalInput, signal: AbortSignal | undefined): Promise<MetricResult> {
    const reference = input.referenceOutcome;
    const { usage, ...j } = await judgeGoalAccuracy(
      this.llm,
      { transcript: ragasTranscript(input.messages), ...(reference !== undefined ? { reference } : {}) },
      this.settings,
      signal,
      this.reading,
    );
    const against = reference !== undefined ? "the reference outcome" : "the user goal";
    const expected = this.reading.scoring === "expected";
    return {
      value: goalAccuracy(j.verdict, expected ? j.weight : undefined),
      status: "ok",
      reason: `${j.verdict === 1 ? "the end state reaches" : "the end state does not reach"} ${against}${writtenReason(j.reason) !== undefined ? `: ${j.reason}` : ""}${expected ? " (value is the judge's probability of 1)" : ""}`,
      details: { ...j, usage },
    };
  }

  protected override promptVersions(): Record<string, string> {
    const compare = compareOutcomePromptFor(this.reading.reasons !== false);
    return { [workflowPrompt.name]: workflowPrompt.version, [compare.name]: compare.version };
  }
}

/**
 * Ragas `AgentGoalAccuracyWithReference` (`agent_goal_accuracy`): did the agent reach the outcome it should? The
 * judge reads the user goal and the end state from `messages`, then compares the end state with `referenceOutcome`:
 * 1 when they match, else 0. `details` hold the goal, the end state and the comparison's reason.
 *
 * @example
 * const metric = new AgentGoalAccuracyWithReference({ llm });
 * const { value } = await metric.score({
 *   messages: [{ role: "user", content: "Book a table for two at 8pm." }, { role: "assistant", content: "Booked: 8pm, two people." }],
 *   referenceOutcome: "A table for two is booked at 8pm.",
 * });
 */
export class AgentGoalAccuracyWithReference extends GoalAccuracyMetric<typeof agentGoalAccuracyDescriptor> {
  static readonly descriptor = agentGoalAccuracyDescriptor;
}

/**
 * Ragas `AgentGoalAccuracyWithoutReference` (`agent_goal_accuracy_without_reference`; Ragas names it
 * `agent_goal_accuracy` too): the judge reads the user goal and the end state from `messages`, then decides whether
 * the end state achieves the goal: 1 or 0.
 *
 * @example
 * const { value } = await new AgentGoalAccuracyWithoutReference({ llm }).score({ messages });
 */
export class AgentGoalAccuracyWithoutReference extends GoalAccuracyMetric<
  typeof agentGoalAccuracyWithoutReferenceDescriptor
> {
  static readonly descriptor = agentGoalAccuracyWithoutReferenceDescriptor;
}
