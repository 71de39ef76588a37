// The import graph of src/ follows the layer diagram of the design brief: data flows down, never
// back up, and no module imports itself through a chain of others. Each file's static, re-export and
// dynamic imports (type-only ones included: they couple the files just as much) are read with a
// small scanner, resolved to files, and checked.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const srcDir = path.resolve(import.meta.dirname, "../src");

/**
 * Layers from top (may import everything below) to bottom (imports nothing above). Names are the
 * first path segment under src/ (a folder, or a root file without `.ts`). Modules on one row are
 * siblings: they may not import each other, except in the bottom row of small leaf helpers.
 *
 * Differs from the brief's diagram in two places, both following what the code needs: `prompts`
 * sits below `llm` because the `Llm` interface takes a prompt (the diagram put it above, which no
 * judge could satisfy), and `results` (result types, aggregation and the results file,
 * shared by evaluate/ and report/) is a layer of its own between them and metrics/. `calibrate` (judge against people) sits
 * on `evaluate`, and so does `generate` (test sets written by the judge, with the run machinery of evaluate/);
 * `verifiers` (small ONNX classifiers) sits beside `llm` and `embeddings`; `datasets` (the labelled-set registry and converters) beside `dataset`, and `metric-file` (metric
 * definitions read from a file, as `dataset` reads rows) beside them. `sample` (the sample model: the field table,
 * field readers, documents and the conversation formats) sits just above the leaf helpers, so that dataset/, report/
 * and metrics/ all read the same sample without reaching into one another. `formulas` (the entry airgap-eval/formulas)
 * sits below `api`, whose deprecated group re-exports the formulas the main entry kept for one release. `promptfoo`
 * (the judge as promptfoo's grading provider) is an entry beside `vitest` and `node-test`.
 */
const layers: readonly (readonly string[])[] = [
  ["index"],
  ["api"],
  ["formulas"],
  ["cli", "vitest", "node-test", "promptfoo"],
  ["calibrate", "testing", "generate"],
  ["evaluate"],
  ["dataset", "report", "datasets", "metric-file"],
  ["results"],
  ["metrics"],
  ["llm", "embeddings", "verifiers"],
  ["tokenizers", "onnx"],
  ["prompts"],
  ["models"],
  ["cache"],
  ["sample"],
  ["math", "util", "errors", "errors-zod", "provenance", "version"],
];
const leafRow = layers.length - 1;

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return listFiles(full);
    return name.endsWith(".ts") ? [full] : [];
  });
}

/** Module specifiers of a file's imports and re-exports, static and dynamic, with comments removed. */
function importSpecifiers(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?(?:[\w*\s{},$]*?\s+from\s+)?["']([^"']+)["']/g,
    /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
  ];
  for (const pattern of patterns) for (const m of code.matchAll(pattern)) found.push(m[1]!);
  return found;
}

function resolveLocal(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const target = path.resolve(path.dirname(from), specifier).replace(/\.js$/, ".ts");
  return target;
}

function layerName(file: string): string {
  const rel = path.relative(srcDir, file).split(path.sep);
  return rel.length === 1 ? rel[0]!.replace(/\.ts$/, "") : rel[0]!;
}

function rowOf(layer: string): number {
  return layers.findIndex((row) => row.includes(layer));
}

const files = listFiles(srcDir).sort();
const graph = new Map<string, string[]>(
  files.map((file) => [
    file,
    importSpecifiers(readFileSync(file, "utf8"))
      .map((s) => resolveLocal(file, s))
      .filter((t): t is string => t !== undefined),
  ]),
);
const rel = (file: string): string => path.relative(srcDir, file);

/** Imports that go up the layer order, or sideways between sibling layers. */
function layerViolations(g: ReadonlyMap<string, readonly string[]>): string[] {
  const problems: string[] = [];
  for (const [file, targets] of g) {
    const from = layerName(file);
    for (const target of targets) {
      const to = layerName(target);
      if (to === from) continue;
      const [a, b] = [rowOf(from), rowOf(to)];
      if (b < a || (b === a && a !== leafRow))
        problems.push(`${rel(file)} (${from}) imports ${rel(target)} (${to})`);
    }
  }
  return problems;
}

const metricsDir = path.join(srcDir, "metrics");

/** The files of src/metrics/ every metric folder may import: the metric types and the descriptor helper. */
const metricTypeFiles = new Set(["types.ts", "descriptor.ts"].map((f) => path.join(metricsDir, f)));

/** The folder under src/metrics/ that holds `file` (`shared` included), or undefined for a root file. */
function metricFolderOf(file: string): string | undefined {
  const parts = path.relative(metricsDir, file).split(path.sep);
  return parts.length > 1 && parts[0] !== ".." ? parts[0] : undefined;
}

/**
 * Imports that tie metric folders together: a file in src/metrics/<name>/ (shared/ included) may import, inside
 * src/metrics/, only its own folder, shared/, and the metric types (types.ts, descriptor.ts); shared/ imports no
 * metric folder. What it imports outside src/metrics/ is the layer rule's business.
 */
function metricFolderViolations(g: ReadonlyMap<string, readonly string[]>): string[] {
  const problems: string[] = [];
  for (const [file, targets] of g) {
    const from = metricFolderOf(file);
    if (from === undefined) continue;
    for (const target of targets) {
      if (path.relative(metricsDir, target).startsWith("..")) continue;
      const to = metricFolderOf(target);
      if (to === from || to === "shared" || metricTypeFiles.has(target)) continue;
      problems.push(`${rel(file)} (metric folder ${from}) imports ${rel(target)}`);
    }
  }
  return problems;
}

const sharedDir = path.join(metricsDir, "shared");

/**
 * The rooms of src/metrics/shared/, top to bottom: the verifier base, the metric and evaluator bases, the judge
 * steps, then three sibling rooms of mechanics (embedding vectors, text, conversation) that import no other room.
 * A room may import its own files and the rooms below it; nothing lies loose in shared/ itself.
 */
const sharedRooms: readonly (readonly string[])[] = [
  ["verifier"],
  ["base"],
  ["judge"],
  ["embedding", "text", "conversation"],
];

/** The room of a file under src/metrics/shared/ (`""` for a loose file there), or undefined outside shared/. */
function sharedRoomOf(file: string): string | undefined {
  const parts = path.relative(sharedDir, file).split(path.sep);
  if (parts[0] === "..") return undefined;
  return parts.length > 1 ? parts[0] : "";
}

/** Loose files in shared/, files in no room, and imports up the room order or between sibling rooms. */
function sharedRoomViolations(g: ReadonlyMap<string, readonly string[]>): string[] {
  const problems: string[] = [];
  const roomRow = (room: string): number => sharedRooms.findIndex((row) => row.includes(room));
  for (const [file, targets] of g) {
    const from = sharedRoomOf(file);
    if (from === undefined) continue;
    if (roomRow(from) < 0) {
      problems.push(`${rel(file)} lies in no room of metrics/shared/ (${from === "" ? "loose" : from})`);
      continue;
    }
    for (const target of targets) {
      const to = sharedRoomOf(target);
      if (to === undefined || to === from) continue;
      if (roomRow(to) <= roomRow(from))
        problems.push(`${rel(file)} (${from}) imports ${rel(target)} (${to})`);
    }
  }
  return problems;
}

const cliDir = path.join(srcDir, "cli");
const evaluateDir = path.join(srcDir, "evaluate");

/**
 * The files of src/cli/ that run an evaluation (or a part of one) and so may import evaluate/: the eval run and its
 * output, the benchmark, the generate command (progress), shard merging, and the metric factories (a skipped
 * metric). Every other CLI file (reports, reruns, resume checks, ...) reads the results file through results/.
 */
const cliEvaluateRunners = new Set(
  [
    "eval-run.ts",
    "eval-output.ts",
    "bench-command.ts",
    "generate-command.ts",
    "merge-command.ts",
    "metric-factory.ts",
    "metric-file.ts",
  ].map((f) => path.join(cliDir, f)),
);

/** Imports of evaluate/ from a CLI file that is not one of the runners. */
function cliEvaluateViolations(g: ReadonlyMap<string, readonly string[]>): string[] {
  const problems: string[] = [];
  for (const [file, targets] of g) {
    if (path.dirname(file) !== cliDir || cliEvaluateRunners.has(file)) continue;
    for (const target of targets)
      if (path.dirname(target) === evaluateDir) problems.push(`${rel(file)} imports ${rel(target)}`);
  }
  return problems;
}

/** Every import cycle found by a depth-first walk, as `a.ts -> b.ts -> a.ts`. */
function findCycles(g: ReadonlyMap<string, readonly string[]>): string[] {
  const cycles: string[] = [];
  const state = new Map<string, "visiting" | "done">();
  const stack: string[] = [];
  const visit = (file: string): void => {
    state.set(file, "visiting");
    stack.push(file);
    for (const next of g.get(file) ?? []) {
      const s = state.get(next);
      if (s === "visiting") cycles.push([...stack.slice(stack.indexOf(next)), next].map(rel).join(" -> "));
      else if (s === undefined && g.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of [...g.keys()].sort()) if (!state.has(file)) visit(file);
  return cycles;
}

describe("architecture: imports in src/", () => {
  it("the scanner sees static, type-only, re-export and dynamic imports", () => {
    const specs = importSpecifiers(
      [
        'import { a } from "./a.js";',
        'import type { B } from "../b.js";',
        'export { c } from "./c.js";',
        "export * from './d.js';",
        'import "./side-effect.js";',
        'const e = await import("./e.js");',
        '// import { f } from "./commented.js";',
        "import {\n  g,\n  type H,\n} from './g.js';",
      ].join("\n"),
    );
    expect(specs.sort()).toEqual(
      ["../b.js", "./a.js", "./c.js", "./d.js", "./e.js", "./g.js", "./side-effect.js"].sort(),
    );
  });

  it("every file belongs to a layer and every local import resolves to a file", () => {
    const problems: string[] = [];
    for (const [file, targets] of graph) {
      if (rowOf(layerName(file)) < 0) problems.push(`${rel(file)}: no layer for "${layerName(file)}"`);
      for (const t of targets) if (!graph.has(t)) problems.push(`${rel(file)} imports missing ${rel(t)}`);
    }
    expect(problems).toEqual([]);
  });

  it("no import goes up the layer order or sideways between sibling layers", () => {
    expect(layerViolations(graph)).toEqual([]);
  });

  it("a metric folder imports only its own files, metrics/shared/ and the metric types", () => {
    expect(metricFolderViolations(graph)).toEqual([]);
  });

  it("metrics/shared/ has no loose file, and its rooms import only their own room and the rooms below", () => {
    expect(sharedRoomViolations(graph)).toEqual([]);
  });

  it("only the CLI's run commands import evaluate/; the rest read the results file through results/", () => {
    expect(cliEvaluateViolations(graph)).toEqual([]);
  });

  it("the import graph has no cycle", () => {
    expect(findCycles(graph)).toEqual([]);
  });

  it("the checks report an upward import, a sibling import and a cycle when there is one", () => {
    const at = (p: string): string => path.join(srcDir, p);
    const bad = new Map<string, string[]>([
      [at("cache/keys.ts"), [at("evaluate/hash.ts")]],
      [at("evaluate/hash.ts"), [at("cache/keys.ts")]],
      [at("llm/a.ts"), [at("embeddings/b.ts")]],
      [at("embeddings/b.ts"), [at("math/c.ts")]],
      [at("math/c.ts"), [at("errors.ts")]],
      [at("errors.ts"), []],
    ]);
    expect(layerViolations(bad)).toEqual([
      "cache/keys.ts (cache) imports evaluate/hash.ts (evaluate)",
      "llm/a.ts (llm) imports embeddings/b.ts (embeddings)",
    ]);
    expect(findCycles(bad)).toEqual(["cache/keys.ts -> evaluate/hash.ts -> cache/keys.ts"]);
  });

  it("the metric folder rule reports one metric folder reaching into another, and shared/ into a metric", () => {
    const at = (p: string): string => path.join(srcDir, p);
    const bad = new Map<string, string[]>([
      [
        at("metrics/context-recall/judge.ts"),
        [
          at("metrics/faithfulness/prompt.ts"),
          at("metrics/context-recall/score.ts"),
          at("metrics/shared/judge/statements/steps.ts"),
          at("metrics/types.ts"),
          at("llm/types.ts"),
        ],
      ],
      [
        at("metrics/shared/judge/statements/steps.ts"),
        [at("metrics/faithfulness/judge.ts"), at("metrics/shared/judge/judge.ts")],
      ],
      [at("metrics/faithfulness/metric.ts"), [at("metrics/catalog.ts"), at("metrics/descriptor.ts")]],
      [at("metrics/catalog.ts"), [at("metrics/faithfulness/descriptor.ts")]],
    ]);
    expect(metricFolderViolations(bad)).toEqual([
      "metrics/context-recall/judge.ts (metric folder context-recall) imports metrics/faithfulness/prompt.ts",
      "metrics/shared/judge/statements/steps.ts (metric folder shared) imports metrics/faithfulness/judge.ts",
      "metrics/faithfulness/metric.ts (metric folder faithfulness) imports metrics/catalog.ts",
    ]);
  });

  it("the shared/ room rule reports a loose file, an upward import and a sibling import", () => {
    const at = (p: string): string => path.join(srcDir, "metrics/shared", p);
    const bad = new Map<string, string[]>([
      [at("helpers.ts"), []],
      [at("judge/split.ts"), [at("base/judge-metric.ts"), at("judge/judge.ts"), at("text/python-str.ts")]],
      [
        at("text/context-ids.ts"),
        [at("conversation/transcript.ts"), path.join(srcDir, "sample/validate.ts")],
      ],
      [at("verifier/verifier-metric.ts"), [at("base/base-metric.ts")]],
    ]);
    expect(sharedRoomViolations(bad)).toEqual([
      "metrics/shared/helpers.ts lies in no room of metrics/shared/ (loose)",
      "metrics/shared/judge/split.ts (judge) imports metrics/shared/base/judge-metric.ts (base)",
      "metrics/shared/text/context-ids.ts (text) imports metrics/shared/conversation/transcript.ts (conversation)",
    ]);
  });

  it("the CLI rule reports a report command reaching into evaluate/, and lets a runner through", () => {
    const at = (p: string): string => path.join(srcDir, p);
    const bad = new Map<string, string[]>([
      [at("cli/report-command.ts"), [at("evaluate/result.ts"), at("results/read-file.ts")]],
      [at("cli/eval-run.ts"), [at("evaluate/evaluate.ts")]],
    ]);
    expect(cliEvaluateViolations(bad)).toEqual(["cli/report-command.ts imports evaluate/result.ts"]);
  });
});
