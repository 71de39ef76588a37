// Failure 2 of the second hostile trial (issue 29): `merge` trusted its inputs. A value of 7 on a [0,1]
// metric passed --fail-under, a record moved to row 999 of a 12-row dataset was merged, and a `1e999`
// value became "no score". Every reader of a results file (merge, report, --resume) now refuses them,
// naming the file, line, row and metric.
import { readFileSync, writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InvalidInputError } from "../../src/errors.js";
import { loadResults } from "../../src/results/load.js";
import { recordedValueRange } from "../../src/results/record-check.js";
import { cliSandbox, runCli } from "../fixtures/cli/run-cli.js";

const box = cliSandbox("airgap-faults-values-");
afterAll(() => box.cleanup());

const dataset = box.file("data.jsonl");
const shard = (i: number) => box.file(`s${i}.jsonl`);
const metric = ["--metrics", "exact_match"];

/** Rewrites line `n` (1-based) of a results file with `edit` applied to its text. */
function editLine(from: string, to: string, n: number, edit: (text: string) => string): void {
  const lines = readFileSync(from, "utf8").split("\n");
  lines[n - 1] = edit(lines[n - 1]!);
  writeFileSync(to, lines.join("\n"));
}

/** The 1-based line of the first record in a results file. */
function firstRecordLine(file: string): number {
  return (
    readFileSync(file, "utf8")
      .split("\n")
      .findIndex((l) => l.includes('"type":"record"')) + 1
  );
}

beforeAll(async () => {
  const rows = Array.from({ length: 12 }, (_, i) => ({
    user_input: `q${i}`,
    response: `a${i}`,
    reference: i % 2 === 0 ? `a${i}` : `b${i}`,
  }));
  writeFileSync(dataset, `${rows.map((r) => JSON.stringify(r)).join("\n")}\n`);
  for (const i of [0, 1]) {
    const run = await runCli(["eval", dataset, ...metric, "--shard", `${i}/2`, "--out", shard(i)], box.env);
    expect(run.stderr).toBe(run.code === 0 || run.code === 1 ? run.stderr : "exit 0 or 1");
  }
}, 120_000);

describe("merge, report and --resume check every record", { timeout: 120_000 }, () => {
  const cases: Array<[string, (text: string) => string, RegExp]> = [
    [
      "a value of 7 on a [0,1] metric",
      (t) => t.replace(/"value":[01]/, '"value":7'),
      /value 7 is outside the metric's range \[0, 1\]/,
    ],
    [
      "a record moved to row 999 of a 12-row dataset",
      (t) => t.replace(/"row":\d+/, '"row":999'),
      /is for row 999, but the run's dataset has 12 rows \(0 to 11\)/,
    ],
    [
      "a 1e999 value",
      (t) => t.replace(/"value":[01]/, '"value":1e999'),
      /value Infinity is not a finite number/,
    ],
  ];

  for (const [name, edit, message] of cases) {
    it(`${name}: merge --fail-under, report and --resume exit 2 naming file, line, row and metric`, async () => {
      const bad = box.file(`bad-${name.length}.jsonl`);
      const line = firstRecordLine(shard(1));
      editLine(shard(1), bad, line, edit);
      expect(readFileSync(bad, "utf8")).not.toEqual(readFileSync(shard(1), "utf8"));
      const where = new RegExp(`bad-${name.length}\\.jsonl.*line ${line}`);

      const merged = box.file(`merged-${name.length}.jsonl`);
      const merge = await runCli(
        ["merge", shard(0), bad, "--out", merged, "--fail-under", "exact_match=0.4"],
        box.env,
      );
      expect(merge.code).toBe(2);
      expect(merge.stderr).toMatch(message);
      expect(merge.stderr).toMatch(where);
      expect(merge.stderr).toContain("exact_match");

      const report = await runCli(["report", bad, "--md", box.file(`r-${name.length}.md`)], box.env);
      expect(report.code).toBe(2);
      expect(report.stderr).toMatch(message);
      expect(report.stderr).toMatch(where);

      const resume = await runCli(
        ["eval", dataset, ...metric, "--shard", "1/2", "--out", bad, "--resume"],
        box.env,
      );
      expect(resume.code).toBe(2);
      expect(resume.stderr).toMatch(message);

      expect(() => loadResults(bad)).toThrow(InvalidInputError);
    });
  }

  it("the untouched shards still merge, and pass or fail --fail-under on their true mean", async () => {
    const merge = await runCli(
      ["merge", shard(0), shard(1), "--out", box.file("good.jsonl"), "--fail-under", "exact_match=0.6"],
      box.env,
    );
    expect(merge.stderr).toContain("exact_match");
    expect(merge.code).toBe(3);
    expect(loadResults(box.file("good.jsonl")).aggregates[0]!.mean).toBe(0.5);
  });
});

describe("recordedValueRange", () => {
  it("takes the descriptor's range, a user's scale, a rubric's levels, or none", () => {
    const config = (name: string, options: Record<string, string | number | boolean | null>) => ({
      name,
      promptVersions: {},
      options,
      models: [],
    });
    expect(recordedValueRange(config("faithfulness", {}))).toEqual([0, 1]);
    expect(recordedValueRange(config("semantic_similarity", {}))).toEqual([-1, 1]);
    expect(
      recordedValueRange(config("tone", { kind: "simple_criteria", scaleMin: 0, scaleMax: 10 })),
    ).toEqual([0, 10]);
    expect(
      recordedValueRange(config("r", { kind: "rubrics_score", rubric: "1: bad\n3: ok\n5: good" })),
    ).toEqual([1, 5]);
    expect(
      recordedValueRange(config("judge", { kind: "llm_evaluator", scaleMin: null, scaleMax: null })),
    ).toBe(undefined);
    expect(recordedValueRange(config("my_own_metric", {}))).toBe(undefined);
  });
});
