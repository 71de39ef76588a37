import { defineMetric } from "../descriptor.js";
import { judgeInputsSchema } from "../shared/judge/custom-judge.js";
import { dagOptionsSchema } from "../shared/judge/dag/options.js";
import type { SampleField } from "../types.js";

/** `dag`: DeepEval's DAGMetric, a decision graph of small judgements whose leaves carry your scores; opt-in. */
export const dagDescriptor = defineMetric({
  id: "dag",
  description:
    "DeepEval's DAG metric: a decision graph you define (tasks, yes/no and one-of-N judgements) whose verdict leaves carry your scores, 0 to 10, as score / 10.",
  // None of its own: the fields are the ones its nodes show the judge (`definable.fields`).
  requiredFields: [],
  needsLlm: true,
  needsEmbeddings: false,
  optIn: true,
  valueRange: [0, 1],
  // The fields every node shows the judge, in node order, each once.
  definable: {
    fields: (options) => [
      ...new Set(Object.values(options.nodes).flatMap((n) => (n.inputs ?? []) as SampleField[])),
    ],
  },
  options: dagOptionsSchema(judgeInputsSchema),
});
