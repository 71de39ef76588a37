import { closeSync, openSync, readSync } from "node:fs";
import { InvalidInputError } from "../errors.js";
import type { Sample } from "../metrics/types.js";
import { AggregateAccumulator } from "../results/aggregate.js";
import type { ResultsLine, ResultsSampleLine, StoredRecord } from "../results/lines.js";
import { type LoadResultsOptions, noteTornTail } from "../results/load.js";
import { ProblemGrouper, problemRowsKept } from "../results/problem-groups.js";
import { forEachResultsLineSync } from "../results/read-file.js";
import { checkIndexedRow, RowOffsets } from "../results/row-offsets.js";
import { ResultsRunState } from "../results/run-state.js";
import { missingSample, withSample } from "../results/samples.js";
import type {
  EvaluationResultData,
  MetricAggregate,
  ProblemGroup,
  RowMetricRecord,
  RunMetadata,
} from "../results/types.js";
import { withValueRanges } from "../results/value-range.js";
import { ValueRange } from "./histogram.js";
import { type CountedHistogram, histogramsOf, isHistogramValue, type ReportParts } from "./parts.js";
import type { ReportRow } from "./views.js";
import { reportRowOf } from "./views.js";

export { maxIndexedRow } from "../results/row-offsets.js";

/** Blocks of a file read on demand, the last few kept, to read lines at known offsets. */
class LineReader {
  private static readonly blockSize = 1 << 18;
  private readonly blocks = new Map<number, Buffer>();

  constructor(private readonly fd: number) {}

  private block(index: number): Buffer {
    let block = this.blocks.get(index);
    if (block !== undefined) {
      // Most recently used last.
      this.blocks.delete(index);
      this.blocks.set(index, block);
      return block;
    }
    // The buffer of the least recently used block is reused: no garbage per read.
    let buffer: Buffer;
    if (this.blocks.size >= 4) {
      const [oldest, old] = this.blocks.entries().next().value!;
      this.blocks.delete(oldest);
      buffer = Buffer.from(old.buffer, old.byteOffset, LineReader.blockSize);
    } else buffer = Buffer.allocUnsafe(LineReader.blockSize);
    let filled = 0;
    while (filled < buffer.length) {
      const n = readSync(
        this.fd,
        buffer,
        filled,
        buffer.length - filled,
        index * LineReader.blockSize + filled,
      );
      if (n === 0) break;
      filled += n;
    }
    block = buffer.subarray(0, filled);
    this.blocks.set(index, block);
    return block;
  }

  /** The text of the line that starts at byte `start`, without its newline. */
  lineAt(start: number): string {
    const size = LineReader.blockSize;
    const pieces: Buffer[] = [];
    for (let pos = start; ; ) {
      const index = Math.floor(pos / size);
      const block = this.block(index);
      const from = pos - index * size;
      const nl = block.indexOf(0x0a, from);
      if (nl !== -1) {
        pieces.push(block.subarray(from, nl));
        break;
      }
      // A copy: reading the next block may reuse this one's buffer.
      pieces.push(Buffer.from(block.subarray(from)));
      if (block.length < size) break;
      pos = (index + 1) * size;
    }
    return (pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces)).toString("utf8");
  }
}

/** The error for a results file that changed between two readings of one report. */
function changedFile(file: string, start: number): InvalidInputError {
  return new InvalidInputError(
    `changed while the report was written (the record at byte ${start} is not the one indexed); write the report again once the run writing the file has ended`,
    { file },
  );
}

/**
 * What a report needs from a results file, read without holding its records: a first pass keeps, per
 * metric and configuration, the byte offset of each row's latest record line (8 bytes a row and metric,
 * see {@link ResultsFileIndex.indexBytes}), the headers, the invalid rows of the last run and the end
 * line; a second pass reads the winning records row by row (by offset) into the aggregates, the error and
 * skip reasons (the first {@link problemRowsKept} rows of each), the sample fields present and the
 * histogram domains. Reports are then written by reading the rows again, one at a time. The records are
 * those {@link loadResults} gives (the latest of each row × metric under the metric's latest
 * configuration, in row then metric order), so reports match byte for byte.
 *
 * @example
 * const index = ResultsFileIndex.open("results.jsonl");
 * for (const row of index.parts().rows()) console.log(row.row);
 */
export class ResultsFileIndex {
  /** The run's metadata, as `loadResults` gives it. */
  readonly metadata: RunMetadata;
  readonly invalidRows: EvaluationResultData["invalidRows"];
  /** Aggregates in the metrics' first-seen order (as `loadResults` gives them). */
  readonly aggregates: MetricAggregate[];
  readonly problems: ProblemGroup[];
  /** Rows with at least one record. */
  readonly rowCount: number;
  /** Records (row × metric) the report covers. */
  readonly recordCount: number;
  private readonly columns: Array<RowOffsets | undefined>;
  /** Each row's latest `sample` line (version 2 files), where its records' sample is. */
  private readonly sampleAt: RowOffsets | undefined;
  private readonly metricOrder: string[];
  private readonly configHashes: string[];
  private readonly rowEnd: number;
  private readonly sampleFields = new Set<keyof Sample>();
  private readonly domains: Record<string, { lo: number; hi: number }>;

  private constructor(
    private readonly file: string,
    options: LoadResultsOptions,
  ) {
    const run = new ResultsRunState();
    // Per metric, per config hash: each row's latest record line; per row, its latest sample line.
    const offsets = new Map<string, Map<string, RowOffsets>>();
    let sampleAt: RowOffsets | undefined;
    let capacity = 1024;
    const tail = forEachResultsLineSync(file, (line: ResultsLine, start: number) => {
      if (run.take(line)) {
        const total = line.type === "header" ? line.metadata.totalRows : undefined;
        if (typeof total === "number" && total > capacity) capacity = Math.min(total, 1 << 24);
      } else if (line.type === "sample") {
        checkIndexedRow(file, line.row, "sample line");
        sampleAt ??= new RowOffsets(capacity);
        sampleAt.set(line.row, start);
      } else if (line.type === "record") {
        const { row, metric, configHash } = line;
        checkIndexedRow(file, row, "record");
        let byConfig = offsets.get(metric);
        if (byConfig === undefined) {
          byConfig = new Map();
          offsets.set(metric, byConfig);
        }
        let column = byConfig.get(configHash);
        if (column === undefined) {
          column = new RowOffsets(capacity);
          byConfig.set(configHash, column);
        }
        column.set(row, start);
      }
    });
    noteTornTail(file, tail, options);
    const { configs } = run;
    this.metricOrder = [...configs.keys()];
    this.columns = this.metricOrder.map((m) => offsets.get(m)?.get(configs.get(m)!.configHash));
    this.configHashes = this.metricOrder.map((m) => configs.get(m)!.configHash);
    this.sampleAt = sampleAt;
    // Columns of configurations no longer current are never read: let them go.
    offsets.clear();
    this.rowEnd = Math.max(0, ...this.columns.map((c) => c?.size ?? 0));
    this.invalidRows = run.invalidRows;

    // The second pass: everything the reports show before their rows.
    const aggregator = new AggregateAccumulator(
      this.metricOrder,
      withValueRanges(options.intervals, configs),
    );
    const grouper = new ProblemGrouper();
    let lastRecordTime = run.headers(file).last.metadata.startedAt;
    let rowCount = 0;
    let recordCount = 0;
    const ranges = new Map(this.metricOrder.map((m) => [m, new ValueRange()]));
    for (const records of this.recordRows()) {
      rowCount++;
      for (const record of records) {
        recordCount++;
        aggregator.add(record);
        if (record.finishedAt > lastRecordTime) lastRecordTime = record.finishedAt;
        grouper.addRecord(record);
      }
      const row = reportRowOf(records);
      for (const [key, value] of Object.entries(row.sample)) {
        if (value !== undefined) this.sampleFields.add(key as keyof Sample);
      }
      for (const [metric, range] of ranges) {
        const cell = row.metrics[metric];
        if (isHistogramValue(cell)) range.add(cell.value);
      }
    }
    this.metadata = run.metadata(file, lastRecordTime);
    this.aggregates = aggregator.result();
    this.problems = grouper.groups();
    this.rowCount = rowCount;
    this.recordCount = recordCount;
    const ids = this.metricIds();
    this.domains = Object.fromEntries(ids.map((m) => [m, ranges.get(m)?.domain() ?? { lo: 0, hi: 1 }]));
  }

  /**
   * Indexes a results file and reads what its reports show before their rows (two passes over the
   * file). A torn last line is told to `onNotice`. Throws {@link InvalidInputError} for a file that is not
   * a results file.
   */
  static open(file: string, options: LoadResultsOptions = {}): ResultsFileIndex {
    return new ResultsFileIndex(file, options);
  }

  /** Bytes the offset index holds: 8 per row (up to the largest row) per metric, and per row for its sample line. */
  get indexBytes(): number {
    return this.columns.reduce((sum, c) => sum + (c?.bytes ?? 0), this.sampleAt?.bytes ?? 0);
  }

  /** Metric ids in report order: the metadata's, then the aggregates' (as `metricIds`). */
  private metricIds(): string[] {
    return [...new Set([...Object.keys(this.metadata.metrics), ...this.metricOrder])];
  }

  /**
   * Each row's records in row order (metric order within a row), read by offset; a row's records with
   * one row hash share one sample object, as `loadResults` gives them.
   */
  *recordRows(): Generator<RowMetricRecord[]> {
    let fd: number;
    try {
      fd = openSync(this.file, "r");
    } catch (err) {
      throw new InvalidInputError(`results file cannot be read (${(err as NodeJS.ErrnoException).code})`, {
        file: this.file,
      });
    }
    try {
      const reader = new LineReader(fd);
      for (let row = 0; row < this.rowEnd; row++) {
        const stored: StoredRecord[] = [];
        let firstAt = Number.POSITIVE_INFINITY;
        let first: StoredRecord | undefined;
        for (let m = 0; m < this.columns.length; m++) {
          const start = this.columns[m]?.get(row) ?? -1;
          if (start < 0) continue;
          const record = this.readRecord(reader, start, row, m);
          stored.push(record);
          if (start < firstAt) {
            firstAt = start;
            first = record;
          }
        }
        if (first === undefined) continue;
        // Version 2: the row's sample line. Version 1: the sample of the row's first line in the file stands for
        // all (the lines repeat it).
        const line = stored.some((r) => r.sample === undefined) ? this.readSample(reader, row) : undefined;
        const sampleOf = (r: StoredRecord): Sample => {
          if (line !== undefined && line.rowHash === r.rowHash) return line.sample;
          if (r.rowHash === first.rowHash && first.sample !== undefined) return first.sample;
          if (r.sample === undefined) throw missingSample(this.file, r);
          return r.sample;
        };
        yield stored.map((r) =>
          withSample(r, sampleOf(r), line?.rowHash === r.rowHash ? line.columns : undefined),
        );
      }
    } finally {
      closeSync(fd);
    }
  }

  /** The row's latest `sample` line, or undefined when the file has none for it. */
  private readSample(reader: LineReader, row: number): ResultsSampleLine | undefined {
    const start = this.sampleAt?.get(row) ?? -1;
    if (start < 0) return undefined;
    let line: ResultsLine;
    try {
      line = JSON.parse(reader.lineAt(start)) as ResultsLine;
    } catch {
      throw changedFile(this.file, start);
    }
    if (line.type !== "sample" || line.row !== row) throw changedFile(this.file, start);
    return line;
  }

  private readRecord(reader: LineReader, start: number, row: number, m: number): StoredRecord {
    let line: ResultsLine;
    try {
      line = JSON.parse(reader.lineAt(start)) as ResultsLine;
    } catch {
      throw changedFile(this.file, start);
    }
    if (
      line.type !== "record" ||
      line.row !== row ||
      line.metric !== this.metricOrder[m] ||
      line.configHash !== this.configHashes[m]
    )
      throw changedFile(this.file, start);
    const { type: _type, ...record } = line;
    return record;
  }

  /** The rows of the detailed view, one at a time. */
  *rows(): Generator<ReportRow> {
    for (const records of this.recordRows()) yield reportRowOf(records);
  }

  /** The records one at a time, as `loadResults(file).records` lists them. */
  *records(): Generator<RowMetricRecord> {
    for (const records of this.recordRows()) yield* records;
  }

  /** The data a summary needs (`formatSummary`): no records, their aggregates, reasons and counts. */
  summaryData(): EvaluationResultData {
    return {
      metadata: this.metadata,
      records: [],
      recordsKept: false,
      recordCount: this.recordCount,
      problems: this.problems,
      invalidRows: this.invalidRows,
      aggregates: this.aggregates,
    };
  }

  /** What the exporters read; each `rows()` reads the file again. */
  parts(): ReportParts {
    const ids = this.metricIds();
    const byMetric = new Map(this.aggregates.map((a) => [a.metric, a]));
    let histograms: { bins: number; value: Map<string, CountedHistogram> } | undefined;
    return {
      metadata: this.metadata,
      invalidRows: this.invalidRows,
      metrics: ids,
      aggregates: ids.map((id) => byMetric.get(id)!),
      rowCount: this.rowCount,
      problems: this.problems,
      sampleFields: this.sampleFields,
      domains: this.domains,
      histograms: (bins) => {
        if (histograms?.bins !== bins)
          histograms = { bins, value: histogramsOf(this.rows(), this.domains, bins) };
        return histograms.value;
      },
      rows: () => this.rows(),
    };
  }
}
