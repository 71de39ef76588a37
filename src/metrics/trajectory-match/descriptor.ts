import { z } from "zod";
import { defineMetric } from "../descriptor.js";

const argsMode = z.enum(["exact", "ignore", "subset", "superset"]);

/** Catalog entry of agentevals' trajectory match evaluator. */
export const trajectoryMatchDescriptor = defineMetric({
  id: "trajectory_match",
  description:
    "agentevals' trajectory match: 1 when the conversation's tool calls match the reference conversation's (strict: message by message; unordered, subset, superset: as multisets), else 0.",
  reads: ["messages", "referenceMessages"],
  needsLlm: false,
  needsEmbeddings: false,
  options: z.object({
    /** strict: same roles message by message and the same tool calls in each; unordered: the same calls in any order; subset: every call made is in the reference; superset: every reference call was made. Defaults to "strict". */
    trajectoryMatchMode: z
      .enum(["strict", "unordered", "subset", "superset"])
      .default("strict")
      .describe(
        'strict: same roles message by message and the same tool calls in each; unordered: the same calls in any order; subset: every call made is in the reference; superset: every reference call was made. Defaults to "strict".',
      ),
    /** How arguments of calls to the same tool compare: exact (equal), ignore (not compared), subset (the made call's arguments are among the reference's), superset (the reference's are among the made call's). Defaults to "exact". */
    toolArgsMatchMode: argsMode
      .default("exact")
      .describe(
        "How arguments of calls to the same tool compare: exact (equal), ignore (not compared), subset (the made call's arguments are among the reference's), superset (the reference's are among the made call's). Defaults to \"exact\".",
      ),
    /** Per tool name, a mode that replaces toolArgsMatchMode, or a list of argument paths ("a.b" for nested keys) that must be equal while the rest are ignored; an empty list leaves the tool on toolArgsMatchMode. Defaults to none. */
    toolArgsMatchOverrides: z
      .record(z.string(), z.union([argsMode, z.array(z.string())]))
      .default({})
      .describe(
        'Per tool name, a mode that replaces toolArgsMatchMode, or a list of argument paths ("a.b" for nested keys) that must be equal while the rest are ignored; an empty list leaves the tool on toolArgsMatchMode. Defaults to none.',
      ),
    /** How argument values compare: python (agentevals' Python package: 1 == 1.0 == true) or strict (its JavaScript package: deep strict equality, true is not 1). Defaults to "python". */
    valueEquality: z
      .enum(["python", "strict"])
      .default("python")
      .describe(
        'How argument values compare: python (agentevals\' Python package: 1 == 1.0 == true) or strict (its JavaScript package: deep strict equality, true is not 1). Defaults to "python".',
      ),
  }),
});
