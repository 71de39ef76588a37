import path from "node:path";
import { parse } from "csv-parse/sync";
import { InvalidInputError } from "../../errors.js";
import { textLines } from "../../util/lines.js";
import { readInputFile } from "../../util/read-input.js";

/** Reads a UTF-8 file of a data set folder, naming the file when it is missing. */
export function readSetFile(dir: string, file: string): string {
  const full = path.join(dir, file);
  try {
    return readInputFile(full, "data set file").toString("utf8");
  } catch (err) {
    throw new InvalidInputError(
      `cannot read ${full}: ${(err as Error).message}. Run \`airgap-eval datasets pull\` for this set or pass its folder`,
      { file: full },
      { cause: err },
    );
  }
}

/** Parses JSON Lines (blank lines skipped); a bad line names the file and line. */
export function readJsonLines(dir: string, file: string): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = [];
  textLines(readSetFile(dir, file)).forEach((line, i) => {
    if (line.trim() === "") return;
    try {
      rows.push(JSON.parse(line) as Record<string, unknown>);
    } catch (err) {
      throw new InvalidInputError(`line ${i + 1} is not JSON: ${(err as Error).message}`, {
        file: path.join(dir, file),
        line: i + 1,
      });
    }
  });
  return rows;
}

/** Parses one JSON document. */
export function readJson(dir: string, file: string): unknown {
  try {
    return JSON.parse(readSetFile(dir, file));
  } catch (err) {
    if (err instanceof InvalidInputError) throw err;
    throw new InvalidInputError(`not JSON: ${(err as Error).message}`, { file: path.join(dir, file) });
  }
}

/** Parses a CSV or TSV file with a header line into objects keyed by column. */
export function readTable(dir: string, file: string, delimiter: "," | "\t"): Record<string, string>[] {
  return parse(readSetFile(dir, file), {
    columns: true,
    delimiter,
    skip_empty_lines: true,
    relax_quotes: delimiter === "\t",
    quote: delimiter === "\t" ? false : '"',
  }) as Record<string, string>[];
}

/** A field that must be a non-empty string, or an error naming the file, row and field. */
export function text(
  row: Record<string, unknown>,
  field: string,
  where: { file: string; row: number },
): string {
  const value = row[field];
  if (typeof value !== "string") {
    throw new InvalidInputError(`field ${field} is ${value === undefined ? "missing" : "not text"}`, {
      file: where.file,
      row: where.row,
      field,
    });
  }
  return value;
}
