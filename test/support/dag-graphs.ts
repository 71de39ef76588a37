// Decision graphs the DAG tests share: DeepEval's docs example of a summary's format (extract the headings, check
// they are all there, then grade their order), and a conversation's resolution in three labels, each with a space.
import type { ConversationalDAGMetricOptions } from "../../src/metrics/conversational-dag/metric.js";
import type { DAGMetricOptions } from "../../src/metrics/dag/metric.js";

/** DeepEval's docs example: extract headings, check they are all there, then grade their order. */
export const formatNodes: DAGMetricOptions["nodes"] = {
  headings: {
    type: "task",
    instructions: "List the headings of the summary.",
    outputLabel: "Summary headings",
    inputs: ["response"],
    children: ["complete"],
  },
  complete: {
    type: "binary_judgement",
    criteria: "Does the heading list hold intro, body and conclusion?",
    verdicts: [
      { verdict: false, score: 0 },
      { verdict: true, child: "order" },
    ],
  },
  order: {
    type: "non_binary_judgement",
    criteria: "Are the headings in the order intro, body, conclusion?",
    inputs: ["response"],
    verdicts: [
      { verdict: "in order", score: 10 },
      { verdict: "two swapped", score: 4 },
      { verdict: "all out of order", score: 2 },
    ],
  },
};

/** Whether the user's problem was solved, over the whole conversation: one non-binary judgement. */
export const resolutionNodes: ConversationalDAGMetricOptions["nodes"] = {
  solved: {
    type: "non_binary_judgement",
    criteria: "Was the user's problem solved?",
    inputs: ["role", "content"],
    verdicts: [
      { verdict: "fully solved", score: 10 },
      { verdict: "partly solved", score: 5 },
      { verdict: "not solved", score: 0 },
    ],
  },
};
