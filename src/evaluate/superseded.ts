import { closeSync, fsyncSync, openSync, renameSync, writeSync } from "node:fs";
import { wellFormedJson } from "../util/well-formed.js";
import type { ParsedResultsFile, ResultsLine } from "./results-file.js";

/** What {@link supersedeChangedRows} did. */
export interface SupersedeOutcome {
  /** The file as it now is (the same object when nothing changed). */
  parsed: ParsedResultsFile;
  /** Dataset rows whose records were written for other contents. */
  changedRows: number;
}

/**
 * On resume, finds the rows whose contents changed since their records were written (same row index,
 * another row hash) and marks those records `"type": "superseded"` (with `supersededAt`), so that no
 * reader counts both the old record and the re-scored one. Readers that know only `"record"` lines
 * (older airgap-eval, `jq 'select(.type == "record")'`) skip them by their type, so the format stays
 * readable by them. The file is rewritten to a temporary file, flushed, and renamed over the original
 * (the caller holds the results lock), so a crash leaves either the old or the new file, never a mix.
 *
 * @example
 * const { parsed, changedRows } = supersedeChangedRows("results.jsonl", readResultsFile("results.jsonl"), rows);
 */
export function supersedeChangedRows(
  file: string,
  parsed: ParsedResultsFile,
  rows: ReadonlyArray<{ row: number; rowHash: string }>,
): SupersedeOutcome {
  const current = new Map(rows.map((r) => [r.row, r.rowHash]));
  const changed = new Set<number>();
  const isStale = (line: ResultsLine): boolean =>
    line.type === "record" && current.has(line.row) && current.get(line.row) !== line.rowHash;
  for (const line of parsed.lines) if (isStale(line) && line.type === "record") changed.add(line.row);
  if (changed.size === 0) return { parsed, changedRows: 0 };

  const supersededAt = new Date().toISOString();
  const lines = parsed.lines.map(
    (line): ResultsLine =>
      isStale(line) && line.type === "record" ? { ...line, type: "superseded", supersededAt } : line,
  );
  const text = lines.map((l) => `${wellFormedJson(l)}\n`).join("");
  const bytes = Buffer.from(text, "utf8");
  const tmp = `${file}.${process.pid}.rewrite`;
  const fd = openSync(tmp, "w");
  try {
    let offset = 0;
    while (offset < bytes.length) offset += writeSync(fd, bytes, offset, bytes.length - offset);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
  return {
    parsed: { lines, validBytes: bytes.length, tornTail: false, missingFinalNewline: false },
    changedRows: changed.size,
  };
}
