// `airgap-eval eval --metric-file` with conversational_g_eval as a user meets it: a YAML file defining the metric by
// criteria and by evaluation steps, run on the shipped agent example with a GGUF judge (stories260K where
// AIRGAP_EVAL_TEST_GGUF names it, else the tiny test model); every conversation scored in 0..1 with the weighted 0-10
// score in the results file; a definition without criteria or steps, and a dataset without conversations, refused
// before any model loads.
import { writeFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { cliSandbox, resultsLines, runCli } from "./fixtures/cli/run-cli.js";
import { extraGgufPath, tinyGgufPath } from "./setup/paths.js";

const example = "examples/agent-eval.jsonl";
const judge = extraGgufPath ?? tinyGgufPath;
const box = cliSandbox("airgap-cli-conv-g-eval-");
afterAll(() => box.cleanup());

function metricFile(name: string, metrics: unknown[]): string {
  const file = box.file(name);
  writeFileSync(file, stringify({ metrics }));
  return file;
}

describe("airgap-eval eval --metric-file with conversational_g_eval", () => {
  it("scores every conversation of the agent example, by criteria and by given steps", async () => {
    const file = metricFile("conv.yaml", [
      {
        kind: "conversational_g_eval",
        id: "resolution",
        criteria: "Does the assistant resolve what the user asks for?",
      },
      {
        kind: "conversational_g_eval",
        id: "politeness",
        evaluationSteps: ["Read every assistant turn.", "Check that each one is polite."],
        strictMode: false,
      },
    ]);
    const out = box.file("conv.jsonl");
    const result = await runCli(
      ["eval", example, "--metric-file", file, "--llm", judge, "--context-size", "4096", "--out", out],
      box.env,
    );
    expect(result.code, result.stderr).toBe(0);
    for (const id of ["resolution", "politeness"])
      expect(result.stdout).toMatch(new RegExp(`^${id} +[01]\\.\\d{3} .* 5 of 5 +0 +0 +0$`, "m"));
    const records = resultsLines(out).filter((l) => l.type === "record") as Array<{
      metric: string;
      result: {
        status: string;
        value: number;
        details: { score: number; stepsSource: string; weighting: string; evaluationSteps: string[] };
      };
    }>;
    expect(records).toHaveLength(10);
    for (const r of records) {
      expect(r.result.status).toBe("ok");
      expect(r.result.value).toBeGreaterThanOrEqual(0);
      expect(r.result.value).toBeLessThanOrEqual(1);
      // The value is the probability-weighted 0-10 score over 10.
      expect(r.result.details.weighting).toBe("token-probabilities");
      expect(r.result.value).toBeCloseTo(r.result.details.score / 10, 12);
      expect(r.result.details.stepsSource).toBe(r.metric === "politeness" ? "given" : "generated");
    }
    // The judge's steps are asked once and shared by every row.
    const generated = records
      .filter((r) => r.metric === "resolution")
      .map((r) => r.result.details.evaluationSteps);
    for (const steps of generated) expect(steps).toEqual(generated[0]);
  }, 600_000);

  it("refuses a definition with neither criteria nor steps, and a dataset without conversations, before any model loads", async () => {
    const bad = metricFile("bad.yaml", [{ kind: "conversational_g_eval", id: "resolution" }]);
    const r1 = await runCli(["eval", example, "--metric-file", bad, "--out", box.file("r1.jsonl")], box.env);
    expect(r1.code, r1.stderr).toBe(2);
    expect(r1.stderr).toContain(
      `metric file ${bad}: metrics[0].criteria: is missing: give criteria (the judge then writes the evaluation steps), evaluationSteps, or both`,
    );
    const good = metricFile("good.yaml", [
      { kind: "conversational_g_eval", id: "resolution", criteria: "Is it resolved?" },
    ]);
    const r2 = await runCli(
      ["eval", "examples/rag-eval.jsonl", "--metric-file", good, "--out", box.file("r2.jsonl")],
      box.env,
    );
    expect(r2.code, r2.stderr).toBe(2);
    expect(r2.stderr).toMatch(/metrics\[0\] \(resolution\) reads the column messages/);
  });
});
