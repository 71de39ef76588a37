// The samples of a results file against their row hashes, as the file is read (see lines.ts for the format):
// a `sample` line (or a version-1 record's own sample) must hash to its `rowHash`, so an edited question or response is
// never reported beside the scores of the original; a run (the lines after one header) holds one sample per row; a
// version-2 record must follow a sample of its row hash, so every record can be tied to the row it scored.
import type { Sample } from "../metrics/types.js";
import { rowHash } from "./hash.js";

/** How the sample check reports, through the record check that owns it. */
export interface SampleCheckHost {
  /** Refuses the file at `lineNo`: `message` says what is wrong. */
  fail(message: string, lineNo: number, row?: number): never;
  /** Refuses a row that is not a row number of the run's dataset. */
  checkRow(row: unknown, what: string, lineNo: number): asserts row is number;
}

/**
 * A compact key of a row hash (its first 13 hex digits, 52 bits, as a number), so a file of millions of rows is
 * checked holding a number per sample, not a 64-character string.
 */
function hashKey(hash: string): number {
  return Number.parseInt(hash.slice(0, 13), 16);
}

function short(hash: unknown): string {
  return typeof hash === "string" ? `${hash.slice(0, 12)}…` : JSON.stringify(hash);
}

/** Checks samples against row hashes across a results file, line by line. */
export class SampleCheck {
  /** The row hashes a sample was read for so far (any run): a version-2 record needs one. */
  private readonly sampled = new Set<number>();
  /** The row hash of each row's sample line in the current run. */
  private runSamples = new Map<number, string>();

  constructor(private readonly host: SampleCheckHost) {}

  /** A header starts a run: a row may have another sample in it (a row changed before a resume). */
  startRun(): void {
    this.runSamples = new Map();
  }

  /** Checks a `sample` line: its row, its hash, and no other sample of the row in this run. */
  takeSampleLine(line: Record<string, unknown>, lineNo: number): void {
    const row = line.row;
    this.host.checkRow(row, "sample line", lineNo);
    const hash = this.checkHash(
      line.sample as Sample | undefined,
      line.rowHash,
      `sample line of row ${row}`,
      row,
      lineNo,
    );
    const earlier = this.runSamples.get(row);
    if (earlier !== undefined && earlier !== hash) {
      this.host.fail(
        `holds a second sample line of row ${row} in one run, with another sample (rowHash ${short(earlier)} and ${short(hash)}): a row has one sample per run`,
        lineNo,
        row,
      );
    }
    this.runSamples.set(row, hash);
  }

  /** Checks a record's sample: its own (version 1) must hash to its row hash, else a sample line must precede it. */
  takeRecord(record: Record<string, unknown>, metric: string, row: number, lineNo: number): void {
    const what = `record of metric ${metric} for row ${row}`;
    if (record.sample !== undefined) {
      this.checkHash(record.sample as Sample, record.rowHash, what, row, lineNo);
      return;
    }
    if (typeof record.rowHash === "string" && this.sampled.has(hashKey(record.rowHash))) return;
    this.host.fail(`${what} has no sample line of its row before it`, lineNo, row);
  }

  private checkHash(
    sample: Sample | undefined,
    stated: unknown,
    what: string,
    row: number,
    lineNo: number,
  ): string {
    if (sample === null || typeof sample !== "object" || Array.isArray(sample))
      this.host.fail(`${what} holds no sample object`, lineNo, row);
    const actual = rowHash(sample);
    if (actual !== stated) {
      this.host.fail(
        `${what}: its sample does not hash to its rowHash (${short(stated)}; the sample hashes to ${short(actual)}), so the sample was changed after the row was scored`,
        lineNo,
        row,
      );
    }
    this.sampled.add(hashKey(actual));
    return actual;
  }
}
