// Confidence intervals as users meet them: `airgap-eval report` and `report compare` on results files that the
// built CLI's `eval` wrote, with a judge-free metric (no model needed).
import { readFileSync, writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { levelFlag, parseClusterBy } from "../src/cli/interval-flags.js";
import { meanInterval, standardError } from "../src/math/mean-interval.js";
import { pairedDifference } from "../src/math/paired-difference.js";
import { detectableDifference, rowsToDetect } from "../src/math/sample-size.js";
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

  it("reads a level as 0.9 or 90%, and refuses a level or field it cannot use, saying what to give", () => {
    const confidence = levelFlag("--confidence");
    expect([confidence("0.9"), confidence("90%"), confidence(" 0.95 ")]).toEqual([0.9, 0.9, 0.95]);
    expect(() => confidence("1.5")).toThrow(
      '--confidence "1.5" must be a level between 0 and 1, e.g. 0.95 or 95%',
    );
    // The one CLI number reader: hex, exponents and blank text are not levels.
    for (const text of ["0x1", "9e-1", " ", "%", "Infinity"]) expect(() => confidence(text)).toThrow(text);
    expect(() => levelFlag("--power")("2")).toThrow('--power "2" must be a level');
    expect(parseClusterBy("reference_contexts")).toBe("referenceContexts");
    // Any other name is a dataset column, kept by eval in the results file (test/cli-cluster-columns.test.ts).
    expect(parseClusterBy("doc_id")).toBe("doc_id");
    expect(() => parseClusterBy(" ")).toThrow("--cluster-by needs a column name");
  });

  it("--interval wilson on a metric with scores other than 0 and 1 names the metric", async () => {
    const run = await runCli(["report", baseline, "--interval", "wilson"], box.env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("non_llm_string_similarity: a Wilson interval needs values of 0 or 1");
  });
});

describe("report compare tests the paired difference; the gate can ignore noise", {
  timeout: 120_000,
}, () => {
  it("prints the interval, p-value and verdict, and the significant form fails on a real drop, saying why", async () => {
    // The better run as the baseline: exact_match falls from 0.9 to 0.667 on the same 60 questions.
    const run = await runCli(
      ["report", "compare", candidate, baseline, "--fail-on-drop", "exact_match=0.1:significant"],
      box.env,
    );
    expect(run.code, run.stderr).toBe(3);
    const expected = pairedDifference(exactValues(10), exactValues(3));
    expect(expected.test).toBe("monte-carlo");
    const p = expected.pValue!;
    const line = run.stdout.split("\n").find((l) => l.startsWith("| `exact_match`"))!;
    const [low, high] = [expected.interval!.low, expected.interval!.high].map((v) => v.toFixed(3));
    expect(line).toContain(`| ${low} to ${high} | ${p < 0.001 ? "<0.001" : p.toFixed(3)} | yes |`);
    expect(run.stdout).toContain("| 95% interval of delta | p | Significant | Detectable |");
    expect(run.stdout).toContain("p: paired permutation test of no difference, 10000 random sign flips");
    expect(run.stderr).toContain(
      "--fail-on-drop exact_match=0.1:significant failed: exact_match fell by 0.2333 (paired mean delta -0.2333 over 60 paired rows",
    );
    expect(run.stderr).toContain("the difference is significant at 95% (p = ");
  });
});

describe("report size says how many rows a decision needs", { timeout: 120_000 }, () => {
  it("per metric the detectable difference and the rows for --detect, as the library computes them", async () => {
    const run = await runCli(["report", "size", baseline, "--detect", "0.05"], box.env);
    expect(run.code, run.stderr).toBe(0);
    const se = Math.SQRT2 * standardError(exactValues(3))!;
    const line = run.stdout.split("\n").find((l) => l.startsWith("exact_match "))!;
    expect(line.split(/\s+/)).toEqual([
      "exact_match",
      "60",
      (se / Math.SQRT2).toFixed(4),
      detectableDifference(se).toFixed(3),
      String(rowsToDetect(0.05, se, 60)),
    ]);
    expect(run.stdout).toMatch(/^metric\s+scored\s+std error\s+detectable\s+rows for 0\.05$/m);
    expect(run.stdout).toContain("at 95% confidence with 80% power");
  });
});

describe("eval takes the interval flags; CSV carries n and the interval", { timeout: 120_000 }, () => {
  const clusters = Array.from({ length: ROWS }, (_, i) => JSON.stringify([`document ${i % 12}`]));

  it("--confidence 90% --cluster-by reference_contexts: the summary and a .summary.csv report say so", async () => {
    const csv = box.file("run.summary.csv");
    const run = await runCli(
      [
        "eval",
        box.file("a.jsonl"),
        "-m",
        "exact_match,non_llm_string_similarity",
        "-o",
        box.file("clustered.jsonl"),
        "--no-cache",
        "--confidence",
        "90%",
        "--cluster-by",
        "reference_contexts",
        "--report",
        csv,
      ],
      box.env,
    );
    expect(run.code, run.stderr).toBe(0);
    const expected = meanInterval(exactValues(3), { level: 0.9, clusters, range: [0, 1] })!;
    expect(run.stdout).toMatch(/^metric\s+mean\s+90% interval\s+scored/m);
    const line = run.stdout.split("\n").find((l) => l.startsWith("exact_match "))!;
    expect(line).toContain(`${expected.low.toFixed(3)}–${expected.high.toFixed(3)}`);
    expect(run.stdout).toContain("clustered by reference_contexts (12 clusters)");

    const lines = readFileSync(csv, "utf8").split("\r\n");
    expect(lines[0]).toBe(
      "metric,mean,n,rows_run,no_score,errors,skipped,low,high,level,method,clusters,clustered_by,resamples,seed",
    );
    expect(lines.find((l) => l.startsWith("exact_match,"))!.split(",")).toEqual(
      [
        "exact_match",
        40 / 60,
        60,
        60,
        0,
        0,
        0,
        expected.low,
        expected.high,
        0.9,
        "t",
        12,
        "reference_contexts",
        "",
        "",
      ].map(String),
    );
    expect(lines.filter((l) => l !== "")).toHaveLength(3);
  });

  it("a --cluster-by column a row lacks is refused before any model loads, naming the row and the column", async () => {
    const data = box.file("no-document.jsonl");
    writeFileSync(
      data,
      [
        { user_input: "q0", response: "a", reference: "a", reference_contexts: ["d0"] },
        { user_input: "q1", response: "a", reference: "b" },
      ]
        .map((r) => JSON.stringify(r))
        .join("\n"),
    );
    const run = await runCli(
      ["eval", data, "-m", "exact_match", "-o", box.file("none.jsonl"), "--cluster-by", "reference_contexts"],
      box.env,
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("line 2");
    expect(run.stderr).toContain(
      "has no reference_contexts, which --cluster-by reference_contexts needs on every row to say which cluster it is in",
    );
  });
});

describe("report compare: rows needed, the t-interval on few pairs, intervals inside the range", {
  timeout: 120_000,
}, () => {
  it("--detect 0.05 gives each metric the paired rows needed, as the library computes them", async () => {
    const run = await runCli(["report", "compare", baseline, candidate, "--detect", "0.05"], box.env);
    expect(run.code, run.stderr).toBe(0);
    const deltas = exactValues(10).map((v, i) => v - exactValues(3)[i]!);
    const se = standardError(deltas)!;
    const line = run.stdout.split("\n").find((l) => l.startsWith("| `exact_match`"))!;
    expect(line).toContain(`| ${detectableDifference(se).toFixed(3)} (${rowsToDetect(0.05, se, ROWS)}) |`);
    expect(run.stdout).toContain("| Detectable (rows for 0.05) |");
    expect(run.stdout).toContain(
      "in brackets, the paired rows needed to detect a difference of 0.05 the same way",
    );
  });

  it("--confidence and --cluster-by after `report compare` and `report size` reach them, not `report`", async () => {
    const compare = await runCli(
      ["report", "compare", baseline, candidate, "--confidence", "0.9", "--cluster-by", "reference_contexts"],
      box.env,
    );
    expect(compare.code, compare.stderr).toBe(0);
    expect(compare.stdout).toContain("| 90% interval of delta |");
    expect(compare.stdout).toContain("clusters (equal reference_contexts) resampled and sign-flipped whole");
    const size = await runCli(["report", "size", baseline, "--cluster-by", "reference_contexts"], box.env);
    expect(size.code, size.stderr).toBe(0);
    const clusters = Array.from({ length: ROWS }, (_, i) => `document ${i % 12}`);
    const line = size.stdout.split("\n").find((l) => l.startsWith("exact_match "))!;
    // metric, scored, clusters, std error, detectable
    expect(line.split(/\s+/).slice(2, 4)).toEqual([
      "12",
      standardError(exactValues(3), clusters)!.toFixed(4),
    ]);
    expect(standardError(exactValues(3), clusters)).not.toBeCloseTo(standardError(exactValues(3))!, 4);
  });

  it("five pairs: Student t on the deltas, said in the note; a mean near 1 is clipped at 1", async () => {
    // non_llm_string_similarity near 1 on five rows: the t-interval of the mean reaches past 1.
    const small = (suffix: string) =>
      ["alpha beta", "gamma delta", "epsilon zeta", "eta theta", "iota kappa"]
        .map((reference, i) =>
          JSON.stringify({
            user_input: `q${i}`,
            response: i % 2 === 0 ? reference : `${reference}${suffix}`,
            reference,
          }),
        )
        .join("\n");
    const runs = [
      ["few-a.jsonl", "x", box.file("few-a.results.jsonl")],
      ["few-b.jsonl", "xyz", box.file("few-b.results.jsonl")],
    ] as const;
    for (const [data, suffix, out] of runs) {
      writeFileSync(box.file(data), small(suffix));
      const run = await runCli(
        ["eval", box.file(data), "-m", "non_llm_string_similarity", "-o", out, "--no-cache", "-q"],
        box.env,
      );
      expect(run.code, run.stderr).toBe(0);
    }
    const json = box.file("few.json");
    const report = await runCli(["report", runs[0][2], "--json", json], box.env);
    expect(report.code, report.stderr).toBe(0);
    const { aggregates, records } = JSON.parse(readFileSync(json, "utf8")) as {
      aggregates: { metric: string; interval: { low: number; high: number; method: string } }[];
      records: { result: { value: number } }[];
    };
    const unclipped = meanInterval(records.map((r) => r.result.value))!;
    expect(unclipped.method).toBe("t");
    expect(unclipped.high).toBeGreaterThan(1);
    expect(aggregates[0]!.interval).toMatchObject({ method: "t", low: unclipped.low, high: 1 });

    const compare = await runCli(["report", "compare", runs[0][2], runs[1][2]], box.env);
    expect(compare.code, compare.stderr).toBe(0);
    expect(compare.stdout).toContain("Paired delta interval (95%): Student t on the paired deltas.");
  });
});
