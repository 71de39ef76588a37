// A new user's CSV mistakes, through the built CLI on files in a temp dir: one unreadable list cell (the other
// metrics still score its row; the cell is named by row and column), a CSV saved as .jsonl, and a
// semicolon-separated CSV. Judge-free metrics only, so no model is needed.
import { readFileSync, writeFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { cliSandbox, runCli } from "./fixtures/cli/run-cli.js";

const box = cliSandbox("airgap-bad-cells-");
afterAll(() => box.cleanup());

const header = "user_input,response,reference,retrieved_contexts";
/** A pandas-style list cell with its last quote missing: neither JSON nor a Python list. */
const badList = `"['Paris is in France.', 'Lyon]"`;

interface Record {
  type: string;
  row?: number;
  metric?: string;
  result?: { status: string; value: number | null; error?: string };
}

function records(file: string): Record[] {
  return readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record)
    .filter((line) => line.type === "record");
}

describe("a CSV cell that cannot be read", { timeout: 120_000 }, () => {
  it("is named by row and column; metrics that do not read it still score its row", async () => {
    const dataset = box.file("one-bad-cell.csv");
    writeFileSync(
      dataset,
      `${header}\nWhere is Paris?,"Paris is in France.",Paris is in France.,${badList}\nAnd Rome?,"Rome is in Italy.",Rome is in Italy.,"['Rome is in Italy.']"\n`,
    );
    const out = box.file("one-bad-cell.jsonl");
    const result = await runCli(
      ["eval", dataset, "--metrics", "exact_match,quoted_spans_alignment", "--out", out, "--no-cache"],
      box.env,
    );
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toMatch(
      /unreadable cell: .*one-bad-cell\.csv, line 2, row 0, field "retrieved_contexts": expected a list of strings .*Python list.*metrics that read retrieved_contexts give an error on this row, the others score it/,
    );
    expect(result.stderr).not.toMatch(/Columns found: none/);
    const byPair = new Map(records(out).map((r) => [`${r.row} ${r.metric}`, r.result!]));
    expect(byPair.get("0 exact_match")).toMatchObject({ status: "ok", value: 1 });
    expect(byPair.get("1 exact_match")).toMatchObject({ status: "ok", value: 1 });
    expect(byPair.get("0 quoted_spans_alignment")).toMatchObject({
      status: "error",
      error: expect.stringMatching(/retrieved_contexts \(line 2\): expected a list of strings/),
    });
    expect(byPair.get("1 quoted_spans_alignment")?.status).toBe("ok");
  });

  it("when no row's cell can be read, the final line points at the bad cell, not at missing columns", async () => {
    const dataset = box.file("all-bad.csv");
    writeFileSync(dataset, `${header}\nWhere is Paris?,"Paris is in France.",Paris.,${badList}\n`);
    const result = await runCli(
      ["eval", dataset, "--metrics", "quoted_spans_alignment", "--out", box.file("all-bad.jsonl")],
      box.env,
    );
    expect(result.code).toBe(2);
    const last = result.stderr.trim().split("\n").at(-1)!;
    expect(last).toMatch(
      /retrieved_contexts is there, but its cells could not be read: line 2 \(row 0\), retrieved_contexts: expected a list of strings.*Fix those cells or rows/,
    );
  });
});

describe("a CSV file in disguise", { timeout: 120_000 }, () => {
  it("a CSV saved as .jsonl is recognised from its header line, once, with what to do", async () => {
    const dataset = box.file("really-csv.jsonl");
    writeFileSync(
      dataset,
      `${header}\n${Array.from({ length: 20 }, (_, i) => `q${i},r,r,"[]"`).join("\n")}\n`,
    );
    const result = await runCli(
      ["eval", dataset, "--metrics", "exact_match", "--out", box.file("x.jsonl")],
      box.env,
    );
    expect(result.code).toBe(2);
    expect(result.stderr).not.toMatch(/is not valid JSON/);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toMatch(
      /really-csv\.jsonl, line 1: .*first line is no JSON: it reads as a CSV header \(user_input, response, reference, retrieved_contexts, comma \(,\)-separated\)\. Rename the file to \.csv/,
    );
  });

  it("a semicolon-separated CSV is read with the delimiter of its header line", async () => {
    const dataset = box.file("semicolons.csv");
    writeFileSync(
      dataset,
      'user_input;response;reference\n"Where, exactly?";"Paris; France";"Paris; France"\nq2;Rome;Lyon\n',
    );
    const out = box.file("semicolons-results.jsonl");
    const result = await runCli(
      ["eval", dataset, "--metrics", "exact_match", "--out", out, "--no-cache"],
      box.env,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(
      records(out)
        .sort((a, b) => a.row! - b.row!)
        .map((r) => r.result!.value),
    ).toEqual([1, 0]);
  });

  it("a quote error names the delimiter the file was read with", async () => {
    const dataset = box.file("bad-quote.csv");
    writeFileSync(dataset, 'user_input;response\nq;"never closed\n');
    const result = await runCli(
      ["eval", dataset, "--metrics", "exact_match", "--out", box.file("q.jsonl")],
      box.env,
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/CSV cannot be parsed: .*read as semicolon \(;\)-separated/);
  });
});
