import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { verdictOptionsShape } from "../shared/judge/choice-verdicts.js";
import { definitionTextSchema } from "../shared/judge/custom-judge.js";
import { customJudgeDescriptorBase, customJudgeOptionFields } from "../shared/judge/custom-options.js";
import { rubricKeysProblem } from "./score.js";

const levelKey = z.string().regex(/^score-?\d+_description$/, {
  error: "rubric keys must look like score<N>_description, e.g. score1_description",
});

/** `rubrics_score`: one rubric for the whole dataset; opt-in. */
export const rubricsScoreDescriptor = defineMetric({
  id: "rubrics_score",
  description:
    "The rubric score (1-5 by default) a judge gives each row, with feedback; passed through unscaled.",
  ...customJudgeDescriptorBase,
  definable: {
    fields: (options) =>
      options.inputs ?? ["userInput", "response", ...(options.withReference ? (["reference"] as const) : [])],
  },
  options: z.strictObject({
    ...customJudgeOptionFields,
    /** The metric's id in results, snake_case. Defaults to "rubrics_score". */
    name: customJudgeOptionFields.name.default("rubrics_score"),
    /**
     * The rubric for every row: `score<N>_description` keys to what score N means (integer levels, at least two).
     * Defaults to a built-in 1-5 rubric (one for rows with a reference when `withReference` is set, one without).
     */
    rubrics: z
      .record(levelKey, definitionTextSchema)
      .refine((r) => Object.keys(r).length >= 2, { error: "needs at least two score levels" })
      .superRefine((r, ctx) => {
        const problem = rubricKeysProblem(Object.keys(r));
        if (problem !== undefined)
          ctx.addIssue({ code: "custom", path: [problem.key], message: problem.problem });
      })
      .optional(),
    /** Rows must have a reference, shown to the judge; picks the reference-based default rubric. Defaults to false. */
    withReference: z.boolean().default(false),
    ...verdictOptionsShape,
  }),
});

/** `instance_rubrics`: a rubric per row from the dataset's `rubrics` column; opt-in. */
export const instanceRubricsDescriptor = defineMetric({
  id: "instance_rubrics",
  description:
    "The score a judge gives each row under that row's own rubric (column rubrics), with feedback.",
  ...customJudgeDescriptorBase,
  definable: { fields: (options) => [...(options.inputs ?? ["userInput", "response"]), "rubrics"] },
  requiredFields: ["userInput", "response", "rubrics"],
  options: z.strictObject({
    ...customJudgeOptionFields,
    /** The metric's id in results, snake_case. Defaults to "instance_rubrics". */
    name: customJudgeOptionFields.name.default("instance_rubrics"),
    ...verdictOptionsShape,
  }),
});
