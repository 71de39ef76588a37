// The base of the decision-graph metrics (DeepEval's DAGMetric and ConversationalDAGMetric): the checked graph from
// the options, one prompt per node, the walk per row (the path taken, or with scoring "expected" every branch), and
// the result's value, reason and details. Subclasses give how a node's inputs are rendered from their sample.
import { InvalidInputError } from "../../../errors.js";
import type { MetricDescriptor, MetricOptionsOf } from "../../descriptor.js";
import type { MetricConfig, MetricResult, Sample, SampleField } from "../../types.js";
import { dagCalls } from "../judge/dag/calls.js";
import type { DagNode, DagNodes } from "../judge/dag/definition.js";
import { type DagWording, dagNodePrompt } from "../judge/dag/prompts.js";
import { type DagOutcome, type DagStep, DagWalker } from "../judge/dag/walk.js";
import { definedFields } from "../judge/defined-fields.js";
import { newUsage } from "../judge/judge.js";
import { BaseMetric, type MetricConstructorArgs } from "./base-metric.js";
import { JudgeMetric } from "./judge-metric.js";

/** What a decision-graph metric's row holds: the sample (child metrics score it) and what the nodes read. */
export interface DagRow {
  sample: Sample;
}

/** One step in the reason: `node: verdict`. */
function stepWords(step: DagStep): string[] {
  return step.type === "task" ? [] : [`${step.node}: ${step.verdict}`];
}

/**
 * The result's reason: the verdicts along the path and the leaf (DeepEval asks the judge to explain the path; here
 * the path is the explanation, so no call is spent on it).
 */
export function dagReason(outcome: DagOutcome, expected: boolean): string {
  const leaf = outcome.leaf;
  const end =
    leaf.metric !== undefined ? `${leaf.metric} = ${leaf.metricValue}` : `score ${leaf.score} of 10`;
  const path = [...outcome.path.flatMap(stepWords), end].join(" -> ");
  return expected ? `expected value ${outcome.value.toFixed(3)}; path taken: ${path}` : path;
}

/** The graph as a config records it: child metrics by their config. */
function graphConfig(nodes: DagNodes): string {
  return JSON.stringify(nodes, (key, value) =>
    key === "metric" && value !== null && typeof value === "object" && "config" in value
      ? (value as { config(): MetricConfig }).config()
      : value,
  );
}

/** A decision-graph metric: subclasses render a node's inputs from their row. */
export abstract class DagMetricBase<
  V extends DagRow,
  D extends MetricDescriptor = MetricDescriptor,
> extends JudgeMetric<V, D> {
  /** The graph's nodes by id, checked. */
  readonly nodes: DagNodes;
  private readonly metricName: string;
  private readonly walker: DagWalker;
  /** The sample fields the nodes show the judge (their `inputs`), in node order. */
  protected readonly nodeFields: readonly SampleField[];
  private readonly fields: readonly SampleField[];
  // The child metrics that check their own input (see `validate`).
  private readonly children: readonly BaseMetric<unknown>[];
  private readonly prompts = new Map<string, ReturnType<typeof dagNodePrompt>>();

  /** `wording`: the words of the metric's node prompts (its prompt.ts). */
  constructor(options: MetricOptionsOf<D>, wording: DagWording) {
    super(...([options] as MetricConstructorArgs<D>));
    const o = this.options as unknown as { name: string; nodes: DagNodes };
    this.metricName = o.name;
    this.nodes = o.nodes;
    this.walker = new DagWalker(this.nodes);
    const childMetrics = Object.values(this.nodes).flatMap((n) =>
      n.type === "task" ? [] : n.verdicts.flatMap((v) => (v.metric !== undefined ? [v.metric] : [])),
    );
    this.children = childMetrics.filter((m): m is BaseMetric<unknown> => m instanceof BaseMetric);
    const childFields = childMetrics.flatMap((m) => m.requiredFields);
    this.nodeFields = definedFields(this.descriptor, this.options as Record<string, unknown>);
    this.fields = [...new Set([...this.nodeFields, ...childFields])];
    for (const [id, node] of Object.entries(this.nodes)) {
      this.prompts.set(id, dagNodePrompt(wording, this.metricName, id, node, this.reading.reasons !== false));
    }
  }

  /** The id you gave the metric (`name`). */
  override get name(): string {
    return this.metricName;
  }

  /** The sample fields the nodes read, then those the child metrics need (a row without one is skipped). */
  override get requiredFields(): readonly SampleField[] {
    return this.fields;
  }

  /**
   * The row's inputs, then each child metric's (a child built on airgap-eval's bases checks its own fields), so a
   * row a child cannot read is refused before any model call, with its row number in a batch.
   */
  protected override validate(sample: Sample, row: number | undefined): V {
    const read = this.readRow(sample, row);
    for (const child of this.children) {
      try {
        child.checkInputs(sample, row);
      } catch (error) {
        if (!(error instanceof InvalidInputError)) throw error;
        // Named as the child's input: the graph may hold several children reading the same field.
        throw new InvalidInputError(
          `${error.detail} (the input of the child metric ${child.name})`,
          {
            ...(error.row !== undefined ? { row: error.row } : {}),
            ...(error.field !== undefined ? { field: error.field } : {}),
          },
          { cause: error },
        );
      }
    }
    return read;
  }

  /** What the nodes read from the sample (see `validate`). */
  protected abstract readRow(sample: Sample, row: number | undefined): V;

  /** The sample's part of a node's text: its `inputs`, rendered as DeepEval renders them; empty without inputs. */
  protected abstract body(node: DagNode, row: V): string;

  protected async compute(row: V, signal: AbortSignal | undefined): Promise<MetricResult> {
    const usage = newUsage();
    const expected = this.reading.scoring === "expected";
    const calls = dagCalls({
      llm: this.llm,
      settings: this.settings,
      reading: this.reading,
      usage,
      signal,
      prompt: (id) => this.prompts.get(id)!,
      body: (node) => this.body(node, row),
      scoreMetric: async (metric) => {
        const result = await metric.score(row.sample, signal !== undefined ? { signal } : {});
        if (result.status !== "ok" || result.value === null) {
          throw new Error(
            `the child metric ${metric.name} gave no value: ${result.error ?? result.reason ?? result.status}`,
          );
        }
        return result.value;
      },
    });
    const outcome = await this.walker.run(calls, expected);
    return {
      value: outcome.value,
      status: "ok",
      reason: dagReason(outcome, expected),
      details: { path: outcome.path, leaf: outcome.leaf, usage },
    };
  }

  /** Every node's prompt version. */
  protected override promptVersions(): Record<string, string> {
    return Object.fromEntries([...this.prompts.values()].map((t) => [t.name, t.version]));
  }

  /** The graph (child metrics by their config). */
  protected override metricOptions(): MetricConfig["options"] {
    return { kind: this.descriptor.id, nodes: graphConfig(this.nodes) };
  }
}
