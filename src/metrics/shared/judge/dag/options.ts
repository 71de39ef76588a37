// The options of both decision-graph metrics (dag, conversational_dag): the graph, its name, the judge's settings
// and the verdict reading; the graph's rules (check.ts) run when the options are parsed, before any model loads.
import { z } from "zod";
import { verdictOptionsShape } from "../choice-verdicts.js";
import { customMetricNameSchema } from "../custom-judge.js";
import { judgeSettingsShape } from "../options.js";
import { checkDag } from "./check.js";
import { dagNodeSchemas, nodeIdSchema } from "./definition.js";

/**
 * The options schema of a decision-graph metric whose nodes read the fields `inputs` parses: the shape with its
 * documentation, and the graph's rules as refinements (each problem at its path, e.g. `nodes.order.verdicts`).
 */
export function dagOptionsSchema<I extends z.ZodType<readonly string[]>>(inputs: I) {
  return z
    .strictObject({
      /** The metric's id in results, snake_case, e.g. `summary_format`. Required. */
      name: customMetricNameSchema,
      /**
       * The graph's nodes by id: tasks (`type: task`, with `instructions`, `outputLabel` and `children`), yes/no
       * judgements (`type: binary_judgement`, `criteria`, verdicts true and false) and one-of-N judgements
       * (`type: non_binary_judgement`, `criteria`, two or more labelled verdicts); each verdict ends in a `score`
       * (0 to 10), `child` (the next node's id) or, in TypeScript, a child `metric`. Nodes nothing leads to are the
       * roots. Required.
       */
      nodes: z.record(nodeIdSchema, dagNodeSchemas(inputs)),
      ...judgeSettingsShape,
      ...verdictOptionsShape,
    })
    .superRefine((options, ctx) => {
      for (const problem of checkDag(options.nodes)) {
        ctx.addIssue({ code: "custom", path: problem.path, message: problem.message });
      }
    });
}
