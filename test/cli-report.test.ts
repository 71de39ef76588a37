// `airgap-eval report` and `airgap-eval report compare` on results files written by `eval`.
import { existsSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadResults } from "../src/results/load.js";
import type { MetricAggregate } from "../src/results/types.js";
import { cliSandbox, runCli } from "./fixtures/cli/run-cli.js";
import { tinyEncoderDir } from "./setup/paths.js";
import { makeFixtureResult, withRepeatedErrors } from "./support/report-fixtures.js";
import { writeResultsFile } from "./support/results-file-fixture.js";

const box = cliSandbox("airgap-cli-report-");
afterAll(() => box.cleanup());
const runA = box.file("a.jsonl");
const runB = box.file("b.jsonl");

function semantic(file: string): MetricAggregate {
  return loadResults(file).aggregates.find((a) => a.metric === "semantic_similarity")!;
}

beforeAll(async () => {
  // Two runs of the same rows: the JSONL file with the starter embedder, the CSV file with the tiny encoder.
  const [a, b] = await Promise.all([
    runCli(
      ["eval", "examples/rag-eval.jsonl", "-m", "semantic_similarity", "-o", runA, "--no-cache", "-q"],
      box.env,
    ),
    runCli(
      [
        "eval",
        "examples/rag-eval.csv",
        "-m",
        "semantic_similarity",
        "--embeddings",
        tinyEncoderDir,
        "-o",
        runB,
        "--no-cache",
        "-q",
      ],
      box.env,
    ),
  ]);
  expect(a.code, a.stderr).toBe(0);
  expect(b.code, b.stderr).toBe(0);
});

describe("report", { timeout: 300_000 }, () => {
  it("--html --md --csv --json writes all four, each one a real report of the run", async () => {
    const files = {
      html: box.file("out/report.html"),
      md: box.file("out/report.md"),
      csv: box.file("out/report.csv"),
      json: box.file("out/report.json"),
    };
    const result = await runCli(
      ["report", runA, "--html", files.html, "--md", files.md, "--csv", files.csv, "--json", files.json],
      box.env,
    );
    expect(result.code, result.stderr).toBe(0);
    for (const file of Object.values(files)) {
      expect(existsSync(file)).toBe(true);
      expect(result.stdout).toContain(file);
    }
    const agg = semantic(runA);
    const json = JSON.parse(readFileSync(files.json, "utf8")) as { aggregates: MetricAggregate[] };
    expect(json.aggregates.find((a) => a.metric === "semantic_similarity")?.mean).toBeCloseTo(agg.mean!, 12);
    expect(readFileSync(files.html, "utf8")).toMatch(/^<!doctype html>/i);
    expect(readFileSync(files.html, "utf8")).toContain("How tall is Mount Everest?");
    expect(readFileSync(files.md, "utf8")).toContain("semantic_similarity");
    const csvLines = readFileSync(files.csv, "utf8").trim().split(/\r?\n/);
    expect(csvLines.length).toBeGreaterThanOrEqual(21);
  });

  it("with no output flag prints the summary table", async () => {
    const result = await runCli(["report", runA], box.env);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^metric\s+mean\s+95% interval\s+scored/m);
    const { mean, interval } = semantic(runA);
    expect(result.stdout).toMatch(
      new RegExp(
        `^semantic_similarity\\s+${mean!.toFixed(3)}\\s+${interval!.low.toFixed(3)}–${interval!.high.toFixed(3)}\\s+20 of 20\\s`,
        "m",
      ),
    );
  });

  it("prints an error that failed many rows once, with its rows, in the summary and the reports", async () => {
    const file = box.file("errors.jsonl");
    writeResultsFile(
      file,
      withRepeatedErrors(makeFixtureResult({ hostile: false }), [3, 5, 8, 9, 10, 11, 12]),
      {
        interrupted: true,
      },
    );
    const summary = await runCli(["report", file], box.env);
    expect(summary.code, summary.stderr).toBe(0);
    expect(summary.stdout.match(/does not fit the judge's context window/g)).toHaveLength(1);
    expect(summary.stdout).toContain(
      "answer_relevancy: 7 errors on rows 3, 5, 8–12 (7 rows):\n    ContextOverflowError: the response (1311–1644 characters)",
    );
    const md = box.file("errors/report.md");
    const html = box.file("errors/report.html");
    const written = await runCli(["report", file, "--md", md, "--html", html], box.env);
    expect(written.code, written.stderr).toBe(0);
    expect(readFileSync(md, "utf8")).toContain(
      "- `answer_relevancy` error on rows 3, 5, 8–12 (7 rows): ContextOverflowError",
    );
    const page = readFileSync(html, "utf8");
    const problems = page.slice(page.indexOf('<section id="problems">'), page.indexOf('<section id="rows">'));
    expect(problems.match(/question-writing prompt/g)).toHaveLength(1);
  });

  it("a missing results file is bad input (exit 2)", async () => {
    const result = await runCli(["report", box.file("nope.jsonl"), "--html", box.file("x.html")], box.env);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/nope\.jsonl: results file does not exist/);
    expect(existsSync(box.file("x.html"))).toBe(false);
  });
});

describe("report compare", { timeout: 300_000 }, () => {
  it("prints the aggregate delta (b minus a) and the changed rows", async () => {
    const result = await runCli(["report", "compare", runA, runB], box.env);
    expect(result.code, result.stderr).toBe(0);
    const a = semantic(runA).mean!;
    const b = semantic(runB).mean!;
    const delta = b - a;
    const signed = `${delta >= 0 ? "+" : "-"}${Math.abs(delta).toFixed(3)}`;
    const metricLine = result.stdout.split("\n").find((l) => l.includes("`semantic_similarity`"));
    expect(metricLine).toBeDefined();
    expect(metricLine).toContain(a.toFixed(3));
    expect(metricLine).toContain(b.toFixed(3));
    expect(metricLine).toContain(signed);
    // JSONL and CSV hold the same rows: all 20 are paired by content.
    expect(result.stdout).toMatch(/20 paired, 0 only in a, 0 only in b/);
    expect(result.stdout).toContain("How tall is Mount Everest?");
  });

  it("--out writes the comparison as JSON", async () => {
    const out = box.file("compare/diff.json");
    const result = await runCli(["report", "compare", runA, runB, "--out", out], box.env);
    expect(result.code, result.stderr).toBe(0);
    const comparison = JSON.parse(readFileSync(out, "utf8")) as {
      metrics: Array<{ metric: string; meanDelta: number; pairedCount: number }>;
      onlyInA: unknown[];
      onlyInB: unknown[];
    };
    const metric = comparison.metrics.find((m) => m.metric === "semantic_similarity")!;
    expect(metric.meanDelta).toBeCloseTo(semantic(runB).mean! - semantic(runA).mean!, 12);
    expect(metric.pairedCount).toBe(20);
    expect(comparison.onlyInA).toEqual([]);
    expect(comparison.onlyInB).toEqual([]);
  });

  it("names the runs by file and --fail-on-drop exits 3 on a drop past its limit, 0 within it", async () => {
    const delta = semantic(runB).mean! - semantic(runA).mean!;
    // Baseline first: the run with the higher mean, so the candidate dropped.
    const [high, low] = delta < 0 ? [runA, runB] : [runB, runA];
    const [highName, lowName] = delta < 0 ? ["a", "b"] : ["b", "a"];
    const drop = Math.abs(delta);
    const failed = await runCli(["report", "compare", high, low, "--fail-on-drop", "*=0"], box.env);
    expect(failed.code, failed.stderr).toBe(3);
    expect(failed.stdout).toMatch(
      new RegExp(
        `^# airgap-eval comparison: ${highName} \\(${highName}\\.jsonl\\) → ${lowName} \\(${lowName}\\.jsonl\\)$`,
        "m",
      ),
    );
    expect(failed.stdout).not.toContain(box.file(""));
    expect(failed.stderr).toContain(
      `--fail-on-drop semantic_similarity=0 failed: semantic_similarity fell by ${drop.toFixed(4)} (paired mean delta -${drop.toFixed(4)} over 20 paired rows`,
    );
    const limit = (drop + 0.01).toFixed(3);
    const passed = await runCli(
      ["report", "compare", high, low, "--fail-on-drop", `semantic_similarity=${limit}`],
      box.env,
    );
    expect(passed.code, passed.stderr).toBe(0);
    expect(passed.stderr).toContain(`--fail-on-drop semantic_similarity=${Number(limit)} passed`);
    // The other way round it is a gain: even a limit of 0 passes.
    expect((await runCli(["report", "compare", low, high, "--fail-on-drop", "*=0"], box.env)).code).toBe(0);
  });

  it("--fail-on-drop naming a metric the baseline lacks, or malformed, is bad usage (exit 2)", async () => {
    const out = box.file("compare/not-written.html");
    const missing = await runCli(
      ["report", "compare", runA, runB, "--out", out, "--fail-on-drop", "faithfulness=0.1"],
      box.env,
    );
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(
      "the baseline run (a) has no metric faithfulness; it has semantic_similarity",
    );
    expect(existsSync(out)).toBe(false);
    const malformed = await runCli(["report", "compare", runA, runB, "--fail-on-drop", "0.1"], box.env);
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toContain('"0.1" must look like <metric>=<number> or *=<number>');
  });

  it("comparing a file with itself is bad usage (exit 2)", async () => {
    const result = await runCli(["report", "compare", runA, runA], box.env);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/compare needs two different results files/);
  });
});
