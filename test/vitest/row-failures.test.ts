// describeEval's failures as a user reads them in vitest's output (a suite run by a vitest of its own): a row that
// misses its bar says so once, without a diff, located at the user's describeEval call; a row that runs out of time
// names the row, the metric, the limit and how to raise it; aggregates say why rows have no score (time, an
// unbuilt suite) instead of blaming the metric list; the reporter counts data set rows and matcher assertions apart.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEval } from "../../src/vitest/index.js";
import { repoRoot } from "../setup/paths.js";
import { FakeMetric } from "../support/fake-metrics.js";

const fixture = path.join(repoRoot, "test", "fixtures", "vitest-rows");
const suiteLines = readFileSync(path.join(fixture, "rows.eval.ts"), "utf8").split("\n");
/** The 1-based line of the fixture where `describeEval("<name>"` is called. */
const lineOf = (name: string) => suiteLines.findIndex((l) => l.startsWith(`describeEval("${name}"`)) + 1;

const out = mkdtempSync(path.join(os.tmpdir(), "airgap-vitest-rows-"));
let output = "";
/** vitest's report of one failed test: from its FAIL line to the separator after it. */
const failure = (test: string) => {
  const start = output.indexOf(` FAIL  rows.eval.ts > ${test}\n`);
  expect(start, `no failure reported for ${test}:\n${output}`).toBeGreaterThanOrEqual(0);
  return output.slice(start, output.indexOf("⎯⎯⎯", start));
};
const occurrences = (text: string, part: string) => text.split(part).length - 1;

beforeAll(async () => {
  output = await new Promise<string>((resolve) => {
    const child = spawn(
      process.execPath,
      [
        path.join(repoRoot, "node_modules", "vitest", "vitest.mjs"),
        "run",
        "--config",
        path.join(fixture, "vitest.config.ts"),
      ],
      { cwd: repoRoot, env: { ...process.env, AIRGAP_EVAL_OUT: out, NO_COLOR: "1", FORCE_COLOR: "0" } },
    );
    let text = "";
    child.stdout.on("data", (d) => {
      text += d;
    });
    child.stderr.on("data", (d) => {
      text += d;
    });
    child.on("close", () => resolve(text));
  });
}, 120_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe("describeEval failures in vitest's output", () => {
  it("a row that misses its bar: the message once, no diff, at the user's describeEval call", () => {
    const report = failure("bars > short");
    expect(report).toContain(
      "AssertionError: length scored 0.06; expected >= 0.3\n  status: ok, value 0.060",
    );
    expect(occurrences(report, "scored 0.06")).toBe(1);
    expect(report).not.toMatch(/Expected|Received|deeply equal/);
    expect(report).toContain(`❯ rows.eval.ts:${lineOf("bars")}:1`);
    expect(report).not.toMatch(/describe-eval|score-row|node_modules/);
  });

  it("a row that runs out of time: the row, the metric, the limit and how to raise it", () => {
    const report = failure("slow > long");
    expect(report).toContain(
      'EvalTimeoutError: row "long" of describeEval("slow"): stuck did not finish within 0.3 s, the row\'s time limit ' +
        "(the suite's timeout option); its judge calls were stopped. Give the rows more time with " +
        'describeEval("slow", { timeout: 1_000 }) (milliseconds per row; the default is sized from the judge, ' +
        'docs/testing.md "Time limits").',
    );
    expect(report).toContain(`❯ rows.eval.ts:${lineOf("slow")}:1`);
  });

  it("an aggregate says the rows ran out of time, and holds for the metric that finished", () => {
    expect(failure("slow > aggregate: stuck")).toContain(
      'AssertionError: stuck: 2 of 2 rows have no score (rows 0 "short" (ran out of time in stuck), 1 "long" ' +
        "(ran out of time in stuck)); at most 0 allowed",
    );
    expect(output).toContain("✓ rows.eval.ts > slow > aggregate: length");
    expect(output).not.toContain("not among the metrics");
  });

  it("an aggregate of a suite whose metrics could not be built says so", () => {
    expect(failure("unbuilt > short")).toContain("Error: the judge file judge.gguf is missing");
    expect(failure("unbuilt > aggregate: length")).toContain(
      'AssertionError: length: no row has a length score: the metrics of "unbuilt" were never built (the judge ' +
        "file judge.gguf is missing); see the first row's error",
    );
  });

  it("the reporter counts data set rows and matcher assertions apart", () => {
    // Each mean with its interval (a t-interval on so few rows) and the line saying so.
    expect(output).toMatch(
      new RegExp(
        [
          "Data set rows \\(describeEval\\): 4 rows",
          "metric\\s+mean\\s+95% interval\\s+scored\\s+no score\\s+errors\\s+skipped",
          "length\\s+0\\.230\\s+-?\\d\\.\\d{3}–\\d\\.\\d{3}\\s+4 of 4\\s+0\\s+0\\s+0",
          "Intervals of the mean over scored rows: Student t interval\\.",
          "",
          "Matcher assertions: 2 assertions in 1 test",
          "metric\\s+mean\\s+95% interval\\s+scored\\s+no score\\s+errors\\s+skipped",
          "length\\s+0\\.120\\s+-?\\d\\.\\d{3}–\\d\\.\\d{3}\\s+2 of 2\\s+0\\s+0\\s+0",
        ].join("\\n"),
      ),
    );
    const records = readFileSync(path.join(out, "results.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { type: string; row?: number });
    expect(records[0]).toMatchObject({ type: "header", metadata: { totalRows: 6 } });
    // Each matcher assertion is a row of its own, so two assertions of one test do not collapse into one.
    expect(new Set(records.filter((r) => r.type === "record").map((r) => r.row)).size).toBe(6);
  });
});

describe("describeEval options checked when the suite is collected", () => {
  const rows = [{ id: "a", response: "x" }];

  it("refuses an aggregate on a metric the suite does not have, naming its metrics", () => {
    expect(() =>
      describeEval("typo", {
        data: rows,
        metrics: [new FakeMetric({ name: "length" })],
        aggregate: { lenght: {} },
      }),
    ).toThrow('describeEval("typo"): aggregate names lenght, which is not among its metrics (length)');
  });

  it("refuses a timeout that is not a positive number of milliseconds", () => {
    expect(() => describeEval("t", { data: rows, metrics: [new FakeMetric()], timeout: 0 })).toThrow(
      'describeEval("t"): timeout must be a positive number of milliseconds per row, got 0',
    );
  });
});
