// Checks on each record (and sample line) a results file holds, against the header above it: a row inside the
// dataset's row count, a configuration a header declared, a finite value, inside the metric's range; and each sample
// against its row hash (sample-check.ts). Every reader (report, --resume, merge) parses
// through ResultsLineReader, which calls these, so an edited or corrupt file is refused the same way.
import { InvalidInputError } from "../errors.js";
import { findMetricDescriptor } from "../metrics/catalog.js";
import type { MetricConfig } from "../metrics/types.js";
import type { ResultsHeaderLine } from "./lines.js";
import { SampleCheck } from "./sample-check.js";

/** Slack for rounding at a range's ends (a cosine of 1 + 2⁻⁵², say). */
const rangeSlack = 1e-9;

function finiteNumber(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/** The levels' scores of a recorded rubric (`"1: ...\n5: ..."`), lowest and highest. */
function rubricRange(rubric: unknown): readonly [number, number] | undefined {
  if (typeof rubric !== "string") return undefined;
  const scores = [...rubric.matchAll(/^(-?\d+(?:\.\d+)?):/gm)].map((m) => Number(m[1]));
  if (scores.length === 0 || !scores.every(Number.isFinite)) return undefined;
  return [Math.min(...scores), Math.max(...scores)];
}

/**
 * The interval a recorded metric's values lie in, from its configuration in a results header: the
 * descriptor's `valueRange` for a built-in kind, the user's scale (`scaleMin`/`scaleMax`) or rubric
 * levels for a judge on a user's scale; undefined when not known (any finite value is accepted).
 *
 * @example
 * recordedValueRange(header.metadata.metrics.faithfulness); // [0, 1]
 */
export function recordedValueRange(config: MetricConfig | undefined): readonly [number, number] | undefined {
  if (config === undefined) return undefined;
  const options = config.options ?? {};
  const kind = typeof options.kind === "string" ? options.kind : config.name;
  const descriptor = findMetricDescriptor(kind);
  if (descriptor === undefined) return undefined;
  if (descriptor.valueRange !== null) return descriptor.valueRange ?? [0, 1];
  const min = finiteNumber(options.scaleMin);
  const max = finiteNumber(options.scaleMax);
  if (min !== undefined && max !== undefined && min <= max) return [min, max];
  return rubricRange(options.rubric);
}

function isRecordLike(value: Record<string, unknown>): boolean {
  return value.type === "record";
}

/**
 * Tracks the header in force while a results file is read, and refuses a record whose row is not a row
 * of the dataset, whose configuration (`configHash`) no header above it declares for its metric (the readers
 * would drop it without a word), whose value is not finite, or whose value lies outside its metric's range. The
 * message names the file, line, row and metric, and what to do.
 */
export class ResultsRecordCheck {
  private totalRows: number | undefined;
  private ranges = new Map<string, readonly [number, number] | undefined>();
  private metrics = new Map<string, MetricConfig & { configHash?: unknown }>();
  /** Each metric's configuration hashes declared by the headers read so far. */
  private declared = new Map<string, Set<unknown>>();

  private readonly samples: SampleCheck;

  constructor(private readonly file: string) {
    this.samples = new SampleCheck({
      fail: (message, lineNo, row) => this.fail(message, lineNo, row),
      checkRow: (row, what, lineNo) => this.checkRow(row, what, lineNo),
    });
  }

  /** Takes one parsed line (already known to be an object with a string `type`). */
  take(line: Record<string, unknown>, lineNo: number): void {
    if (line.type === "header") {
      const metadata = (line as unknown as ResultsHeaderLine).metadata;
      this.totalRows = finiteNumber(metadata?.totalRows);
      this.metrics = new Map(Object.entries(metadata?.metrics ?? {}));
      for (const [name, config] of this.metrics) {
        const hashes = this.declared.get(name) ?? new Set();
        hashes.add(config.configHash);
        this.declared.set(name, hashes);
      }
      this.ranges.clear();
      this.samples.startRun();
      return;
    }
    if (isRecordLike(line)) this.checkRecord(line, lineNo);
    else if (line.type === "sample") this.samples.takeSampleLine(line, lineNo);
  }

  private fail(message: string, lineNo: number, row?: number): never {
    throw new InvalidInputError(
      `${message}; this results file was edited or corrupted: restore it from the run that wrote it, or run the rows again`,
      { file: this.file, line: lineNo, ...(row !== undefined ? { row } : {}) },
    );
  }

  /** Refuses a row that is not a row number of the run's dataset; `what` names the line, e.g. "record of metric m". */
  private checkRow(row: unknown, what: string, lineNo: number): asserts row is number {
    if (typeof row !== "number" || !Number.isSafeInteger(row) || row < 0) {
      this.fail(`${what} has row ${JSON.stringify(row)}, not a row number`, lineNo);
    }
    if (this.totalRows !== undefined && row >= this.totalRows) {
      this.fail(
        `${what} is for row ${row}, but the run's dataset has ${this.totalRows} rows (0 to ${this.totalRows - 1})`,
        lineNo,
        row,
      );
    }
  }

  private checkRecord(record: Record<string, unknown>, lineNo: number): void {
    const row = record.row;
    const metric = typeof record.metric === "string" ? record.metric : "(no metric)";
    this.checkRow(row, `record of metric ${metric}`, lineNo);
    this.checkDeclared(metric, record.configHash, row, lineNo);
    this.samples.takeRecord(record, metric, row, lineNo);
    const result = record.result as Record<string, unknown> | undefined;
    const value = result?.value;
    if (value === undefined || value === null) return;
    if (typeof value !== "number" || !Number.isFinite(value)) {
      this.fail(
        `metric ${metric}, row ${row}: value ${typeof value === "number" ? String(value) : JSON.stringify(value)} is not a finite number`,
        lineNo,
        row,
      );
    }
    const range = this.rangeOf(metric);
    if (range !== undefined && (value < range[0] - rangeSlack || value > range[1] + rangeSlack)) {
      this.fail(
        `metric ${metric}, row ${row}: value ${value} is outside the metric's range [${range[0]}, ${range[1]}]`,
        lineNo,
        row,
      );
    }
  }

  /** Refuses a record of a configuration no header above it declares: no reader would count it. */
  private checkDeclared(metric: string, configHash: unknown, row: number, lineNo: number): void {
    const hashes = this.declared.get(metric);
    if (hashes?.has(configHash)) return;
    const declared =
      hashes === undefined
        ? `no header above it declares metric ${metric}`
        : `the headers above it declare ${metric} with configHash ${[...hashes].map((h) => JSON.stringify(h)).join(", ")} only`;
    this.fail(
      `record of metric ${metric}, row ${row} has configHash ${JSON.stringify(configHash)}, but ${declared}`,
      lineNo,
      row,
    );
  }

  private rangeOf(metric: string): readonly [number, number] | undefined {
    if (!this.ranges.has(metric)) this.ranges.set(metric, recordedValueRange(this.metrics.get(metric)));
    return this.ranges.get(metric);
  }
}
