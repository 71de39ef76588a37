// ConversationalDAGMetric: descriptor.ts (id conversational_dag, the graph's schema and rules), prompt.ts (the node
// prompts' words), judge.ts (the turns as the judge reads them), score.ts (leaf values, expected value); the graph,
// its walk and its calls are shared with DAGMetric (shared/base/dag-metric.ts, shared/judge/dag/).
import { type DeepEvalTurn, requireDeepEvalTurns } from "../../sample/conversation/deepeval-turns.js";
import type { MetricInput, MetricOptionsOf } from "../descriptor.js";
import { DagMetricBase, type DagRow } from "../shared/base/dag-metric.js";
import { readInputs } from "../shared/base/inputs.js";
import type { DagNode } from "../shared/judge/dag/definition.js";
import type { Sample } from "../types.js";
import { conversationalDagDescriptor } from "./descriptor.js";
import { renderTurns, type TurnField } from "./judge.js";
import { conversationalDagWording } from "./prompt.js";

/** Options of {@link ConversationalDAGMetric}: the judge and its descriptor's options, each documented on its schema key. */
export type ConversationalDAGMetricOptions = MetricOptionsOf<typeof conversationalDagDescriptor>;

/** A row of ConversationalDAGMetric: the sample and its DeepEval turns. */
interface ConversationRow extends DagRow {
  turns: DeepEvalTurn[];
}

/**
 * DeepEval's `ConversationalDAGMetric`: {@link DAGMetric}'s decision graph over a whole conversation (the sample's
 * `messages`, as DeepEval's user and assistant turns). A node's `inputs` are the turn fields it shows the judge
 * (`role`, `content`), every turn rendered as DeepEval renders them; tasks, judgements, verdict leaves, scoring and
 * details are DAGMetric's.
 *
 * @example
 * const helpful = new ConversationalDAGMetric({ llm, name: "resolution", nodes: {
 *   solved: { type: "non_binary_judgement", criteria: "Was the user's problem solved?", inputs: ["role", "content"],
 *     verdicts: [{ verdict: "fully", score: 10 }, { verdict: "partly", score: 5 }, { verdict: "not at all", score: 0 }] },
 * } });
 * const { value, details } = await helpful.score({ messages });
 */
export class ConversationalDAGMetric extends DagMetricBase<
  ConversationRow,
  typeof conversationalDagDescriptor
> {
  static readonly descriptor = conversationalDagDescriptor;

  constructor(options: ConversationalDAGMetricOptions) {
    super(options, conversationalDagWording);
  }

  protected readRow(sample: Sample, row: number | undefined): ConversationRow {
    const { messages } = readInputs(this.descriptor, sample, row) as MetricInput<
      typeof conversationalDagDescriptor
    >;
    return { sample, turns: requireDeepEvalTurns(messages, row) };
  }

  protected body(node: DagNode, row: ConversationRow): string {
    return renderTurns((node.inputs ?? []) as TurnField[], row.turns);
  }
}
