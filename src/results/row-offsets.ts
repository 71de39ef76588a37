// Byte offsets of a results file's lines by row, for the streamed report's index (report/results-file-index.ts).
import { InvalidInputError } from "../errors.js";

/** Largest row index a results file may hold for {@link ResultsFileIndex} (a row is a slot of an array). */
export const maxIndexedRow = 2 ** 31 - 1;

/**
 * Byte offsets of the latest record line of each row, for one metric under one configuration: a
 * `Float64Array` indexed by row (8 bytes a row, -1 for none), grown by half when a row past its end
 * comes.
 */
export class RowOffsets {
  private offsets: Float64Array;
  /** One past the largest row set. */
  size = 0;

  constructor(capacity: number) {
    this.offsets = new Float64Array(Math.max(1, capacity)).fill(-1);
  }

  set(row: number, offset: number): void {
    if (row >= this.offsets.length) {
      const grown = new Float64Array(
        Math.min(maxIndexedRow + 1, Math.max(row + 1, Math.ceil(this.offsets.length * 1.5))),
      );
      grown.fill(-1, this.offsets.length);
      grown.set(this.offsets);
      this.offsets = grown;
    }
    this.offsets[row] = offset;
    if (row >= this.size) this.size = row + 1;
  }

  /** The offset of the row's latest record line, or -1. */
  get(row: number): number {
    return row < this.size ? this.offsets[row]! : -1;
  }

  /** Bytes held. */
  get bytes(): number {
    return this.offsets.byteLength;
  }
}

/** Refuses a row (of a record or sample line) that cannot be an index slot. */
export function checkIndexedRow(file: string, row: unknown, what: string): void {
  if (!Number.isInteger(row) || (row as number) < 0 || (row as number) > maxIndexedRow) {
    throw new InvalidInputError(
      `holds a ${what} whose row (${JSON.stringify(row)}) is not a whole number from 0 to ${maxIndexedRow}; this is not a results file airgap-eval wrote`,
      { file },
    );
  }
}
