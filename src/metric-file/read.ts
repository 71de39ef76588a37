import { readFileSync } from "node:fs";
import path from "node:path";
import { parseDocument } from "yaml";
import { metricFileProblem } from "./problem.js";

function readText(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    metricFileProblem(
      file,
      "",
      code === "ENOENT" ? "does not exist; check the path" : `cannot be read (${code ?? String(err)})`,
    );
  }
}

/**
 * The data of a metric file, not yet checked: JSON for a `.json` file, YAML (duplicate keys refused) otherwise. A
 * file that cannot be read or parsed throws `InvalidInputError` naming the file and, for YAML, the line and column.
 */
export function readMetricFileData(file: string): unknown {
  const text = readText(file);
  if (path.extname(file).toLowerCase() === ".json") {
    try {
      return JSON.parse(text);
    } catch (err) {
      metricFileProblem(file, "", `is not valid JSON: ${(err as Error).message}`);
    }
  }
  const doc = parseDocument(text, { prettyErrors: true, uniqueKeys: true });
  const error = doc.errors[0];
  if (error !== undefined) {
    const pos = error.linePos?.[0];
    const where = pos ? `line ${pos.line}, column ${pos.col}` : "";
    const message = error.message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "");
    metricFileProblem(file, where, `is not valid YAML: ${message}`);
  }
  return doc.toJS();
}
