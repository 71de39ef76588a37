// The shape of a decision graph (DeepEval's DAGMetric and ConversationalDAGMetric): nodes by id, each a task (the
// judge writes a short text its children read), a yes/no judgement or a one-of-N judgement whose verdicts end in a
// score, a child metric or another node. One schema for TypeScript and metric files; the graph's own rules (no
// cycles, one judgement per branch, every path to a leaf, ...) are checked by `checkDag` (check.ts).
import { z } from "zod";
import { isPrototypeKey, prototypeKeyProblem } from "../../../../util/object-keys.js";
import type { Metric } from "../../../types.js";
import { definitionTextSchema } from "../custom-judge.js";

/** The largest score a verdict leaf carries: DeepEval's scale, 0 to 10; the metric's value is score / 10. */
export const MAX_LEAF_SCORE = 10;

/** Longest text a task node's judge writes, in characters: its children read it, so it stays short. */
export const MAX_TASK_OUTPUT_CHARS = 600;

/** A node id: a letter, then letters, digits, `_` or `-`. */
export const nodeIdSchema = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_-]*$/, {
    error: "must be a letter, then letters, digits, _ or -",
  })
  .refine((id) => !isPrototypeKey(id), { error: (issue) => prototypeKeyProblem(String(issue.input)) });

/** A child metric at a verdict leaf (TypeScript only): a `Metric` scored on the same sample. */
const metricSchema = z.custom<Metric>(
  (v) =>
    v !== null &&
    typeof v === "object" &&
    typeof (v as Metric).score === "function" &&
    typeof (v as Metric).config === "function",
  {
    error:
      "must be a metric object (a child metric is given in TypeScript); in a metric file end the verdict with score or child",
  },
);

/** The fields every verdict leaf may carry: one of a score, a child node, or a child metric. */
const leafShape = {
  /** The score this verdict gives, 0 to 10 (DeepEval's scale); the metric's value is score / 10. */
  score: z.number().min(0).max(MAX_LEAF_SCORE).optional(),
  /** The id of the node judged next when the judge gives this verdict. */
  child: nodeIdSchema.optional(),
  /** A metric whose value (in `range`, mapped onto 0..1) becomes the score when the judge gives this verdict. */
  metric: metricSchema.optional(),
  /** The child metric's value range, mapped onto 0..1. Defaults to [0, 1]. */
  range: z
    .tuple([z.number(), z.number()])
    .refine(([lo, hi]) => lo < hi, { error: "must be [min, max] with min < max" })
    .optional(),
};

/** A verdict of a yes/no judgement: `true` or `false`, and where it leads. */
export const binaryVerdictSchema = z.strictObject({ verdict: z.boolean(), ...leafShape });
/** A verdict of a one-of-N judgement: its label, and where it leads. */
export const labelVerdictSchema = z.strictObject({ verdict: definitionTextSchema, ...leafShape });

/** A verdict leaf as the graph walker reads it. */
export type DagVerdict = z.output<typeof binaryVerdictSchema> | z.output<typeof labelVerdictSchema>;

/**
 * The node schemas of a graph whose nodes read sample fields of `inputs` (single-turn: sample fields by Ragas
 * name; conversational: the turn fields `role` and `content`).
 */
export function dagNodeSchemas<I extends z.ZodType<readonly string[]>>(inputs: I) {
  const common = {
    /** What the node shows the judge from the sample, besides its parent tasks' outputs. Defaults to nothing. */
    inputs: inputs.optional(),
    /** A name for the node in the details and the report. Defaults to its id. */
    label: z.string().optional(),
  };
  const task = z.strictObject({
    type: z.literal("task"),
    /** What the judge writes, in words; its children read it under `outputLabel`. Required. */
    instructions: definitionTextSchema,
    /** The heading of the task's text in its children's prompts, e.g. "Summary headings". Required. */
    outputLabel: definitionTextSchema,
    /** Ids of the nodes that read the task's text (tasks or judgements), at least one. Required. */
    children: z
      .array(nodeIdSchema)
      .min(1, { error: "list at least one child node that reads the task's text" }),
    ...common,
  });
  const binary = z.strictObject({
    type: z.literal("binary_judgement"),
    /** The yes/no question, in words. Required. */
    criteria: definitionTextSchema,
    /** Exactly two verdicts, `true` and `false`. Required. */
    verdicts: z.array(binaryVerdictSchema),
    ...common,
  });
  const nonBinary = z.strictObject({
    type: z.literal("non_binary_judgement"),
    /** The question, in words; the judge answers with one of the verdicts' labels. Required. */
    criteria: definitionTextSchema,
    /** Two or more verdicts with distinct labels. Required. */
    verdicts: z.array(labelVerdictSchema),
    ...common,
  });
  return z.discriminatedUnion("type", [task, binary, nonBinary], {
    error: (issue) =>
      issue.code === "invalid_union"
        ? "type must be task, binary_judgement or non_binary_judgement"
        : undefined,
  });
}

/** A node of a graph whose nodes read `F` fields. */
export type DagNode<F extends string = string> =
  | {
      type: "task";
      instructions: string;
      outputLabel: string;
      children: string[];
      inputs?: readonly F[] | undefined;
      label?: string | undefined;
    }
  | {
      type: "binary_judgement" | "non_binary_judgement";
      criteria: string;
      verdicts: DagVerdict[];
      inputs?: readonly F[] | undefined;
      label?: string | undefined;
    };

/** A judgement node. */
export type DagJudgementNode<F extends string = string> = Extract<
  DagNode<F>,
  { type: "binary_judgement" | "non_binary_judgement" }
>;

/** The graph: its nodes by id. */
export type DagNodes<F extends string = string> = Readonly<Record<string, DagNode<F>>>;

/** The text of a verdict as the judge writes it and as the details show it: `true`, `false` or the label. */
export function verdictText(verdict: boolean | string): string {
  return String(verdict);
}
