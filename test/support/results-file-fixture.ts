// A results file with every case a reader of results files must get right: records in completion order
// (rows interleaved), a row edited and re-scored (its old records superseded), a metric whose
// configuration changes on resume and then changes back, a resumed run after a crash (no end line),
// errors, skips and null scores, invalid rows in two runs, a sparse row, and a torn last line. Run 1 is written in
// results format 1 (each record holds its sample), the resumed runs in format 2 (a sample line per row).
import { appendFileSync } from "node:fs";
import { rowHash } from "../../src/results/hash.js";
import { resultsFormat, resultsFormatVersion } from "../../src/results/lines.js";
import type { EvaluationResultData, RowMetricRecord, RunMetadata } from "../../src/results/types.js";
import { ResultsWriter } from "../../src/results/writer.js";
import { makeFixtureResult } from "./report-fixtures.js";

/** Deterministic pseudo-random numbers in [0, 1) (LCG). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** The records in an order rows finish with several in flight: windows of 4 rows, shuffled. */
function completionOrder(records: readonly RowMetricRecord[], seed: number): RowMetricRecord[] {
  const rand = lcg(seed);
  const out: RowMetricRecord[] = [];
  const rows = [...new Set(records.map((r) => r.row))].sort((a, b) => a - b);
  for (let i = 0; i < rows.length; i += 4) {
    const window = records.filter((r) => rows.slice(i, i + 4).includes(r.row));
    for (let j = window.length - 1; j > 0; j--) {
      const k = Math.floor(rand() * (j + 1));
      [window[j], window[k]] = [window[k]!, window[j]!];
    }
    out.push(...window);
  }
  return out;
}

function header(writer: ResultsWriter, metadata: RunMetadata, resumed: boolean, formatVersion: number): void {
  const { finishedAt: _finished, interrupted: _interrupted, ...rest } = metadata;
  writer.write({
    type: "header",
    format: resultsFormat,
    formatVersion,
    resumed,
    metadata: rest,
  });
}

/**
 * Writes the tricky results file (see the file's opening comment) built on the report fixture's 24 rows
 * and three metrics; `rows` more generated rows make it larger. Returns the fixture it came from.
 */
export function writeTrickyResultsFile(file: string, options: { rows?: number } = {}): EvaluationResultData {
  const data = makeFixtureResult({ rows: options.rows ?? 24 });
  // The dataset's rows: the fixture's, an invalid one, and up to the sparse row (40 past the last) that
  // run 2 scores; a record past the row count is refused by every reader.
  const meta = { ...data.metadata, totalRows: (options.rows ?? 24) + 41 };
  const changedContext = {
    ...meta,
    metrics: {
      ...meta.metrics,
      context_relevance: {
        ...meta.metrics.context_relevance!,
        options: { lenient: true },
        configHash: "c".repeat(64),
      },
    },
  };
  const total = options.rows ?? 24;
  const firstRun = data.records.filter(
    (r) => r.row < total - 4 && !(r.row === 7 && r.metric === "context_relevance"),
  );
  const writer = ResultsWriter.create(file);
  try {
    // Run 1: crashes (no end line) before its last rows.
    header(writer, meta, false, 1);
    writer.write({ type: "invalid", ...data.invalidRows[0]! });
    for (const record of completionOrder(firstRun, 3)) writer.write({ type: "record", ...record });

    // Run 2 (resumed, context_relevance reconfigured): row 2 was edited, so its records are superseded
    // and it is scored again; the remaining rows finish; context_relevance is scored under its new
    // configuration on some rows; a sparse row far past the others.
    header(writer, { ...changedContext, startedAt: "2025-01-03T00:00:00.000Z" }, true, resultsFormatVersion);
    writer.write({ type: "invalid", ...data.invalidRows[0]!, message: "still not an array" });
    for (const record of data.records.filter((r) => r.row === 2)) {
      writer.write({ type: "superseded", supersededAt: "2025-01-03T00:00:01.000Z", ...record });
    }
    const edited = { ...data.records.find((r) => r.row === 2)!.sample, response: "An edited answer." };
    const rescored = data.records
      .filter((r) => r.row === 2 || r.row >= total - 4)
      .map((r) => ({
        ...r,
        ...(r.row === 2 ? { sample: edited, rowHash: rowHash(edited) } : {}),
        configHash: changedContext.metrics[r.metric as keyof typeof changedContext.metrics]!.configHash,
        finishedAt: "2025-01-03T00:01:00.000Z",
      }));
    const newContext = data.records
      .filter((r) => r.metric === "context_relevance" && r.row % 3 === 0 && r.row < total - 4)
      .map((r) => ({
        ...r,
        configHash: "c".repeat(64),
        result: { ...r.result, value: 0.5, reason: "lenient" },
        finishedAt: "2025-01-03T00:02:00.000Z",
      }));
    const sparse = data.records
      .filter((r) => r.row === 1)
      .map((r) => ({
        ...r,
        row: total + 40,
        configHash: changedContext.metrics[r.metric as keyof typeof changedContext.metrics]!.configHash,
        finishedAt: "2025-01-03T00:03:00.000Z",
      }));
    writer.writeRecords(completionOrder([...rescored, ...newContext, ...sparse], 5));
    // A record of row 0 re-scored under the same configuration: the later one wins.
    const again = data.records.find((r) => r.row === 0 && r.metric === "faithfulness")!;
    writer.writeRecords([
      {
        ...again,
        result: { value: 0.25, status: "ok", reason: "scored again" },
        finishedAt: "2025-01-03T00:04:00.000Z",
      },
    ]);
    writer.write({ type: "end", finishedAt: "2025-01-03T00:05:00.000Z", interrupted: false });

    // Run 3: context_relevance back to its first configuration (its first-run records count again),
    // stopped by a signal after one record.
    header(writer, { ...meta, startedAt: "2025-01-04T00:00:00.000Z" }, true, resultsFormatVersion);
    writer.write({ type: "invalid", ...data.invalidRows[0]!, message: "still not an array (run 3)" });
    const last = data.records.find((r) => r.row === 7 && r.metric === "context_relevance")!;
    writer.writeRecords([{ ...last, finishedAt: "2025-01-04T00:00:30.000Z" }]);
    writer.write({ type: "end", finishedAt: "2025-01-04T00:01:00.000Z", interrupted: true });
  } finally {
    writer.close();
  }
  // A crash mid-write: a torn last line.
  appendFileSync(file, '{"type":"record","row":5,"rowHash":"ab","metric":"faithf');
  return data;
}

/** Writes `data` as a results file of one run: its header, invalid rows and records, and an end line. */
export function writeResultsFile(
  file: string,
  data: EvaluationResultData,
  options: { interrupted?: boolean } = {},
): void {
  const writer = ResultsWriter.create(file);
  try {
    header(
      writer,
      {
        ...data.metadata,
        totalRows: data.records.reduce((n, r) => Math.max(n, r.row + 1), 0) + data.invalidRows.length,
      },
      false,
      resultsFormatVersion,
    );
    for (const invalid of data.invalidRows) writer.write({ type: "invalid", ...invalid });
    writer.writeRecords(data.records);
    writer.write({
      type: "end",
      finishedAt: data.metadata.finishedAt,
      interrupted: options.interrupted ?? false,
    });
  } finally {
    writer.close();
  }
}
