// The judge calls of a decision graph's walk: one grammar-constrained call per node, a task's `{ output }` or a
// judgement's `{ reason, verdict }` with the verdict's probabilities read at its slot when the metric reads them.
import type { Llm } from "../../../../llm/types.js";
import type { PromptTemplate } from "../../../../prompts/types.js";
import type { Metric } from "../../../types.js";
import { askJudgeForVerdicts, type VerdictReading } from "../choice-verdicts.js";
import { askJudge, type JudgeSettings, type JudgeUsage } from "../judge.js";
import { type DagJudgementNode, type DagNode, verdictText } from "./definition.js";
import { type JudgementAnswer, type TaskAnswer, verdictValues } from "./prompts.js";
import type { DagCalls, ParentOutput } from "./walk.js";

/** What the calls of one row need. */
export interface DagCallContext {
  llm: Llm;
  settings: JudgeSettings;
  reading: VerdictReading;
  usage: JudgeUsage;
  signal: AbortSignal | undefined;
  /** The node's prompt. */
  prompt(
    id: string,
    node: DagNode,
  ): PromptTemplate<string, TaskAnswer> | PromptTemplate<string, JudgementAnswer>;
  /** The sample's part of the node's text (its `inputs`, rendered), empty when it has none. */
  body(node: DagNode): string;
  /** A child metric's value on the row's sample. */
  scoreMetric(metric: Metric): Promise<number>;
}

/**
 * The text a node shows the judge: each parent task's text under its label, then the node's own inputs (as
 * DeepEval's nodes resolve theirs; a one-of-N judgement separates the parents by one newline, the others by two).
 *
 * @example
 * nodeText([{ label: "Headings", output: "intro, body" }], "\n\n", "Actual Output:\nThe summary.\n");
 * // "Headings:\nintro, body\n\nActual Output:\nThe summary.\n"
 */
export function nodeText(parents: readonly ParentOutput[], separator: string, body: string): string {
  return parents.map((p) => `${p.label}:\n${p.output}${separator}`).join("") + body;
}

/** A read's probabilities keyed by verdict text (`true`, `false`, or the label) instead of JSON text. */
function byVerdict(probabilities: Record<string, number>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(probabilities).map(([json, p]) => [verdictText(JSON.parse(json)), p]),
  );
}

/** The walk's calls for one row. */
export function dagCalls(ctx: DagCallContext): DagCalls {
  const text = (node: DagNode, parents: ParentOutput[]) =>
    nodeText(parents, node.type === "non_binary_judgement" ? "\n" : "\n\n", ctx.body(node));
  return {
    async task(id, node, parents) {
      const template = ctx.prompt(id, node) as PromptTemplate<string, TaskAnswer>;
      const answer = await askJudge(
        ctx.llm,
        template,
        text(node, parents),
        ctx.settings,
        ctx.usage,
        ctx.signal,
      );
      return answer.output.trim();
    },
    async judge(id, node: DagJudgementNode, parents) {
      const template = ctx.prompt(id, node) as PromptTemplate<string, JudgementAnswer>;
      const { value, reads } = await askJudgeForVerdicts(
        {
          llm: ctx.llm,
          template,
          input: text(node, parents),
          settings: ctx.settings,
          usage: ctx.usage,
          signal: ctx.signal,
        },
        { key: "verdict", values: verdictValues(node) },
        ctx.reading,
        (answer) => [answer.verdict],
      );
      const read = reads?.[0];
      return {
        verdict: verdictText(value.verdict),
        reason: value.reason,
        probabilities: read === undefined ? undefined : byVerdict(read.probabilities),
      };
    },
    metric: (metric) => ctx.scoreMetric(metric),
  };
}
