// `airgap-eval eval --llm a --llm b --jury <aggregate>` as a user runs it: two different GGUF judges (stories260K where
// AIRGAP_EVAL_TEST_GGUF names it, and the generated tiny judge) score the example as a jury; the results file records
// each judge's value and the row's disagreement, the value is their mean, and the summary gives their agreement.
// With --jury-loading one-at-a-time the judges take turns (every row with one, then the next) and the file is the
// same. Several judges without --jury, and --jury with one judge, are bad usage before any model loads.
import { statSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { juryLoadingFor } from "../src/cli/eval-jury.js";
import type { JuryDetails } from "../src/metrics/jury/jury.js";
import { loadResults } from "../src/results/load.js";
import { cliSandbox, runCli } from "./fixtures/cli/run-cli.js";
import { extraGgufPath, tinyChatGgufPath, tinyGgufPath } from "./setup/paths.js";

const example = "examples/rag-eval.jsonl";
const judges = [extraGgufPath ?? tinyChatGgufPath, tinyGgufPath];
const box = cliSandbox("airgap-cli-jury-");
afterAll(() => box.cleanup());

/** `eval` of the example's nv_accuracy by a mean jury of the two judges, into `out`, without the cache. */
const runJury = (out: string, flags: string[] = []) =>
  runCli(
    [
      ...["eval", example, "--metrics", "nv_accuracy", ...judges.flatMap((j) => ["--llm", j])],
      ...["--jury", "mean", ...flags, "--out", out, "--no-cache"],
    ],
    box.env,
  );

describe("airgap-eval eval --jury", { timeout: 600_000 }, () => {
  it("runs the metric on every judge, records each judge's value and reports their agreement", async () => {
    const out = box.file("jury.jsonl");
    const result = await runJury(out);
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

    // One judge at a time: every row with the first judge, then every row with the second; the same file.
    const oneAtATime = box.file("jury-one-at-a-time.jsonl");
    const passed = await runJury(oneAtATime, ["--jury-loading", "one-at-a-time"]);
    expect(passed.code, passed.stderr).toBe(0);
    expect(passed.stderr).toContain(`nv_accuracy, pass 1 of 2 (judge ${names[0]}): 20 rows`);
    expect(passed.stderr).toContain(`nv_accuracy, pass 2 of 2 (judge ${names[1]}): 20 rows`);
    const again = loadResults(oneAtATime);
    expect(again.metadata.metrics.nv_accuracy?.configHash).toBe(
      results.metadata.metrics.nv_accuracy?.configHash,
    );
    expect(again.records.map((r) => r.result)).toEqual(results.records.map((r) => r.result));
  });

  it("--jury-loading auto keeps the judges together when they fit in half the free memory, else one at a time", async () => {
    const size = judges.reduce((sum, j) => sum + statSync(j).size, 0);
    const notices: string[] = [];
    const notice = (m: string) => notices.push(m);
    expect(await juryLoadingFor("auto", judges, {}, size * 4, notice)).toBe("together");
    expect(notices).toEqual([]);
    expect(await juryLoadingFor("auto", judges, {}, size, notice)).toBe("one-at-a-time");
    expect(notices).toEqual([
      expect.stringMatching(
        /^the jury's judges take turns \(--jury-loading auto\): their files \(\d+\.\d GiB\) exceed half the free memory/,
      ),
    ]);
    expect(await juryLoadingFor("together", judges, {}, 0, notice)).toBe("together");
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
