// A metric file in the test entries: describeEval runs a metric file's judges (checked when the suite is
// collected, built with the suite's models when it runs), and node-test's loadMetricFile feeds assertScore.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { assertScore, loadMetricFile } from "../../src/node-test/index.js";
import { describeEval } from "../../src/vitest/index.js";
import { ScriptedLlm } from "../support/scripted-llm.js";

const dir = mkdtempSync(path.join(tmpdir(), "airgap-vitest-metric-file-"));
const file = path.join(dir, "quality.yaml");
writeFileSync(
  file,
  stringify({
    metrics: [{ kind: "aspect_critic", id: "on_topic", definition: "Does it answer the question?" }],
  }),
);
const rows = [
  { id: "sum", user_input: "What is 2+2?", response: "4" },
  { id: "capital", user_input: "Capital of France?", response: "Paris." },
];
const judge = () =>
  new ScriptedLlm({ "aspect_critic/on_topic": () => ({ reason: "It answers.", verdict: 1 }) });

describeEval("a metric file's judges", {
  data: rows,
  metricFile: file,
  models: async () => ({ llm: judge() }),
  thresholds: { on_topic: 1 },
  aggregate: { on_topic: { meanAtLeast: 1 } },
});

describe("describeEval with a metric file", () => {
  it("refuses a metric file without models, and a bad file, when the suite is collected", () => {
    expect(() => describeEval("no models", { data: rows, metricFile: file })).toThrow(
      'describeEval("no models") has a metricFile but no models to build its metrics with; pass models, e.g. () => sharedModels({ llm: "qwen2.5-0.5b-instruct" })',
    );
    const bad = path.join(dir, "bad.yaml");
    writeFileSync(bad, stringify({ metrics: [{ kind: "g_eval", id: "q" }] }));
    expect(() => describeEval("bad file", { data: rows, metricFile: bad, models: {} })).toThrow(
      `metric file ${bad}: metrics[0].criteria: is missing (g_eval needs it)`,
    );
    expect(() => describeEval("nothing", { data: rows })).toThrow(
      'describeEval("nothing") has no metrics; pass metrics, a metricFile, or both',
    );
  });
});

describe("node-test: loadMetricFile and assertScore", () => {
  it("scores a row with each of the file's metrics, and fails naming the metric's miss", async () => {
    const [metric] = loadMetricFile(file, { llm: judge() });
    const result = await assertScore({ userInput: "What is 2+2?", response: "4" }, metric!, { atLeast: 1 });
    expect(result.value).toBe(1);
    const [strict] = loadMetricFile(file, {
      llm: new ScriptedLlm({ "aspect_critic/on_topic": [{ reason: "It drifts.", verdict: 0 }] }),
    });
    await expect(assertScore({ userInput: "q", response: "r" }, strict!, { atLeast: 1 })).rejects.toThrow(
      /on_topic/,
    );
  });
});
