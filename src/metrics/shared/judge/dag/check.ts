// The rules of a decision graph, checked when its metric is defined (before any model loads), each problem at its
// path (`nodes.order.verdicts[1].child`) with what to do: references that name nodes, verdicts that fit their
// judgement, no cycles, DeepEval's rule on roots, every node reading something, and every branch ending in exactly
// one judgement, so that one score comes out of every run.
import type { DagNode, DagNodes } from "./definition.js";

/** One problem with a graph: where (a path under the metric's options) and what to do. */
export interface DagProblem {
  path: (string | number)[];
  message: string;
}

/** An edge of the graph: from a task to a child, or from a judgement's verdict to the node judged next. */
interface Edge {
  from: string;
  to: string;
  /** Whether the edge leaves a task (the child reads the task's text) rather than a verdict. */
  fromTask: boolean;
  path: (string | number)[];
}

function edgesOf(id: string, node: DagNode): Edge[] {
  if (node.type === "task") {
    return node.children.map((to, i) => ({
      from: id,
      to,
      fromTask: true,
      path: ["nodes", id, "children", i],
    }));
  }
  return node.verdicts.flatMap((v, i) =>
    v.child === undefined
      ? []
      : [{ from: id, to: v.child, fromTask: false, path: ["nodes", id, "verdicts", i, "child"] }],
  );
}

/** The nodes no edge leads to: where a run starts (DeepEval reads a graph's roots the same way). */
export function dagRoots(nodes: DagNodes): string[] {
  const reached = new Set(Object.entries(nodes).flatMap(([id, n]) => edgesOf(id, n).map((e) => e.to)));
  return Object.keys(nodes).filter((id) => !reached.has(id));
}

/** For each node, the tasks that list it as a child (whose texts it reads), in definition order. */
export function taskParents(nodes: DagNodes): Map<string, string[]> {
  const parents = new Map<string, string[]>();
  for (const [id, node] of Object.entries(nodes)) {
    if (node.type !== "task") continue;
    for (const child of node.children) parents.set(child, [...(parents.get(child) ?? []), id]);
  }
  return parents;
}

/** The nodes a branch runs from its entries: the entries and every node reached from them through tasks. */
export function stageOf(nodes: DagNodes, entries: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (id: string): void => {
    if (seen.has(id)) return;
    seen.add(id);
    const node = nodes[id]!;
    if (node.type === "task") node.children.forEach(visit);
  };
  entries.forEach(visit);
  return Object.keys(nodes).filter((id) => seen.has(id));
}

function verdictProblems(id: string, node: DagNode): DagProblem[] {
  if (node.type === "task") return [];
  const at = ["nodes", id, "verdicts"];
  const problems: DagProblem[] = [];
  node.verdicts.forEach((v, i) => {
    const ends = [v.score, v.child, v.metric].filter((x) => x !== undefined).length;
    if (ends !== 1) {
      problems.push({
        path: [...at, i],
        message: `must end in exactly one of score (0 to 10), child (the next node's id) or metric, has ${ends}`,
      });
    }
    if (v.range !== undefined && v.metric === undefined) {
      problems.push({
        path: [...at, i, "range"],
        message: "applies only to a child metric; remove it or add metric",
      });
    }
  });
  const labels = node.verdicts.map((v) => String(v.verdict));
  if (node.type === "binary_judgement") {
    if (labels.length !== 2 || !labels.includes("true") || !labels.includes("false")) {
      problems.push({
        path: at,
        message: `a binary_judgement needs exactly two verdicts, true and false; has ${labels.length ? labels.join(", ") : "none"}`,
      });
    }
    return problems;
  }
  if (labels.length < 2) {
    problems.push({
      path: at,
      message:
        "a non_binary_judgement needs at least two verdicts (one label decides nothing); use a binary_judgement or add labels",
    });
  }
  labels.forEach((label, i) => {
    if (labels.indexOf(label) !== i) {
      problems.push({
        path: [...at, i, "verdict"],
        message: `"${label}" is used twice; give each verdict its own label`,
      });
    }
  });
  return problems;
}

/** The first cycle found, as the ids along it (the first id repeated at the end), or undefined. */
function findCycle(nodes: DagNodes): string[] | undefined {
  const done = new Set<string>();
  const stack: string[] = [];
  const visit = (id: string): string[] | undefined => {
    const at = stack.indexOf(id);
    if (at >= 0) return [...stack.slice(at), id];
    if (done.has(id)) return undefined;
    stack.push(id);
    for (const e of edgesOf(id, nodes[id]!)) {
      const cycle = visit(e.to);
      if (cycle !== undefined) return cycle;
    }
    stack.pop();
    done.add(id);
    return undefined;
  };
  for (const id of Object.keys(nodes)) {
    const cycle = visit(id);
    if (cycle !== undefined) return cycle;
  }
  return undefined;
}

function judgementsOf(nodes: DagNodes, entries: readonly string[]): string[] {
  return stageOf(nodes, entries).filter((id) => nodes[id]!.type !== "task");
}

/**
 * One judgement per branch: the entries (the roots, or a verdict's next node) lead through tasks to judgements (at
 * least one, since every task has children and there is no cycle), and a run must end in one score.
 */
function branchProblem(nodes: DagNodes, entries: readonly string[], path: DagProblem["path"]): DagProblem[] {
  const judgements = judgementsOf(nodes, entries);
  if (judgements.length <= 1) return [];
  const from = entries.length === 1 ? `"${entries[0]}"` : `the roots ${entries.join(", ")}`;
  return [
    {
      path,
      message: `${from} leads through tasks to ${judgements.length} judgements (${judgements.join(", ")}), and a run must end in one score; join them under one judgement (a task may feed several tasks, which all feed one judgement)`,
    },
  ];
}

function readingProblems(nodes: DagNodes, edges: readonly Edge[]): DagProblem[] {
  const problems: DagProblem[] = [];
  for (const [id, node] of Object.entries(nodes)) {
    if (node.inputs !== undefined && node.inputs.length > 0) continue;
    const incoming = edges.filter((e) => e.to === id);
    const fromVerdict = incoming.find((e) => !e.fromTask);
    if (incoming.length === 0 || fromVerdict !== undefined) {
      problems.push({
        path: ["nodes", id, "inputs"],
        message:
          fromVerdict === undefined
            ? "must list the fields this node shows the judge: it has no parent task whose text it could read"
            : `must list the fields this node shows the judge: "${id}" follows a verdict of "${fromVerdict.from}", so it has no task's text to read`,
      });
    }
  }
  return problems;
}

/**
 * Every problem of a graph, each at its path (under the metric's options) with what to do; none for a good graph.
 * The graph-wide rules (cycles, roots, branches) are checked only when every reference names a node.
 *
 * @example
 * checkDag({ a: { type: "binary_judgement", criteria: "Polite?", inputs: ["response"],
 *   verdicts: [{ verdict: true, score: 10 }] } });
 * // [{ path: ["nodes", "a", "verdicts"], message: "a binary_judgement needs exactly two verdicts, true and false; has true" }]
 */
export function checkDag(nodes: DagNodes): DagProblem[] {
  const ids = Object.keys(nodes);
  if (ids.length === 0) return [{ path: ["nodes"], message: "must hold at least one node" }];
  const edges = Object.entries(nodes).flatMap(([id, n]) => edgesOf(id, n));
  const problems: DagProblem[] = edges
    .filter((e) => !Object.hasOwn(nodes, e.to))
    .map((e) => ({
      path: e.path,
      message: `"${e.to}" is not a node of this graph; the nodes are ${ids.join(", ")}`,
    }));
  for (const [id, node] of Object.entries(nodes)) problems.push(...verdictProblems(id, node));
  if (problems.length > 0) return problems;
  const cycle = findCycle(nodes);
  if (cycle !== undefined) {
    return [
      {
        path: ["nodes", cycle[0]!],
        message: `is part of the cycle ${cycle.join(" -> ")}; a decision graph must not loop back`,
      },
    ];
  }
  const roots = dagRoots(nodes);
  const rootJudgement = roots.find((id) => nodes[id]!.type !== "task");
  if (rootJudgement !== undefined && roots.length > 1) {
    return [
      {
        path: ["nodes", rootJudgement],
        message: `is a judgement that nothing leads to, beside the other roots ${roots.filter((r) => r !== rootJudgement).join(", ")}; a judgement may be the only root, else every root must be a task (link the nodes, or remove the unused ones)`,
      },
    ];
  }
  problems.push(...readingProblems(nodes, edges));
  problems.push(...branchProblem(nodes, roots, ["nodes", roots[0]!]));
  for (const e of edges) if (!e.fromTask) problems.push(...branchProblem(nodes, [e.to], e.path));
  return problems;
}
