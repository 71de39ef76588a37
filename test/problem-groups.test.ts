// Errors that differ only in row-specific numbers are one group, shown once with their rows, in the terminal
// summary and the Markdown and HTML reports alike.
import { describe, expect, it } from "vitest";
import { toHtmlReport, toMarkdownReport } from "../src/report/index.js";
import { formatSummary } from "../src/report/summary.js";
import {
  formatRowList,
  groupProblems,
  ProblemGrouper,
  problemRowsKept,
} from "../src/results/problem-groups.js";
import { makeFixtureResult, overflowErrorText, withRepeatedErrors } from "./support/report-fixtures.js";

const failed = [3, 5, 8, 9, 10, 11, 12];

describe("ProblemGrouper", () => {
  it("groups texts that differ only in numbers, showing a varying number as its range", () => {
    const grouper = new ProblemGrouper();
    for (const row of failed) grouper.add("answer_relevancy", "error", overflowErrorText(row), row);
    const groups = grouper.groups();
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ metric: "answer_relevancy", status: "error", count: 7, rows: failed });
    // Varying numbers become ranges; the context size, the same on every row, stays as it is.
    expect(groups[0]!.text).toContain("the response (1311–1644 characters)");
    expect(groups[0]!.text).toContain("(727–808 prompt tokens, context size 4096)");
    expect(groups[0]!.text.split("\n")).toHaveLength(4);
  });

  it("shows overflow advice of rows whose budgets differ as one pasteable value that fixes them all", () => {
    const grouper = new ProblemGrouper();
    const advice = (prompt: number, size: number, budget: number) =>
      `Prompt has ${prompt} tokens. To fix it: pass --context-size ${size}, or --metric-option answer_relevancy.maxTokens=${budget}, or shorten the input.`;
    grouper.add("answer_relevancy", "error", advice(1573, 3072, 475), 1);
    grouper.add("answer_relevancy", "error", advice(1537, 2048, 511), 2);
    expect(grouper.groups()[0]!.text).toBe(
      "Prompt has 1537–1573 tokens. To fix it: pass --context-size 3072, or --metric-option answer_relevancy.maxTokens=475, or shorten the input.",
    );
  });

  it("keeps texts with different words, metrics or statuses apart, and counts a row once", () => {
    const grouper = new ProblemGrouper();
    grouper.add("faithfulness", "error", "judge wrote 2 statements", 1);
    grouper.add("faithfulness", "error", "judge wrote 2 statements", 1);
    grouper.add("faithfulness", "error", "judge wrote 3 verdicts", 2);
    grouper.add("context_recall", "error", "judge wrote 2 statements", 3);
    grouper.add("faithfulness", "skipped", "judge wrote 2 statements", 4);
    const groups = grouper.groups();
    expect(groups.map((g) => [g.metric, g.status, g.text, g.count])).toEqual([
      ["faithfulness", "error", "judge wrote 2 statements", 1],
      ["faithfulness", "error", "judge wrote 3 verdicts", 1],
      ["context_recall", "error", "judge wrote 2 statements", 1],
      ["faithfulness", "skipped", "judge wrote 2 statements", 1],
    ]);
  });

  it("sets hashes aside but not numbers inside words", () => {
    const grouper = new ProblemGrouper();
    grouper.add("m", "error", `stories260K: row hash ${"a".repeat(64)} unknown`, 0);
    grouper.add("m", "error", `stories260K: row hash ${"b".repeat(64)} unknown`, 1);
    grouper.add("m", "error", `stories15M: row hash ${"b".repeat(64)} unknown`, 2);
    expect(grouper.groups().map((g) => [g.text, g.count])).toEqual([
      ["stories260K: row hash … unknown", 2],
      [`stories15M: row hash ${"b".repeat(64)} unknown`, 1],
    ]);
  });

  it(`lists the first ${problemRowsKept} rows of a group and counts them all`, () => {
    const grouper = new ProblemGrouper();
    for (let row = 0; row < problemRowsKept + 5; row++) grouper.add("m", "error", `failed on ${row}`, row);
    const [group] = grouper.groups();
    expect(group!.rows).toHaveLength(problemRowsKept);
    expect(group!.count).toBe(problemRowsKept + 5);
    expect(group!.text).toBe(`failed on 0–${problemRowsKept + 4}`);
  });

  it("groupProblems reads records, ok ones left out", () => {
    const data = withRepeatedErrors(makeFixtureResult({ hostile: false }), failed);
    const groups = groupProblems(data.records).filter((g) => g.metric === "answer_relevancy");
    // Rows 8 and 9, skipped in the fixture, failed here: one group of 7 errors.
    expect(groups.map((g) => [g.status, g.count])).toEqual([["error", 7]]);
  });
});

describe("formatRowList", () => {
  it("writes runs of three or more as ranges, in row order, with the count", () => {
    expect(formatRowList([12, 3, 5, 8, 9, 10, 11], 7)).toBe("rows 3, 5, 8–12 (7 rows)");
    expect(formatRowList([4])).toBe("row 4");
    expect(formatRowList([8, 9])).toBe("rows 8, 9 (2 rows)");
  });

  it("says when rows are left out: more counted than listed, or more items than max", () => {
    expect(formatRowList([1, 2, 3], 10)).toBe("rows 1–3, … (10 rows)");
    expect(formatRowList([1, 3, 5, 7, 9], 5, 3)).toBe("rows 1, 3, 5, … (5 rows)");
  });
});

describe("many identical errors", () => {
  const data = withRepeatedErrors(makeFixtureResult({ hostile: false }), failed);

  it("the terminal summary prints the four lines once, with the rows", () => {
    const text = formatSummary(data);
    expect(text.match(/does not fit the judge's context window/g)).toHaveLength(1);
    expect(text).toContain(
      "answer_relevancy: 7 errors on rows 3, 5, 8–12 (7 rows):\n    ContextOverflowError: the response (1311–1644 characters)",
    );
    expect(text).toContain("    give it a smaller maxTokens, or shorten the response.\n");
  });

  it("the Markdown report lists the error once, with the rows", () => {
    const md = toMarkdownReport(data);
    expect(md.match(/does not fit the judge's context window/g)).toHaveLength(1);
    expect(md).toContain(
      "- `answer_relevancy` error on rows 3, 5, 8–12 (7 rows): ContextOverflowError: the response (1311–1644 characters)",
    );
  });

  it("the HTML report lists it once, folded, after the charts", () => {
    const page = toHtmlReport(data);
    const problems = page.slice(page.indexOf('<section id="problems">'), page.indexOf('<section id="rows">'));
    expect(problems.match(/question-writing prompt/g)).toHaveLength(1);
    expect(page.indexOf('<section id="charts">')).toBeLessThan(page.indexOf('<section id="problems">'));
    expect(problems).toMatch(
      /<details class="problem error"><summary><code>answer_relevancy<\/code>.*rows 3, 5, 8–12 \(7 rows\)/,
    );
  });
});
