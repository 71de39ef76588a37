import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { reasonsShape } from "../shared/judge/choice-verdicts.js";
import {
  customJudgeDescriptorBase,
  customJudgeOptionFields,
  definitionField,
  scaleField,
} from "../shared/judge/custom-options.js";

/** `simple_criteria`: a user-defined criterion scored on a user range; opt-in. */
export const simpleCriteriaDescriptor = defineMetric({
  id: "simple_criteria",
  description: "A whole-number score in your range for a criterion you define in words, with a reason.",
  ...customJudgeDescriptorBase,
  definable: true,
  valueFrom: "judge",
  options: z.strictObject({
    ...customJudgeOptionFields,
    ...definitionField,
    ...scaleField,
    ...reasonsShape,
  }),
});
