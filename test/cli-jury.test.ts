// `airgap-eval eval --llm a --llm b --jury <aggregate>` as a user runs it: two different GGUF judges (stories260K where
// AIRGAP_EVAL_TEST_GGUF names it, and the generated tiny judge) score the example as a jury; the results file records
// each judge's value and the row's disagreement, the value is their mean, and the summary gives their agreement.
// Several judges without --jury, and --jury with one judge, are bad usage before any model loads.
import { afterAll, describe, expect, it } from "vitest";
import type { JuryDetails } from "../src/metrics/jury/jury.js";
import { loadResults } from "../src/results/load.js";
import { cliSandbox, runCli } from "./fixtures/cli/run-cli.js";
import { extraGgufPath, tinyChatGgufPath, tinyGgufPath } from "./setup/paths.js";

const example = "examples/rag-eval.jsonl";
const judges = [extraGgufPath ?? tinyChatGgufPath, tinyGgufPath];
const box = cliSandbox("airgap-cli-jury-");
afterAll(() => box.cleanup());

describe("airgap-eval eval --jury", { timeout: 600_000 }, () => {
  it("runs the metric on every judge, records each judge's value and reports their agreement", async () => {
    const out = box.file("jury.jsonl");
    const result = await runCli(
      [
        "eval",
        example,
        "--metrics",
        "nv_accuracy",
        ...judges.flatMap((j) => ["--llm", j]),
        "--jury",
        "mean",
      ].concat(["--out", out, "--no-cache"]),
      box.env,
    );
    expect(result.code, result.stderr).toBe(0);
    const names = judges.map((j) => j.split("/").pop());
    expect(result.stdout).toContain(`nv_accuracy: jury of 2 judges (${names.join(", ")}), Krippendorff's α`);
    expect(result.stdout).toMatch(/\(interval, 20 rows\), mean disagreement \d\.\d{3}/);

    const results = loadResults(out);
    expect(results.metadata.metrics.nv_accuracy?.options).toMatchObject({
      jury: "mean",
      juryScale: "interval",
    });
    expect(results.metadata.metrics.nv_accuracy?.models.map((m) => m.id)).toHaveLength(2);
    expect(results.records).toHaveLength(20);
    for (const record of results.records) {
      const jury = record.result.details?.jury as JuryDetails;
      expect(jury.members.map((m) => m.judge)).toEqual(names);
      const values = jury.members.map((m) => m.value as number);
      expect(record.result.value).toBeCloseTo((values[0]! + values[1]!) / 2, 12);
      expect(jury.disagreement).toBeCloseTo(Math.abs(values[0]! - values[1]!), 12);
    }
    expect(results.aggregates[0]?.agreement).toMatchObject({ judges: names, scale: "interval", rows: 20 });
  });

  it.each([
    [
      ["--llm", "a.gguf", "--llm", "b.gguf"],
      /2 --llm judges given without --jury: add --jury <majority\|mean\|median\|min>/,
    ],
    [["--llm", "a.gguf", "--jury", "majority"], /--jury majority needs two or more judges/],
    [
      ["--llm", "a.gguf", "--llm", "b.gguf", "--jury", "mode"],
      /--jury <aggregate>' argument 'mode' is invalid/,
    ],
  ])("refuses %j before any model loads", async (flags, message) => {
    const result = await runCli(["eval", example, "--metrics", "nv_accuracy", ...flags], box.env);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
  });
});
