import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { verdictOptionsShape } from "../shared/judge/choice-verdicts.js";
import { judgeSettingsShape } from "../shared/judge/options.js";

const options = z.object({ ...judgeSettingsShape, ...verdictOptionsShape });

/**
 * `agent_goal_accuracy` (Ragas `AgentGoalAccuracyWithReference`): 1 when the conversation's end state matches the
 * reference outcome. Opt-in: it reads a whole conversation with a judge, so the judge-free agent metrics stay the
 * default on conversation datasets.
 */
export const agentGoalAccuracyDescriptor = defineMetric({
  id: "agent_goal_accuracy",
  description:
    "Ragas' agent goal accuracy with reference: 1 when the end state the judge reads from the conversation matches the reference outcome, else 0.",
  reads: [{ field: "messages", judgeReadable: true }, "referenceOutcome"],
  needsLlm: true,
  needsEmbeddings: false,
  valueRange: [0, 1],
  options,
  optIn: true,
});

/**
 * `agent_goal_accuracy_without_reference` (Ragas `AgentGoalAccuracyWithoutReference`, whose Ragas name is also
 * `agent_goal_accuracy`; here it has an id of its own, so results of the two never mix): 1 when the end state
 * achieves the user goal, both read from the conversation. Opt-in, as its sibling.
 */
export const agentGoalAccuracyWithoutReferenceDescriptor = defineMetric({
  id: "agent_goal_accuracy_without_reference",
  description:
    "Ragas' agent goal accuracy without reference: 1 when the end state the judge reads from the conversation achieves the user goal it reads there, else 0.",
  reads: [{ field: "messages", judgeReadable: true }],
  needsLlm: true,
  needsEmbeddings: false,
  valueRange: [0, 1],
  options,
  optIn: true,
});
