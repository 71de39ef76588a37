// Confidence intervals as users meet them: `airgap-eval report` and `report compare` on results files that the
// built CLI's `eval` wrote, with a judge-free metric (no model needed).
import { readFileSync, writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { meanInterval } from "../src/math/mean-interval.js";
import { cliSandbox, runCli } from "./fixtures/cli/run-cli.js";

const box = cliSandbox("airgap-cli-intervals-");
afterAll(() => box.cleanup());
const baseline = box.file("baseline.jsonl");
const candidate = box.file("candidate.jsonl");
const ROWS = 60;

/** Rows of one dataset: questions from 12 documents; the candidate answers more of them right. */
function rows(rightEvery: number): string {
  return Array.from({ length: ROWS }, (_, i) => {
    const answer = `answer ${i}`;
    return JSON.stringify({
      user_input: `question ${i}`,
      response: i % rightEvery === 0 ? `wrong ${i}` : answer,
      reference: answer,
      reference_contexts: [`document ${i % 12}`],
    });
  }).join("\n");
}

const exactValues = (rightEvery: number) =>
  Array.from({ length: ROWS }, (_, i) => (i % rightEvery === 0 ? 0 : 1));

beforeAll(async () => {
  writeFileSync(box.file("a.jsonl"), rows(3));
  writeFileSync(box.file("b.jsonl"), rows(10));
  for (const [data, out] of [
    ["a.jsonl", baseline],
    ["b.jsonl", candidate],
  ] as const) {
    const run = await runCli(
      ["eval", box.file(data), "-m", "exact_match,non_llm_string_similarity", "-o", out, "--no-cache", "-q"],
      box.env,
    );
    expect(run.code, run.stderr).toBe(0);
  }
}, 120_000);

describe("report prints every mean with its interval", { timeout: 120_000 }, () => {
  it("the summary: Wilson for a 0/1 metric, the same figures as the library, the same bytes twice", async () => {
    const first = await runCli(["report", baseline], box.env);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^metric\s+mean\s+95% interval\s+scored/);
    const wilson = meanInterval(exactValues(3))!;
    expect(wilson.method).toBe("wilson");
    const line = first.stdout.split("\n").find((l) => l.startsWith("exact_match "))!;
    expect(line).toContain(`${wilson.low.toFixed(3)}–${wilson.high.toFixed(3)}`);
    expect(line).toContain("60 of 60");
    expect(first.stdout).toContain("Intervals of the mean over scored rows:");
    expect(first.stdout).toContain("exact_match: Wilson score interval (0/1 scores)");
    const second = await runCli(["report", baseline], box.env);
    expect(second.stdout).toBe(first.stdout);
  });

  it("--confidence and --cluster-by change the interval; the JSON report carries it", async () => {
    const json = box.file("report.json");
    const run = await runCli(
      ["report", baseline, "--confidence", "90%", "--cluster-by", "reference_contexts", "--json", json],
      box.env,
    );
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(readFileSync(json, "utf8")) as {
      aggregates: { metric: string; count: number; interval?: Record<string, unknown> }[];
    };
    const exact = report.aggregates.find((a) => a.metric === "exact_match")!;
    const clusters = Array.from({ length: ROWS }, (_, i) => JSON.stringify([`document ${i % 12}`]));
    const expected = meanInterval(exactValues(3), { level: 0.9, clusters })!;
    expect(expected.method).toBe("t"); // 12 clusters: below 30, the cluster-robust t
    expect(exact).toMatchObject({ count: 60, interval: { ...expected, clusters: 12, level: 0.9 } });
  });

  it("refuses a level outside (0, 1) and an unknown field, saying what to give", async () => {
    const bad = await runCli(["report", baseline, "--confidence", "1.5"], box.env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("must be a confidence level between 0 and 1");
    const field = await runCli(["report", baseline, "--cluster-by", "document"], box.env);
    expect(field.code).toBe(2);
    expect(field.stderr).toContain('"document" is not a sample field; give one of user_input');
  });

  it("--interval wilson on a metric with scores other than 0 and 1 names the metric", async () => {
    const run = await runCli(["report", baseline, "--interval", "wilson"], box.env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("non_llm_string_similarity: a Wilson interval needs values of 0 or 1");
  });
});
