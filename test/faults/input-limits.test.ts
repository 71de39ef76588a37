// Inputs past a limit the product states: tool arguments nested deeper than MAX_JSON_DEPTH, a `generate --size` above
// the maximum, and an `--out` that is a directory. Each is refused with a message naming where, through the real CLI.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { maxGenerateSize } from "../../src/generate/defaults.js";
import { MAX_JSON_DEPTH } from "../../src/sample/conversation/read-error.js";
import { cliSandbox, recordLines, runCli } from "../fixtures/cli/run-cli.js";

const box = cliSandbox("airgap-faults-limits-");
afterAll(() => box.cleanup());

/** A JSON object `{"a": {"a": ... 1}}` nested `depth` levels, written as text (JSON.stringify recurses). */
const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;

/** A dataset row in OpenAI's message form: one call of `f` with `args` (JSON text), and the expected calls. */
function row(args: string, reference: string): string {
  const call = { id: "c1", type: "function", function: { name: "f", arguments: args } };
  const messages = JSON.stringify([{ role: "assistant", content: "", tool_calls: [call] }]);
  return `{"user_input":"q","messages":${messages},"reference_tool_calls":${reference}}`;
}

describe("limits the CLI states", { timeout: 120_000 }, () => {
  it("tool arguments nested 10,000 deep are an unreadable cell, named; the metrics reading it give that row an error, the other rows are scored", async () => {
    const dataset = box.file("deep.jsonl");
    const good = '[{"name":"f","args":{"x":1}}]';
    writeFileSync(
      dataset,
      [
        row('{"x":1}', good),
        row(`{"x":${nested(10_000)}}`, good),
        row("{}", `[{"name":"f","args":{"x":${nested(10_000)}}}]`),
        row(
          `{"x":${nested(MAX_JSON_DEPTH - 1)}}`,
          `[{"name":"f","args":{"x":${nested(MAX_JSON_DEPTH - 1)}}}]`,
        ),
        "",
      ].join("\n"),
    );
    const out = box.file("deep-results.jsonl");
    const result = await runCli(
      ["eval", dataset, "--metrics", "tool_call_f1,tool_correctness", "--out", out, "--no-cache", "--json"],
      box.env,
    );
    expect(result.stderr).not.toMatch(/unexpected error|RangeError|\n\s+at /);
    expect(result.code, result.stderr).toBe(1);
    const deeper = `nests objects and lists more than ${MAX_JSON_DEPTH} levels deep`;
    expect(result.stderr).toContain(
      `line 2, row 1, field "messages[0].tool_calls[0].function.arguments": ${deeper}`,
    );
    expect(result.stderr).toContain(`line 3, row 2, field "reference_tool_calls[0].args": ${deeper}`);
    const json = JSON.parse(result.stdout) as {
      invalidRows: number;
      aggregates: Array<{ metric: string; count: number; mean: number }>;
    };
    // A value that cannot be read as its field is an unreadable cell, not a bad row (docs/datasets.md).
    expect(json.invalidRows).toBe(0);
    // Row 0 and row 3 (exactly at the limit) are scored, and match their reference.
    expect(json.aggregates.map((a) => [a.metric, a.count, a.mean])).toEqual([
      ["tool_call_f1", 2, 1],
      ["tool_correctness", 2, 1],
    ]);
    const records = recordLines(out) as Array<{
      row: number;
      result: { value: number | null; error?: string };
    }>;
    for (const bad of [1, 2]) {
      const errors = records.filter((r) => r.row === bad).map((r) => r.result.error ?? "");
      expect(errors).toHaveLength(2);
      for (const error of errors) expect(error).toContain(deeper);
    }
  });

  it(`generate --size above ${maxGenerateSize} is refused before any model loads (exit 2), naming the maximum`, async () => {
    const docs = box.file("docs.md");
    writeFileSync(docs, "# Title\n\nOne sentence. Another one.\n");
    for (const size of ["4294967295", "100000000", String(maxGenerateSize + 1)]) {
      const out = box.file(`testset-${size}.jsonl`);
      const result = await runCli(["generate", docs, "--size", size, "--out", out], box.env);
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toContain(`--size must be at most 100,000 (got ${size})`);
      expect(existsSync(out)).toBe(false);
    }
  });

  it("eval --out naming a directory is bad usage (exit 2) with or without --resume, not a stack trace", async () => {
    const dataset = box.file("one.jsonl");
    writeFileSync(dataset, `${row('{"x":1}', '[{"name":"f","args":{"x":1}}]')}\n`);
    const dir = box.file("results-dir");
    mkdirSync(dir);
    for (const flags of [[], ["--resume"], ["--overwrite"]]) {
      const result = await runCli(
        ["eval", dataset, "--metrics", "tool_call_f1", "--out", dir, "--no-cache", ...flags],
        box.env,
      );
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).not.toMatch(/unexpected error|EISDIR|\n\s+at /);
      expect(result.stderr).toContain(`${dir}: --out is a folder, not a regular file`);
    }
  });
});
