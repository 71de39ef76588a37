// report compare as people read it: both runs named by label and file, each changed row with its responses and
// scores, zero deltas plain, and the --fail-on-drop gate.
import { describe, expect, it } from "vitest";
import { checkDrops, dropLimits, parseFailOnDrop } from "../src/cli/fail-on-drop.js";
import { compareNames } from "../src/cli/report-command.js";
import { InvalidInputError } from "../src/errors.js";
import { deltaDirection, truncate } from "../src/report/format.js";
import { compareRuns, comparisonToHtml, comparisonToMarkdown } from "../src/report/index.js";
import { aggregateRecords } from "../src/results/aggregate.js";
import type { EvaluationResultData } from "../src/results/types.js";
import { makeFixtureResult, withResponse, withValue } from "./support/report-fixtures.js";

const before = makeFixtureResult({ hostile: false });

const names = {
  labelA: "baseline",
  labelB: "candidate",
  files: { a: "baseline.jsonl", b: "candidate.jsonl" },
};

describe("compared runs are named", () => {
  it("by label and results file name in the HTML title and header and the Markdown heading", () => {
    const c = compareRuns(before, withValue(before, 1, "faithfulness", 0.05), names);
    const page = comparisonToHtml(c);
    expect(page).toContain(
      "<title>airgap-eval comparison: baseline (baseline.jsonl) → candidate (candidate.jsonl)</title>",
    );
    expect(page).toContain("<h1>baseline (baseline.jsonl) → candidate (candidate.jsonl)</h1>");
    expect(before.metadata.dataset).toBe("examples/rag-eval.jsonl");
    expect(page).toContain(`baseline: rag-eval.jsonl, run ${before.metadata.startedAt}`);
    expect(comparisonToMarkdown(c)).toMatch(
      /^# airgap-eval comparison: baseline \(baseline\.jsonl\) → candidate \(candidate\.jsonl\)\n/,
    );
  });

  it("compareNames uses file names, and parent folders only when the names are the same", () => {
    expect(compareNames("/home/ci/runs/baseline.jsonl", "/tmp/candidate.jsonl")).toEqual({
      labels: { a: "baseline", b: "candidate" },
      files: { a: "baseline.jsonl", b: "candidate.jsonl" },
    });
    expect(compareNames("/runs/main/results.jsonl", "/runs/pr-12/results.jsonl")).toEqual({
      labels: { a: "main/results", b: "pr-12/results" },
      files: { a: "main/results.jsonl", b: "pr-12/results.jsonl" },
    });
    expect(compareNames("a.jsonl", "b.jsonl").files).toEqual({ a: "a.jsonl", b: "b.jsonl" });
  });
});

describe("changed rows show their responses and scores", () => {
  const after = withResponse(withValue(before, 1, "faithfulness", 0.05), 1, "A new answer, <b>bold</b>.");
  const c = compareRuns(before, after, names);
  const original = before.records.find((r) => r.row === 1)!.sample.response!;

  it("HTML: both responses when they differ, one when alike, with each metric's a → b (delta)", () => {
    const rows = comparisonToHtml(c).split('id="compare-rows"')[1]!;
    expect(rows).toContain("<th>Response</th>");
    expect(rows).toContain(`<span class="run">baseline:</span> ${original}`);
    expect(rows).toContain('<span class="run">candidate:</span> A new answer, &lt;b&gt;bold&lt;/b&gt;.');
    const faith = before.records.find((r) => r.row === 1 && r.metric === "faithfulness")!.result.value!;
    expect(rows).toContain(`${faith.toFixed(3)} → 0.050 (${(0.05 - faith).toFixed(3)})`);

    const sameResponse = comparisonToHtml(
      compareRuns(before, withValue(before, 1, "faithfulness", 0.05), names),
    );
    const row = sameResponse.split('id="compare-rows"')[1]!;
    expect(row).toContain(`<div class="resp">${original}</div>`);
    expect(row).not.toContain('<span class="run">');
  });

  it("Markdown: a Response column with both responses when they differ", () => {
    const md = comparisonToMarkdown(c).split("## Changed rows")[1]!;
    expect(md).toContain("| Question | Response |");
    expect(md).toContain(
      `**baseline:** ${truncate(original, 80)}<br>**candidate:** A new answer, &lt;b&gt;bold&lt;/b&gt;.`,
    );
  });
});

describe("delta colours", () => {
  it("a delta that reads 0.000 is plain; only real drops are red and real gains green", () => {
    expect(deltaDirection(0)).toBe("same");
    expect(deltaDirection(-0.0004)).toBe("same");
    expect(deltaDirection(0.0004)).toBe("same");
    expect(deltaDirection(null)).toBe("same");
    expect(deltaDirection(-0.0006)).toBe("down");
    expect(deltaDirection(0.02)).toBe("up");
  });

  it("the HTML colours the metric and row cells that way", () => {
    const faith = before.records.find((r) => r.row === 1 && r.metric === "faithfulness")!.result.value!;
    const tiny = compareRuns(before, withValue(before, 1, "faithfulness", faith - 0.0002), names);
    const page = comparisonToHtml(tiny);
    expect(page).not.toMatch(/class="num down"/);
    expect(page).toMatch(/<td class="num ">0\.000<\/td>/);
    const drop = comparisonToHtml(
      compareRuns(before, withValue(before, 1, "faithfulness", faith - 0.3), names),
    );
    expect(drop).toMatch(/<td class="num down">-0\.300 \(|\(-0\.300\)<\/td>/);
  });
});

describe("--fail-on-drop", () => {
  // Every faithfulness score of the candidate lowered by 0.05 where it can be.
  const lowered: EvaluationResultData = (() => {
    const records = before.records.map((r) =>
      r.metric === "faithfulness" && typeof r.result.value === "number" && r.result.status === "ok"
        ? { ...r, result: { ...r.result, value: r.result.value - 0.05 } }
        : r,
    );
    return {
      ...before,
      records,
      aggregates: aggregateRecords(records, Object.keys(before.metadata.metrics)),
    };
  })();
  const c = compareRuns(before, lowered, names);

  it("parses metric=delta and *=delta, and refuses anything else", () => {
    expect(parseFailOnDrop("faithfulness=0.02")).toEqual({ metric: "faithfulness", maxDrop: 0.02 });
    expect(parseFailOnDrop("*=0")).toEqual({ metric: "*", maxDrop: 0 });
    expect(parseFailOnDrop("rubric_2=0.1")).toEqual({ metric: "rubric_2", maxDrop: 0.1 });
    expect(() => parseFailOnDrop("faithfulness=-0.1")).toThrow(/a number of 0 or more/);
    expect(() => parseFailOnDrop("faithfulness")).toThrow(/<metric>=<number> or \*=<number>/);
  });

  it("fails a metric whose paired mean fell by more than its limit, saying by how much", () => {
    const { failures, lines } = checkDrops(c, [{ metric: "faithfulness", maxDrop: 0.02 }]);
    expect(lines).toHaveLength(1);
    expect(failures).toHaveLength(1);
    const faith = c.metrics.find((m) => m.metric === "faithfulness")!;
    expect(failures[0]).toContain(
      `--fail-on-drop faithfulness=0.02 failed: faithfulness fell by 0.0500 (paired mean delta -0.0500 over ${faith.pairedCount} paired rows, mean `,
    );
    expect(failures[0]).toContain(
      "), 0.0300 more than the allowed 0.02; the difference is significant at 95% (p < 0.0001, 95% interval -0.0500 to -0.0500)",
    );
  });

  it("parses the significant form, and fails with it only on a drop that is also significant, saying which rule", () => {
    expect(parseFailOnDrop("faithfulness=0.02:significant")).toEqual({
      metric: "faithfulness",
      maxDrop: 0.02,
      significant: true,
    });
    expect(parseFailOnDrop("*=0:significant")).toEqual({ metric: "*", maxDrop: 0, significant: true });
    // The steady drop of 0.05 on every row is significant: both forms fail.
    const steady = checkDrops(c, [{ metric: "faithfulness", maxDrop: 0.02, significant: true }]);
    expect(steady.failures[0]).toMatch(
      /^--fail-on-drop faithfulness=0\.02:significant failed: .*; the difference is significant at 95%/,
    );
    // A noisy drop: rows alternately up and down, 0.03 lower on average, is past the limit but not significant.
    const noisy: EvaluationResultData = (() => {
      let i = 0;
      const records = before.records.map((r) => {
        if (r.metric !== "faithfulness" || typeof r.result.value !== "number" || r.result.status !== "ok")
          return r;
        i += 1;
        return { ...r, result: { ...r.result, value: r.result.value + (i % 2 === 0 ? 0.37 : -0.43) } };
      });
      return {
        ...before,
        records,
        aggregates: aggregateRecords(records, Object.keys(before.metadata.metrics)),
      };
    })();
    const n = compareRuns(before, noisy, names);
    const faith = n.metrics.find((m) => m.metric === "faithfulness")!;
    expect(faith.pairedMeanDelta!).toBeLessThan(-0.02);
    expect(faith.difference!.significant).toBe(false);
    const plain = checkDrops(n, [{ metric: "faithfulness", maxDrop: 0.02 }]);
    expect(plain.failures[0]).toContain("the difference is not significant at 95%");
    const gated = checkDrops(n, [{ metric: "faithfulness", maxDrop: 0.02, significant: true }]);
    expect(gated.failures).toEqual([]);
    expect(gated.lines[0]).toMatch(
      /^--fail-on-drop faithfulness=0\.02:significant passed: faithfulness fell by 0\.\d{4} \(over \d+ paired rows, mean .*\), more than the allowed 0\.02, but the difference is not significant at 95% \(p = 0\.\d{4}, 95% interval -0\.\d{4} to \+0\.\d{4}\), so the drop may be noise$/,
    );
  });

  it("passes within the limit; '*' gates every baseline metric and a named limit overrides it", () => {
    const { failures, lines } = checkDrops(c, [
      { metric: "*", maxDrop: 0 },
      { metric: "faithfulness", maxDrop: 0.06 },
    ]);
    expect(lines.map((l) => l.split(" ")[1])).toEqual([
      "faithfulness=0.06",
      "answer_relevancy=0",
      "context_relevance=0",
    ]);
    expect(failures).toEqual([]);
    expect(checkDrops(c, [{ metric: "*", maxDrop: 0.01 }]).failures.map((f) => f.split(" ")[1])).toEqual([
      "faithfulness=0.01",
    ]);
  });

  it("a gain or no change never fails, even with a limit of 0", () => {
    expect(checkDrops(compareRuns(lowered, before, names), [{ metric: "*", maxDrop: 0 }]).failures).toEqual(
      [],
    );
    expect(checkDrops(compareRuns(before, before, names), [{ metric: "*", maxDrop: 0 }]).failures).toEqual(
      [],
    );
  });

  it("names rows only in one run and rows that lost their score; they are not in the mean", () => {
    const fewer = { ...lowered, records: lowered.records.filter((r) => r.row !== 23) };
    const lost = {
      ...fewer,
      records: fewer.records.map((r) =>
        r.row === 2 && r.metric === "faithfulness"
          ? { ...r, result: { value: null, status: "error" as const, error: "judge failed" } }
          : r,
      ),
    };
    const { lines } = checkDrops(compareRuns(before, lost, names), [
      { metric: "faithfulness", maxDrop: 0.1 },
    ]);
    expect(lines[0]).toContain("passed: faithfulness paired mean delta -0.0500");
    expect(lines[0]).toContain(
      "1 paired row scored in baseline has no score in candidate and is not in the mean (baseline row 2)",
    );
    expect(lines[1]).toBe(
      "--fail-on-drop compares paired rows only: 1 row(s) only in baseline and 0 only in candidate are left out",
    );
  });

  it("fails when the candidate lacks the metric or no row has a score in both runs", () => {
    const without = { ...before, records: before.records.filter((r) => r.metric !== "faithfulness") };
    without.aggregates = aggregateRecords(without.records, ["answer_relevancy", "context_relevance"]);
    without.metadata = { ...before.metadata, metrics: { ...before.metadata.metrics } };
    delete without.metadata.metrics.faithfulness;
    expect(
      checkDrops(compareRuns(before, without, names), [{ metric: "faithfulness", maxDrop: 1 }]).failures[0],
    ).toMatch(/--fail-on-drop faithfulness=1 failed: candidate has no faithfulness/);
    const failedAll = {
      ...before,
      records: before.records.map((r) =>
        r.metric === "faithfulness"
          ? { ...r, result: { value: null, status: "error" as const, error: "x" } }
          : r,
      ),
    };
    failedAll.aggregates = aggregateRecords(failedAll.records, Object.keys(before.metadata.metrics));
    expect(
      checkDrops(compareRuns(before, failedAll, names), [{ metric: "faithfulness", maxDrop: 1 }]).failures[0],
    ).toMatch(/no row present in both runs has a faithfulness score in both/);
  });

  it("a metric named twice, or not in the baseline, is bad usage", () => {
    expect(() => dropLimits(c, [{ metric: "bleu_score", maxDrop: 0 }])).toThrow(InvalidInputError);
    expect(() => dropLimits(c, [{ metric: "bleu_score", maxDrop: 0 }])).toThrow(
      /the baseline run \(baseline\) has no metric bleu_score; it has faithfulness, answer_relevancy, context_relevance/,
    );
    expect(() =>
      dropLimits(c, [
        { metric: "faithfulness", maxDrop: 0 },
        { metric: "faithfulness", maxDrop: 1 },
      ]),
    ).toThrow(/names faithfulness twice/);
  });
});
