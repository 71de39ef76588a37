// DAGMetric: descriptor.ts (id dag, the graph's schema and rules), prompt.ts (the node prompts' words), judge.ts
// (a node's fields as the judge reads them), score.ts (leaf values, expected value); the graph, its walk and its
// calls are shared with ConversationalDAGMetric (shared/base/dag-metric.ts, shared/judge/dag/).
import type { MetricOptionsOf } from "../descriptor.js";
import { DagMetricBase, type DagRow } from "../shared/base/dag-metric.js";
import { type JudgeInputField, readJudgeInputs } from "../shared/judge/custom-judge.js";
import type { DagNode } from "../shared/judge/dag/definition.js";
import type { Sample } from "../types.js";
import { dagDescriptor } from "./descriptor.js";
import { renderFields } from "./judge.js";
import { dagWording } from "./prompt.js";

/** Options of {@link DAGMetric}: the judge and its descriptor's options, each documented on its schema key. */
export type DAGMetricOptions = MetricOptionsOf<typeof dagDescriptor>;

/** A row of DAGMetric: the sample and the fields the nodes read, by Ragas name. */
interface DagSampleRow extends DagRow {
  fields: Record<string, string | string[]>;
}

/**
 * DeepEval's `DAGMetric`: a decision graph of small judge calls. Task nodes have the judge write a short text their
 * children read; binary judgements answer yes or no, non-binary judgements pick one of their labels; each verdict
 * leads to a score (0 to 10, the value is score / 10), a child metric, or the next node. Every judgement is one
 * grammar-constrained call, so the verdict is always one of the node's; the value is the leaf the verdicts lead to
 * (DeepEval's behaviour), or with `scoring: "expected"` the probability-weighted value over every branch.
 * `details.path` holds each node on the path taken with its text or verdict (and the verdict's probability, when
 * read), `details.leaf` the leaf. The graph is checked when the metric is made, before any model loads.
 *
 * @example
 * const format = new DAGMetric({ llm, name: "summary_format", nodes: {
 *   headings: { type: "task", instructions: "List the summary's headings.", outputLabel: "Headings",
 *     inputs: ["response"], children: ["complete"] },
 *   complete: { type: "binary_judgement", criteria: "Are intro, body and conclusion all there?",
 *     verdicts: [{ verdict: false, score: 0 }, { verdict: true, score: 10 }] },
 * } });
 * const { value, details } = await format.score({ userInput, response });
 */
export class DAGMetric extends DagMetricBase<DagSampleRow, typeof dagDescriptor> {
  static readonly descriptor = dagDescriptor;

  constructor(options: DAGMetricOptions) {
    super(options, dagWording);
  }

  protected readRow(sample: Sample, row: number | undefined): DagSampleRow {
    return {
      sample,
      fields: readJudgeInputs(sample, this.nodeFields as JudgeInputField[], [], row),
    };
  }

  protected body(node: DagNode, row: DagSampleRow): string {
    return renderFields((node.inputs ?? []) as JudgeInputField[], row.fields);
  }
}
