// Streaming: the dataset is read row by row, records are written and not held (keepRecords: false),
// and what comes out (results file, aggregates, reports) is what the run that keeps its records gives.

import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadDataset } from "../src/dataset/index.js";
import { CsvReader, JsonlReader, readCsv, readJsonl } from "../src/dataset/readers.js";
import { scanDataset } from "../src/dataset/scan.js";
import { openDataset } from "../src/dataset/stream.js";
import { evaluate, loadResults } from "../src/evaluate/index.js";
import { writeReportFromResults } from "../src/report/from-results-file.js";
import { toHtmlReport } from "../src/report/html.js";
import { aggregateRecords } from "../src/results/aggregate.js";
import { groupProblems } from "../src/results/problem-groups.js";
import type { RowMetricRecord } from "../src/results/types.js";
import { recordLineJson } from "../src/results/writer.js";
import { wellFormedJson } from "../src/util/well-formed.js";
import { FakeMetric } from "./support/fake-metrics.js";

const tmp = mkdtempSync(path.join(os.tmpdir(), "airgap-stream-"));

/** Rows with a few that are invalid, skipped, erroring or without a score. */
function datasetFile(name: string, n: number): string {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    if (i % 97 === 5)
      lines.push(`["q${i}", 42]`); // not an object: an invalid row
    else if (i % 101 === 7) lines.push("{not json");
    else {
      const row: Record<string, unknown> = {
        user_input: `question ${i}`,
        response: "x".repeat((i % 37) + 1),
      };
      if (i % 3 !== 0) row.reference = `reference ${i % 11}`;
      lines.push(JSON.stringify(row));
    }
  }
  const file = path.join(tmp, name);
  writeFileSync(file, `${lines.join("\n")}\n`);
  return file;
}

function metrics(): FakeMetric[] {
  return [
    new FakeMetric({ name: "length" }),
    new FakeMetric({
      name: "flaky",
      requiredFields: ["response", "reference"],
      score: (s) => {
        const n = s.response!.length;
        if (n % 13 === 0) throw new Error(`judge fell over on ${n}`);
        if (n % 17 === 0) return null;
        return n / 37 + 0.1;
      },
    }),
  ];
}

/** A results file's records without the fields that differ between two runs (times). */
function recordLines(file: string): unknown[] {
  return readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.type === "record" || line.type === "invalid")
    .map(({ finishedAt: _f, durationMs: _d, ...rest }) => rest)
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

describe("evaluate with keepRecords: false", () => {
  it("writes the same records and gives the same aggregates as the run that keeps them", async () => {
    const data = datasetFile("small.jsonl", 400);
    const kept = path.join(tmp, "kept.jsonl");
    const streamed = path.join(tmp, "streamed.jsonl");
    const a = await evaluate(data, metrics(), { out: kept, progress: "none", concurrency: 4 });
    const b = await evaluate(data, metrics(), {
      out: streamed,
      progress: "none",
      concurrency: 4,
      keepRecords: false,
    });

    expect(recordLines(streamed)).toEqual(recordLines(kept));
    expect(b.aggregated()).toEqual(a.aggregated());
    expect(b.records).toEqual([]);
    expect(b.recordsKept).toBe(false);
    expect(a.recordsKept).toBe(true);
    expect(b.errorCount).toBe(a.errorCount);
    expect(b.errorCount).toBeGreaterThan(0);
    expect(b.invalidRows).toEqual(a.invalidRows);
    expect(b.toJSON().recordCount).toBe(a.records.length);
    // The digest's reasons are the kept run's, and the lowest unscored rows are listed in row order.
    const problems = b.toJSON().problems!;
    expect(problems).toEqual(groupProblems(a.records));
    // Every failed row is in one group: the flaky metric's "judge fell over on <row>" is one reason.
    expect(problems.filter((p) => p.status === "error").reduce((n, p) => n + p.count, 0)).toBe(a.errorCount);
    expect(problems.filter((p) => p.metric === "flaky" && p.status === "error")).toHaveLength(1);
    const unscored = b.toJSON().unscored!.flaky!;
    const expected = a.records
      .filter((r) => r.metric === "flaky" && (r.result.status !== "ok" || r.result.value === null))
      .slice(0, 10)
      .map((r) => ({ row: r.row, line: r.line, status: r.result.status }));
    expect(unscored).toEqual(expected);
    // A report read from the results file equals the one from the kept result.
    expect(loadResults(streamed).aggregates).toEqual(a.aggregated());
  });

  it("holds no records over 20,000 rows, and the reports from the results file come out right", async () => {
    const data = datasetFile("big.jsonl", 20_000);
    const out = path.join(tmp, "big-results.jsonl");
    let seen = 0;
    const result = await evaluate(data, metrics(), {
      out,
      progress: "none",
      keepRecords: false,
      onRecord: () => {
        seen++;
      },
    });
    expect(result.records).toHaveLength(0);
    expect(result.detailed()).toHaveLength(0);
    const loaded = loadResults(out);
    expect(loaded.records).toHaveLength(seen);
    expect(result.aggregated()).toEqual(aggregateRecords(loaded.records, ["length", "flaky"]));
    const csv = path.join(tmp, "big.csv");
    await writeReportFromResults(csv, out);
    const lines = readFileSync(csv, "utf8").trim().split("\r\n");
    const validRows = (await scanDataset(openDataset(data))).validRows;
    expect(lines).toHaveLength(validRows + 1);
  });

  it("resumes: the held records count in the aggregates, exactly as a run that keeps them", async () => {
    const data = datasetFile("resume.jsonl", 300);
    const out = path.join(tmp, "resume-results.jsonl");
    const controller = new AbortController();
    let n = 0;
    const first = await evaluate(data, metrics(), {
      out,
      progress: "none",
      concurrency: 1,
      keepRecords: false,
      signal: controller.signal,
      onRecord: () => {
        if (++n === 150) controller.abort();
      },
    });
    expect(first.interrupted).toBe(true);
    const resumed = await evaluate(data, metrics(), {
      out,
      resume: true,
      progress: "none",
      keepRecords: false,
    });
    const whole = await evaluate(data, metrics(), { progress: "none" });
    expect(resumed.interrupted).toBe(false);
    expect(resumed.aggregated()).toEqual(whole.aggregated());
    expect(resumed.toJSON().recordCount).toBe(whole.records.length);
    expect(loadResults(out).aggregates).toEqual(whole.aggregated());
  });
});

describe("dataset readers fed in pieces", () => {
  const pieces = (bytes: Buffer, size: number): Buffer[] => {
    const out: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
    return out;
  };

  it("JSONL: the same rows, lines and problems whatever the piece size", () => {
    const bytes = Buffer.concat([
      Buffer.from('{"user_input": "é😀 one", "response": "a"}\r\n\n{bad json\n'),
      Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d, 0x0a]),
      Buffer.from('[1, 2]\n{"user_input": "last", "response": "z"}'),
    ]);
    const whole = readJsonl(bytes);
    expect(whole.map((r) => r.line)).toEqual([1, 3, 4, 5, 6]);
    for (const size of [1, 2, 3, 7, 64]) {
      const reader = new JsonlReader();
      const rows = [...pieces(bytes, size).flatMap((p) => reader.push(p)), ...reader.end()];
      expect(rows).toEqual(whole);
    }
  });

  it("CSV: quoted newlines, CRLF and invalid UTF-8 split across pieces give the same rows and lines", () => {
    const bytes = Buffer.concat([
      Buffer.from('\uFEFFuser_input,response\r\n"multi\r\nline ""q""",a\r\nq2,"b,\nc"\r\n'),
      Buffer.from([0x71, 0x33, 0x2c, 0xc3, 0x28, 0x0d, 0x0a]),
      Buffer.from("q4,d,extra\r\nq5,e"),
    ]);
    const whole = readCsv(bytes, "x.csv");
    expect(whole.map((r) => r.line)).toEqual([2, 4, 6, 7, 8]);
    for (const size of [1, 2, 5, 16]) {
      const reader = new CsvReader("x.csv");
      const rows = [...pieces(bytes, size).flatMap((p) => reader.push(p)), ...reader.end()];
      expect(rows).toEqual(whole);
    }
  });

  it("a file read row by row validates exactly as loadDataset (rows, lines, fields, messages)", async () => {
    const file = datasetFile("check.jsonl", 300);
    const loaded = loadDataset(file);
    const scan = await scanDataset(openDataset(file));
    expect(scan.totalRows).toBe(loaded.totalRows);
    expect(scan.validRows).toBe(loaded.samples.length);
    expect(scan.invalid).toEqual(loaded.invalid);
    const samples = [];
    for await (const row of openDataset(file).rows()) if (row.sample) samples.push(row.sample);
    expect(samples).toEqual(loaded.samples);
  });
});

describe("record lines", () => {
  it("are the bytes wellFormedJson gives, lone surrogates included", () => {
    const base: RowMetricRecord = {
      row: 3,
      line: 4,
      rowHash: "ab".repeat(32),
      metric: "m",
      configHash: "cd".repeat(32),
      result: {
        value: 0.25,
        status: "ok",
        reason: 'a "quoted" reason',
        details: { x: [1, null], u: undefined },
      },
      sample: { userInput: "q\u2028", response: "😀" },
      finishedAt: "2026-01-01T00:00:00.000Z",
      durationMs: 1.5,
    };
    const lone: RowMetricRecord = {
      ...base,
      line: undefined,
      result: { value: null, status: "error", error: "cut \ud83d" },
    };
    for (const record of [base, lone]) {
      const { sample: _sample, ...stored } = record;
      expect(recordLineJson(record)).toBe(wellFormedJson({ type: "record", ...stored }));
    }
  });
});

describe("HTML report row cap", () => {
  it("embeds at most maxRows rows and says how many it leaves out; histograms cover every row", async () => {
    const result = await evaluate(
      Array.from({ length: 7 }, (_, i) => ({ user_input: `q${i}`, response: "y".repeat(i + 1) })),
      [new FakeMetric({ name: "length" })],
      { progress: "none" },
    );
    const page = toHtmlReport(result, { maxRows: 3 });
    const data = JSON.parse(
      /<script type="application\/json" id="report-data">([^<]*)<\/script>/.exec(page)![1]!,
    ) as { rows: unknown[] };
    expect(data.rows).toHaveLength(3);
    expect(page).toContain("The table shows the first 3 of 7 rows");
    expect(page).toContain("Histogram of length: 7 values");
    expect(toHtmlReport(result)).not.toContain('id="rows-capped"');
  });
});
