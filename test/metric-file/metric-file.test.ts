// Metric files in the library: parseMetricFile checks a YAML or JSON file against the definable descriptors
// (before any model loads), loadMetricFile builds its metrics; a bad file fails with the file, the entry's path
// and what to do.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../../src/errors.js";
import { definableMetrics, parseMetricFile } from "../../src/metric-file/definition.js";
import { createDefinedMetric, loadMetricFile } from "../../src/metric-file/load.js";
import { isJudgeInputField, judgeInputNames } from "../../src/metrics/shared/judge/custom-judge.js";
import { metricFileWriter } from "../support/metric-files.js";
import { ScriptedLlm } from "../support/scripted-llm.js";

const metricFile = metricFileWriter("airgap-metric-file-");

const critic = {
  kind: "aspect_critic",
  id: "on_topic",
  definition: "Does the response answer the question?",
};
const kinds =
  "aspect_critic, rubrics_score, instance_rubrics, simple_criteria, g_eval, arena_g_eval, conversational_g_eval, llm_evaluator, dag, conversational_dag";

describe("parseMetricFile", () => {
  it("reads YAML and JSON entries with each kind's sample fields, without building a metric", () => {
    const file = metricFile("good.yaml", {
      metrics: [
        critic,
        { kind: "g_eval", id: "quality", criteria: "Is it correct?", inputs: ["user_input", "reference"] },
        { kind: "rubrics_score", id: "graded", withReference: true },
        { kind: "instance_rubrics", id: "per_row" },
        {
          kind: "llm_evaluator",
          id: "complete",
          instructions: "Score 1 if complete.",
          inputs: { q: "user_input" },
        },
      ],
    });
    expect(parseMetricFile(file).map((d) => [d.id, d.kind, d.where, d.fields])).toEqual([
      ["on_topic", "aspect_critic", `${file}: metrics[0]`, ["userInput", "response"]],
      ["quality", "g_eval", `${file}: metrics[1]`, ["userInput", "reference"]],
      ["graded", "rubrics_score", `${file}: metrics[2]`, ["userInput", "response", "reference"]],
      ["per_row", "instance_rubrics", `${file}: metrics[3]`, ["userInput", "response", "rubrics"]],
      ["complete", "llm_evaluator", `${file}: metrics[4]`, ["userInput"]],
    ]);
    const json = metricFile("good.json", JSON.stringify({ metrics: [critic] }));
    expect(parseMetricFile(json).map((d) => d.options)).toEqual([
      { definition: critic.definition, name: "on_topic" },
    ]);
  });

  it("takes its kinds from the descriptors marked definable, and refuses the other metrics by name", () => {
    expect([...definableMetrics.keys()].join(", ")).toBe(kinds);
    const file = metricFile("builtin.yaml", { metrics: [{ kind: "faithfulness", id: "f" }] });
    expect(() => parseMetricFile(file)).toThrow(
      `metric file ${file}: metrics[0].kind: "faithfulness" is not a known kind; use one of ${kinds}`,
    );
  });

  it("each kind's field rule gives the fields its definitions read, and the built metric requires them", () => {
    const file = metricFile("fields.yaml", {
      metrics: [
        critic,
        { kind: "simple_criteria", id: "brief", definition: "Is it brief?", inputs: ["response"] },
        { kind: "g_eval", id: "quality", criteria: "Is it correct?" },
        { kind: "rubrics_score", id: "graded" },
        { kind: "rubrics_score", id: "graded_ref", withReference: true },
        { kind: "instance_rubrics", id: "per_row", inputs: ["response"] },
        {
          kind: "llm_evaluator",
          id: "complete",
          instructions: "Score 1 if complete.",
          inputs: { q: "user_input", a: "response", again: "user_input" },
        },
      ],
    });
    const expected: Record<string, string[]> = {
      on_topic: ["userInput", "response"],
      brief: ["response"],
      quality: ["userInput", "response"],
      graded: ["userInput", "response"],
      graded_ref: ["userInput", "response", "reference"],
      per_row: ["response", "rubrics"],
      complete: ["userInput", "response"],
    };
    const llm = new ScriptedLlm({});
    for (const definition of parseMetricFile(file)) {
      expect(definition.fields, definition.id).toEqual(expected[definition.id]);
      const metric = createDefinedMetric(definition, { llm });
      expect(metric.requiredFields, definition.id).toEqual(expected[definition.id]);
      // The judge is shown the same fields (a row's rubric is read apart), by Ragas name.
      const shown = expected[definition.id]!.filter(isJudgeInputField).map((f) => judgeInputNames[f]);
      expect(metric.config().options.inputs, definition.id).toBe(shown.join(","));
    }
  });

  const problems: Array<[string, unknown, string]> = [
    [
      "no metrics list",
      { metric: [] },
      "must be a mapping with a `metrics` list, e.g. metrics: [{ kind: aspect_critic, id: ..., definition: ... }]",
    ],
    [
      "an unknown top-level key",
      { metrics: [critic], judge: "x" },
      "judge: is not a known key; the file holds only `metrics`",
    ],
    ["an empty list", { metrics: [] }, "metrics: must be a non-empty list"],
    [
      "an entry that is not a mapping",
      { metrics: ["aspect_critic"] },
      "metrics[0]: must be a mapping with kind, id and the kind's options",
    ],
    [
      "no kind",
      { metrics: [{ id: "x", definition: "d" }] },
      `metrics[0].kind: is missing; use one of ${kinds}`,
    ],
    [
      "an unknown kind",
      { metrics: [{ ...critic, kind: "vibes" }] },
      `metrics[0].kind: "vibes" is not a known kind; use one of ${kinds}`,
    ],
    [
      "a missing option",
      { metrics: [{ kind: "aspect_critic", id: "x" }] },
      "metrics[0].definition: is missing (aspect_critic needs it)",
    ],
    [
      "an unknown option",
      { metrics: [{ ...critic, definiton: "typo" }] },
      "metrics[0]: has unknown key(s) definiton for kind aspect_critic",
    ],
    [
      "scale min > max",
      { metrics: [{ kind: "simple_criteria", id: "x", definition: "d", scale: { min: 5, max: 1 } }] },
      "metrics[0].scale: min (5) is greater than max (1); give min <= max",
    ],
    [
      "an even strictness",
      { metrics: [{ ...critic, strictness: 2 }] },
      "metrics[0].strictness: must be odd (1, 3, 5, ...) so the majority vote cannot tie",
    ],
    [
      "a duplicate id",
      { metrics: [critic, critic] },
      'metrics[1].id: "on_topic" is already used by {file}: metrics[0]; give each metric its own id',
    ],
  ];
  it.each(problems)("%s: names the file, the path and the problem", (_name, data, problem) => {
    const file = metricFile("bad.yaml", data);
    expect(() => parseMetricFile(file)).toThrow(
      new InvalidInputError(`metric file ${file}: ${problem.replace("{file}", file)}`),
    );
  });

  it("names the line and column of a YAML syntax error, and a file that does not exist", () => {
    const file = metricFile("syntax.yaml", "metrics:\n  - kind: aspect_critic\n    id: [unclosed\n");
    expect(() => parseMetricFile(file)).toThrow(
      new RegExp(
        `^metric file ${file.replace(/[.\\]/g, "\\$&")}: line \\d+, column \\d+: is not valid YAML: `,
      ),
    );
    const missing = path.join(path.dirname(metricFile("exists.yaml", "")), "nope.yaml");
    expect(() => parseMetricFile(missing)).toThrow(`metric file ${missing}: does not exist; check the path`);
  });

  it("refuses an id that takenIds already holds, saying what holds it", () => {
    const file = metricFile("taken.yaml", { metrics: [critic] });
    expect(() =>
      parseMetricFile(file, { takenIds: new Map([["on_topic", "other.yaml: metrics[2]"]]) }),
    ).toThrow(
      `metric file ${file}: metrics[0].id: "on_topic" is already used by other.yaml: metrics[2]; give each metric its own id`,
    );
    // A built-in id is refused whatever runs beside the file (test/faults/metric-definitions.test.ts).
    const builtIn = metricFile("built-in.yaml", { metrics: [{ ...critic, id: "faithfulness" }] });
    expect(() => parseMetricFile(builtIn, { takenIds: new Map([["faithfulness", "--metrics"]]) })).toThrow(
      `metric file ${builtIn}: metrics[0].id: "faithfulness" is the id of a built-in metric`,
    );
  });
});

describe("loadMetricFile", () => {
  it("builds the file's metrics, which score with the judge under their own ids", async () => {
    const file = metricFile("run.yaml", { metrics: [critic, { kind: "rubrics_score", id: "graded" }] });
    const llm = new ScriptedLlm({ "aspect_critic/on_topic": [{ reason: "It answers.", verdict: 1 }] });
    const metrics = loadMetricFile(file, { llm });
    expect(metrics.map((m) => m.name)).toEqual(["on_topic", "graded"]);
    const result = await metrics[0]!.score({ userInput: "What is 2+2?", response: "4" });
    expect(result).toMatchObject({ value: 1, status: "ok", reason: "It answers." });
  });

  it("without the judge its kinds need, or with an option the judge cannot serve, names the entry", () => {
    const file = metricFile("judge.yaml", { metrics: [{ ...critic, confidence: true }] });
    expect(() => loadMetricFile(file, {})).toThrow(
      `metric file ${file}: metrics[0] (on_topic): field "llm": metric aspect_critic needs a judge: pass models.llm`,
    );
    expect(() => loadMetricFile(file, { llm: new ScriptedLlm({}) })).toThrow(
      new RegExp(
        `^metric file ${file.replace(/[.\\]/g, "\\$&")}: metrics\\[0\\] \\(on_topic\\): .*confidence: true reads verdict probabilities`,
      ),
    );
  });
});
