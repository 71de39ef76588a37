import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { pythonStrip } from "../shared/text/python-str.js";
import { patternProblem } from "./score.js";

/** Catalog entry of DeepEval `PatternMatchMetric` (opt-in: it needs a pattern). */
export const patternMatchDescriptor = defineMetric({
  id: "pattern_match",
  description: "1 when the whole response (stripped) matches a regular expression, else 0.",
  reads: ["response"],
  needsLlm: false,
  needsEmbeddings: false,
  optIn: true,
  options: z.object({
    /**
     * The regular expression the whole stripped response must match (DeepEval's `pattern`).
     * Whitespace at its ends is stripped, as DeepEval does. Syntax Python `re` and JavaScript read alike:
     * `(?P<name>…)`, `(?<name>…)` and inline flags such as `(?i)` are refused. Required.
     */
    pattern: z
      .string()
      .superRefine((pattern, ctx) => {
        const problem = patternProblem(pythonStrip(pattern));
        if (problem !== undefined) ctx.addIssue({ code: "custom", message: problem });
      })
      .describe("The regular expression the whole stripped response must match (DeepEval's `pattern`)."),
    /** Match regardless of case (Python `re.IGNORECASE`), as DeepEval's `ignore_case`. Defaults to false. */
    ignoreCase: z
      .boolean()
      .default(false)
      .describe("Match regardless of case (Python `re.IGNORECASE`), as DeepEval's `ignore_case`."),
  }),
});
