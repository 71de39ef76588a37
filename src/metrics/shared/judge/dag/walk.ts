// Runs a checked decision graph on one sample: each branch runs its tasks (parents first), then its one judgement;
// the verdict taken leads to a leaf (a score or a child metric) or to the next branch. With `expected`, every
// verdict with some probability is followed too, and a judgement's value is the probability-weighted value of its
// branches. The judge calls themselves are given (`DagCalls`), so the walk is the same for both DAG metrics.
import type { Metric } from "../../../types.js";
import { dagRoots, stageOf, taskParents } from "./check.js";
import type { DagJudgementNode, DagNode, DagNodes, DagVerdict } from "./definition.js";
import { verdictText } from "./definition.js";
import { childMetricValue, expectedBranchValue, leafValue } from "./score.js";

/** A parent task's text as a child reads it. */
export interface ParentOutput {
  /** The task's `outputLabel`. */
  label: string;
  output: string;
}

/** A judgement's answer: the verdict written, its reason, and every verdict's probability when read. */
export interface JudgedVerdict {
  verdict: string;
  reason?: string | undefined;
  /** Each verdict's probability among the allowed ones, by verdict text; undefined when not read. */
  probabilities?: Record<string, number> | undefined;
}

/** The judge calls a walk makes. */
export interface DagCalls {
  task(id: string, node: Extract<DagNode, { type: "task" }>, parents: ParentOutput[]): Promise<string>;
  judge(id: string, node: DagJudgementNode, parents: ParentOutput[]): Promise<JudgedVerdict>;
  /** A child metric's value on the sample. */
  metric(metric: Metric): Promise<number>;
}

/** One step of the path taken: a task's text, or a judgement's verdict. */
export type DagStep =
  | { node: string; type: "task"; label?: string; output: string }
  | {
      node: string;
      type: "binary_judgement" | "non_binary_judgement";
      label?: string;
      verdict: string;
      reason?: string;
      /** The written verdict's probability, when read. */
      probability?: number;
      /** Every verdict's probability, when read. */
      probabilities?: Record<string, number>;
      /** With scoring "expected": the value each verdict leads to (those with probability 0 are not run). */
      branchValues?: Record<string, number>;
      /** With scoring "expected": the judgement's expected value. */
      expected?: number;
    };

/** Where the path taken ends: the verdict leaf and its value. */
export interface DagLeaf {
  /** The judgement whose verdict this leaf is. */
  node: string;
  verdict: string;
  /** The leaf's score (0 to 10), for a score leaf. */
  score?: number;
  /** The child metric's name and raw value, for a metric leaf. */
  metric?: string;
  metricValue?: number;
  /** The leaf's value, 0 to 1. */
  value: number;
}

/** A walk's outcome: the value, the path taken, and its leaf. */
export interface DagOutcome {
  value: number;
  path: DagStep[];
  leaf: DagLeaf;
}

/** A checked graph, ready to walk. */
export class DagWalker {
  private readonly parents: Map<string, string[]>;
  private readonly roots: string[];

  constructor(private readonly nodes: DagNodes) {
    this.parents = taskParents(nodes);
    this.roots = dagRoots(nodes);
  }

  /** Walks the graph from its roots; with `expected`, every verdict with some probability is followed. */
  run(calls: DagCalls, expected: boolean): Promise<DagOutcome> {
    return this.branch(this.roots, calls, expected);
  }

  private async branch(entries: readonly string[], calls: DagCalls, expected: boolean): Promise<DagOutcome> {
    const outputs = new Map<string, ParentOutput>();
    const path: DagStep[] = [];
    const stage = this.ordered(stageOf(this.nodes, entries));
    for (const id of stage) {
      const node = this.nodes[id]!;
      const parents = (this.parents.get(id) ?? []).flatMap((p) => outputs.get(p) ?? []);
      if (node.type === "task") {
        const output = await calls.task(id, node, parents);
        outputs.set(id, { label: node.outputLabel, output });
        path.push({ node: id, type: "task", ...labelOf(node), output });
        continue;
      }
      const answer = await calls.judge(id, node, parents);
      return this.decide(id, node, answer, path, calls, expected);
    }
    throw new Error(
      `decision graph: the branch from ${entries.join(", ")} has no judgement (checkDag refuses such graphs)`,
    );
  }

  private async decide(
    id: string,
    node: DagJudgementNode,
    answer: JudgedVerdict,
    path: DagStep[],
    calls: DagCalls,
    expected: boolean,
  ): Promise<DagOutcome> {
    const chosen = node.verdicts.find((v) => verdictText(v.verdict) === answer.verdict);
    if (chosen === undefined) {
      throw new Error(
        `decision graph: node "${id}" got the verdict "${answer.verdict}", which none of its verdicts has`,
      );
    }
    const p = answer.probabilities;
    const step: Extract<DagStep, { type: "binary_judgement" | "non_binary_judgement" }> = {
      node: id,
      type: node.type,
      ...labelOf(node),
      verdict: answer.verdict,
      ...(answer.reason !== undefined ? { reason: answer.reason } : {}),
      ...(p !== undefined ? { probability: p[answer.verdict] ?? 0, probabilities: p } : {}),
    };
    path.push(step);
    const taken = await this.follow(id, chosen, calls, expected);
    if (!expected) return { ...taken, path: [...path, ...taken.path] };
    if (p === undefined)
      throw new Error(`decision graph: node "${id}" read no verdict probabilities for scoring "expected"`);
    const branchValues: Record<string, number> = {};
    const branches = [];
    for (const v of node.verdicts) {
      const text = verdictText(v.verdict);
      const probability = p[text] ?? 0;
      if (probability === 0) continue;
      const value = v === chosen ? taken.value : (await this.follow(id, v, calls, expected)).value;
      branchValues[text] = value;
      branches.push({ probability, value });
    }
    step.branchValues = branchValues;
    step.expected = expectedBranchValue(branches);
    return { value: step.expected, leaf: taken.leaf, path: [...path, ...taken.path] };
  }

  private async follow(
    id: string,
    verdict: DagVerdict,
    calls: DagCalls,
    expected: boolean,
  ): Promise<DagOutcome> {
    const text = verdictText(verdict.verdict);
    if (verdict.child !== undefined) return this.branch([verdict.child], calls, expected);
    if (verdict.metric !== undefined) {
      const raw = await calls.metric(verdict.metric);
      const value = childMetricValue(raw, verdict.range);
      return {
        value,
        path: [],
        leaf: { node: id, verdict: text, metric: verdict.metric.name, metricValue: raw, value },
      };
    }
    const value = leafValue(verdict.score!);
    return { value, path: [], leaf: { node: id, verdict: text, score: verdict.score!, value } };
  }

  /** The stage's nodes, each after the tasks it reads (definition order among equals). */
  private ordered(stage: readonly string[]): string[] {
    const inStage = new Set(stage);
    const done = new Set<string>();
    const out: string[] = [];
    while (out.length < stage.length) {
      const next = stage.find(
        (id) => !done.has(id) && (this.parents.get(id) ?? []).every((p) => !inStage.has(p) || done.has(p)),
      );
      if (next === undefined) break;
      done.add(next);
      out.push(next);
    }
    return out;
  }
}

function labelOf(node: DagNode): { label?: string } {
  return node.label !== undefined ? { label: node.label } : {};
}
