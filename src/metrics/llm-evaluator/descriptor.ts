import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import {
  definitionTextSchema,
  judgeInputsSchema,
  scaleSchema,
  userKeySchema,
} from "../shared/judge/custom-judge.js";
import {
  customJudgeDescriptorBase,
  customJudgeOptionFields,
  customJudgeSamplingFields,
} from "../shared/judge/custom-options.js";

/** An input or answer key: letters, digits and _, and not a name every object has (`__proto__`, `constructor`). */
const keyName = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { error: "must be a plain key: letters, digits, _" })
  .pipe(userKeySchema);

/** `llm_evaluator`: your instructions, inputs and answer keys; the number under `scoreKey` is the value; opt-in. */
export const llmEvaluatorDescriptor = defineMetric({
  id: "llm_evaluator",
  surfaces: { haystack: "LLMEvaluator" },
  description:
    "The number your instructions ask the judge for (under scoreKey), from the sample fields you name.",
  ...customJudgeDescriptorBase,
  requiredFields: [],
  definable: { fields: (options) => [...new Set(Object.values(options.inputs))] },
  options: z.strictObject({
    /** The metric's id in results, snake_case, e.g. `on_topic`. Required. */
    name: customJudgeOptionFields.name,
    ...customJudgeSamplingFields,
    /** What the judge is to do, in words. Required. */
    instructions: definitionTextSchema,
    /**
     * Input name as the judge sees it to the sample field it comes from, by Ragas or camelCase name, e.g.
     * `{ question: "user_input", answer: "response" }`; a row lacking one is skipped. Required.
     */
    inputs: z
      .record(keyName, z.string())
      .refine((r) => Object.keys(r).length > 0, { error: "map at least one input name to a field" })
      .transform((record, ctx) => {
        const out: Record<string, NonNullable<z.output<typeof judgeInputsSchema>>[number]> = {};
        for (const [name, column] of Object.entries(record)) {
          const parsed = judgeInputsSchema.safeParse([column]);
          if (!parsed.success) {
            ctx.addIssue({ code: "custom", path: [name], message: parsed.error.issues[0]!.message });
            return z.NEVER;
          }
          out[name] = parsed.data[0]!;
        }
        return out;
      }),
    /** The number key of the answer that becomes the metric's value. Defaults to "score". */
    scoreKey: keyName.default("score"),
    /** Other answer keys (numbers, booleans or texts) written before the score. Defaults to `["reason"]`. */
    outputs: z.array(keyName).default(["reason"]),
    /** Whole-number range `{ min, max }` of the score. Defaults to any number. */
    scale: scaleSchema.optional(),
    /** Few-shot examples `{ inputs, outputs }` by input and output names. Defaults to none. */
    examples: z
      .array(
        z.strictObject({
          inputs: z.record(userKeySchema, z.unknown()),
          outputs: z.record(userKeySchema, z.unknown()),
        }),
      )
      .optional(),
  }),
});
