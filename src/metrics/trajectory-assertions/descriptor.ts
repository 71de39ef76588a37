import { z } from "zod";
import { defineMetric } from "../descriptor.js";

/** A tool matcher: a name or a glob pattern (`*`, `?`, case-insensitive), as promptfoo's step matchers. */
const toolMatcher = z.union([
  z.string().min(1),
  z
    .strictObject({ name: z.string().min(1).optional(), pattern: z.string().min(1).optional() })
    .refine((m) => m.name !== undefined || m.pattern !== undefined, {
      message: "a matcher object needs a name or a pattern",
    }),
]);

const inverse = z
  .boolean()
  .default(false)
  .describe("Pass when the assertion fails, as promptfoo's `not-` prefix. Defaults to false.");

const common = {
  reads: ["messages"] as const,
  needsLlm: false,
  needsEmbeddings: false,
  optIn: true,
};

/** Catalog entry of promptfoo's `trajectory:tool-used`. */
export const trajectoryToolUsedDescriptor = defineMetric({
  ...common,
  id: "trajectory_tool_used",
  description:
    "promptfoo's trajectory:tool-used: 1 when every named tool was called (or a tool was called between min and max times), else 0.",
  options: z.object({
    /** A tool name or glob, a list of them (all must be called), or {name | pattern, min, max} (called at least min (default 1) and at most max times). Required, e.g. "search" or {"name": "search", "min": 2}. */
    value: z
      .union([
        z.string().min(1),
        z.array(z.string().min(1)).min(1),
        z
          .strictObject({
            name: z.string().min(1).optional(),
            pattern: z.string().min(1).optional(),
            min: z.number().int().min(0).optional(),
            max: z.number().int().min(0).optional(),
          })
          .refine((m) => m.name !== undefined || m.pattern !== undefined, {
            message: "a tool-used object needs a name or a pattern",
          }),
      ])
      .describe(
        'A tool name or glob, a list of them (all must be called), or {name | pattern, min, max} (called at least min (default 1) and at most max times). Required, e.g. "search" or {"name": "search", "min": 2}.',
      ),
    /** Pass when the assertion fails, as promptfoo's `not-` prefix. Defaults to false. */
    inverse,
  }),
});

/** Catalog entry of promptfoo's `trajectory:tool-sequence`. */
export const trajectoryToolSequenceDescriptor = defineMetric({
  ...common,
  id: "trajectory_tool_sequence",
  description:
    "promptfoo's trajectory:tool-sequence: 1 when the tools were called in the given order (in_order: others may come between; exact: nothing else), else 0.",
  options: z.object({
    /** The steps, or {mode, steps} with mode in_order (default) or exact; a step is a tool name or glob, {name | pattern}, or a list of them that one assistant message must call together (any order). Required, e.g. ["search", "answer"]. */
    value: z
      .union([
        z.array(z.union([toolMatcher, z.array(toolMatcher).min(1)])).min(1),
        z.strictObject({
          mode: z.enum(["exact", "in_order"]).default("in_order"),
          steps: z.array(z.union([toolMatcher, z.array(toolMatcher).min(1)])).min(1),
        }),
      ])
      .describe(
        'The steps, or {mode, steps} with mode in_order (default) or exact; a step is a tool name or glob, {name | pattern}, or a list of them that one assistant message must call together (any order). Required, e.g. ["search", "answer"].',
      ),
    /** Pass when the assertion fails, as promptfoo's `not-` prefix. Defaults to false. */
    inverse,
  }),
});

/** Catalog entry of promptfoo's `trajectory:tool-args-match`. */
export const trajectoryToolArgsMatchDescriptor = defineMetric({
  ...common,
  id: "trajectory_tool_args_match",
  description:
    "promptfoo's trajectory:tool-args-match: 1 when some call of the tool has the expected arguments (partial: at least those; exact: just those), else 0.",
  options: z.object({
    /** {name | pattern, args, mode, defaults, ignore}: mode partial (default; expected keys present and equal, lists item by item) or exact; defaults are made arguments left out when equal to their default; ignore lists argument names or globs left out of both sides. Required. */
    value: z
      .strictObject({
        name: z.string().min(1).optional(),
        pattern: z.string().min(1).optional(),
        args: z.json().optional(),
        arguments: z.json().optional(),
        mode: z.enum(["partial", "exact"]).default("partial"),
        defaults: z.record(z.string(), z.json()).optional(),
        ignore: z.union([z.string().trim().min(1), z.array(z.string().trim().min(1))]).optional(),
      })
      .refine((m) => m.name !== undefined || m.pattern !== undefined, {
        message: "a tool-args-match value needs a name or a pattern",
      })
      .refine((m) => m.args !== undefined || m.arguments !== undefined, {
        message: "a tool-args-match value needs args (or arguments)",
      })
      .describe(
        "{name | pattern, args, mode, defaults, ignore}: mode partial (default; expected keys present and equal, lists item by item) or exact; defaults are made arguments left out when equal to their default; ignore lists argument names or globs left out of both sides. Required.",
      ),
    /** Pass when the assertion fails, as promptfoo's `not-` prefix. Defaults to false. */
    inverse,
  }),
});

/** Catalog entry of promptfoo's `trajectory:step-count`. */
export const trajectoryStepCountDescriptor = defineMetric({
  ...common,
  id: "trajectory_step_count",
  description:
    "promptfoo's trajectory:step-count: 1 when the number of steps (tool calls and assistant texts, optionally of one type or name) lies between min and max, else 0.",
  options: z.object({
    /** {min, max, type, name | pattern}: the count of steps of that type (tool or message) and name lies in [min, max]. Required, e.g. {"type": "tool", "max": 5}. */
    value: z
      .strictObject({
        min: z.number().int().min(0).optional(),
        max: z.number().int().min(0).optional(),
        type: z.union([z.enum(["tool", "message"]), z.array(z.enum(["tool", "message"])).min(1)]).optional(),
        name: z.string().min(1).optional(),
        pattern: z.string().min(1).optional(),
      })
      .refine((m) => m.min !== undefined || m.max !== undefined, {
        message: "a step-count value needs min or max",
      })
      .describe(
        '{min, max, type, name | pattern}: the count of steps of that type (tool or message) and name lies in [min, max]. Required, e.g. {"type": "tool", "max": 5}.',
      ),
    /** Pass when the assertion fails, as promptfoo's `not-` prefix. Defaults to false. */
    inverse,
  }),
});
