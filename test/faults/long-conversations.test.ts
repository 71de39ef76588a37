// Conversations of tens of thousands of tool calls, through the CLI: tool_call_f1 and tool_correctness group the
// calls instead of comparing every pair, so they finish with the numbers worked out by hand below; where
// tool_correctness must compare pairs (input_parameters), a row past its limit is an error row naming the field, and
// the others score. How the time grows is measured by `npm run bench -- --only scaling`, not here.
import { writeFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { MAX_COMPARED_CALL_PAIRS } from "../../src/metrics/tool-correctness/score.js";
import { cliSandbox, recordLines, runCli } from "../fixtures/cli/run-cli.js";

const box = cliSandbox("airgap-faults-conversations-");
afterAll(() => box.cleanup());

/** A row whose assistant calls `search` once per page of `made` (each answered), expecting the pages of `expected`. */
function row(made: readonly number[], expected: readonly number[]): string {
  const messages = made.flatMap((page, i) => [
    {
      role: "assistant",
      content: "",
      tool_calls: [
        { id: `c${i}`, type: "function", function: { name: "search", arguments: `{"page":${page}}` } },
      ],
    },
    { role: "tool", tool_call_id: `c${i}`, content: `page ${page}` },
  ]);
  const referenceToolCalls = expected.map((page) => ({ name: "search", args: { page } }));
  return JSON.stringify({ user_input: "q", messages, reference_tool_calls: referenceToolCalls });
}

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

/** The result of a row and metric in a results file. */
function resultOf(file: string, row: number, metric: string) {
  const record = recordLines(file).find((r) => r.row === row && r.metric === metric);
  return record?.result as { value: number | null; status: string; error?: string } | undefined;
}

describe("long conversations through the CLI", { timeout: 300_000 }, () => {
  it("49,999 calls, and 2,000 repeats of one call, are scored with the numbers worked out by hand", async () => {
    const dataset = box.file("long.jsonl");
    writeFileSync(
      dataset,
      [
        // Pages 0..49,998 made, pages 25,000..74,998 expected: half of each side matches.
        row(range(0, 49_999), range(25_000, 49_999)),
        // One call made 2,000 times, expected 2,000 times: one distinct call each side.
        row(Array(2_000).fill(7), Array(2_000).fill(7)),
        "",
      ].join("\n"),
    );
    const out = box.file("long-results.jsonl");
    const result = await runCli(
      ["eval", dataset, "--metrics", "tool_call_f1,tool_correctness", "--out", out, "--no-cache"],
      box.env,
    );
    expect(result.code, result.stderr).toBe(0);
    const value = (row: number, metric: string) => resultOf(out, row, metric)?.value;
    // tool_call_f1: 24,999 of 49,999 distinct calls match on each side, so precision = recall = F1.
    expect(value(0, "tool_call_f1")).toBe(Math.round((24_999 / 49_999) * 1e4) / 1e4);
    // tool_correctness (names only): every expected search takes a made search not equal to one taken before.
    expect(value(0, "tool_correctness")).toBe(1);
    expect(value(1, "tool_call_f1")).toBe(1);
    // Two equal calls cannot both be taken: one expected call of 2,000 is matched.
    expect(value(1, "tool_correctness")).toBe(1 / 2_000);
  });

  it("tool_correctness with input_parameters past its pair limit: that row is an error naming the field; the others score", async () => {
    const dataset = box.file("pairs.jsonl");
    const side = Math.ceil(Math.sqrt(MAX_COMPARED_CALL_PAIRS)) + 1; // side² pairs of one tool: over the limit
    writeFileSync(dataset, [row([1, 2], [2, 3]), row(range(0, side), range(1, side)), ""].join("\n"));
    const out = box.file("pairs-results.jsonl");
    const result = await runCli(
      [
        "eval",
        dataset,
        "--metrics",
        "tool_correctness",
        "--metric-option",
        'tool_correctness.evaluationParams=["input_parameters"]',
        "--out",
        out,
        "--no-cache",
      ],
      box.env,
    );
    expect(result.stderr).not.toMatch(/unexpected error|\n\s+at /);
    expect(result.code, result.stderr).toBe(1);
    const n = (x: number) => x.toLocaleString("en-US");
    const message =
      `field "messages": ${n(side)} expected and ${n(side)} made tool calls are ${n(side * side)} pairs for ` +
      "tool_correctness (with evaluationParams input_parameters it compares every expected call with every call of " +
      `the same tool), more than the ${n(MAX_COMPARED_CALL_PAIRS)} it compares in a row`;
    expect(result.stdout).toContain(`1 error on row 1: InvalidInputError: ${message}`);
    expect(resultOf(out, 1, "tool_correctness")).toMatchObject({ value: null, status: "error" });
    expect(resultOf(out, 1, "tool_correctness")?.error).toContain(message);
    // Row 0: page 2 matches one of the two expected calls; page 3 meets page 1, whose argument differs.
    expect(resultOf(out, 0, "tool_correctness")).toMatchObject({ value: 0.5, status: "ok" });
  });
});
