// The prompts of a decision graph's nodes: one template per node, named `<kind>/<metric>/<node>` and versioned with
// a fingerprint of the node's definition (so a changed node changes the config hash, and the judge cache keys
// each node's call by its own prompt). The wording around the user's text is each metric's (its prompt.ts).
import { z } from "zod";
import type { PromptTemplate } from "../../../../prompts/types.js";
import { definitionVersion } from "../custom-judge.js";
import { judgeReason, judgeTextOfAtMost } from "../text-schema.js";
import { type DagJudgementNode, type DagNode, MAX_TASK_OUTPUT_CHARS, verdictText } from "./definition.js";

/** A task's answer: the text its children read. */
export interface TaskAnswer {
  output: string;
}

/** A judgement's answer: a reason (none with `reasons: false`), then the verdict. */
export interface JudgementAnswer {
  reason?: string;
  verdict: boolean | string;
}

/** The words of a metric's node prompts around the user's instructions or criteria. */
export interface DagWording {
  /** The catalog id that owns the prompts, e.g. `dag`. */
  owner: string;
  /** Versions of the three prompts' built-in words. */
  versions: { task: string; binary: string; nonBinary: string };
  /** The task prompt's lines before and after the instructions. */
  task: { before: readonly string[]; after: readonly string[] };
  /** The judgement prompts' lines after the criteria; `{labels}` is replaced by the labels of a non-binary node. */
  binary: readonly string[];
  nonBinary: readonly string[];
}

/** Instruction line asking for a reason, dropped with `reasons: false`. */
const REASON_ASK = "Give a short reason first, then the verdict.";

/** The answer schema of a task: a bounded text. */
export const taskAnswerSchema: z.ZodType<TaskAnswer> = z.object({
  output: judgeTextOfAtMost(MAX_TASK_OUTPUT_CHARS),
});

/** A judgement's allowed verdicts as JSON text, as the grammar writes them: `true`/`false`, or each label quoted. */
export function verdictValues(node: DagJudgementNode): string[] {
  return node.type === "binary_judgement"
    ? ["true", "false"]
    : node.verdicts.map((v) => JSON.stringify(verdictText(v.verdict)));
}

/** The answer schema of a judgement: the verdict is one of its verdicts by grammar. */
export function judgementAnswerSchema(node: DagJudgementNode, reasons: boolean): z.ZodType<JudgementAnswer> {
  const verdict =
    node.type === "binary_judgement"
      ? z.boolean()
      : z.enum(node.verdicts.map((v) => verdictText(v.verdict)) as [string, ...string[]]);
  return reasons ? z.object({ reason: judgeReason(), verdict }) : z.object({ verdict });
}

/** What fingerprints a node's prompt: its definition, child metrics by name. */
function fingerprint(node: DagNode): unknown {
  if (node.type === "task") return node;
  return { ...node, verdicts: node.verdicts.map((v) => ({ ...v, metric: v.metric?.name })) };
}

/** A node prompt's input is the text the node shows the judge, as rendered by the metric. */
const asText = (text: string): string => text;

/**
 * The prompt of one node of metric `metricName`: a task's (the instructions, answered by `{ output }`) or a
 * judgement's (the criteria, answered by `{ reason, verdict }`, or `{ verdict }` when `reasons` is false).
 *
 * @example
 * const template = dagNodePrompt(wording, "summary_format", "headings", node, true);
 */
export function dagNodePrompt(
  wording: DagWording,
  metricName: string,
  id: string,
  node: DagNode,
  reasons: boolean,
): PromptTemplate<string, TaskAnswer> | PromptTemplate<string, JudgementAnswer> {
  const name = `${wording.owner}/${metricName}/${id}`;
  if (node.type === "task") {
    return {
      name,
      version: definitionVersion(wording.versions.task, fingerprint(node)),
      instruction: [...wording.task.before, node.instructions.trim(), ...wording.task.after].join("\n"),
      outputSchema: taskAnswerSchema,
      examples: [],
      formatInput: asText,
    };
  }
  const binary = node.type === "binary_judgement";
  const labels = verdictValues(node).join(", ");
  const lines = (binary ? wording.binary : wording.nonBinary).map((l) => l.replace("{labels}", labels));
  const version = definitionVersion(
    binary ? wording.versions.binary : wording.versions.nonBinary,
    fingerprint(node),
  );
  return {
    name,
    version: reasons ? version : `${version}+noreasons`,
    instruction: [node.criteria.trim(), "", ...lines, reasons ? REASON_ASK : "Give only the verdict."].join(
      "\n",
    ),
    outputSchema: judgementAnswerSchema(node, reasons),
    examples: [],
    formatInput: asText,
  };
}
