import path from "node:path";
import { parseDocument } from "yaml";
import { readTextInput, regularFileStats } from "../util/read-input.js";
import { metricFileProblem } from "./problem.js";

/** Most alias expansions a metric file may make (yaml's own default): enough for shared snippets, not for a bomb. */
const MAX_ALIAS_COUNT = 100;

/** The file's text, read as every input is: a regular file, bounded, UTF-8. */
function readText(file: string): string {
  if (regularFileStats(file, "metric file") === undefined)
    metricFileProblem(file, "", "does not exist; check the path");
  return readTextInput(file, "metric file", "give a YAML or JSON metric file").replace(/^\uFEFF/, "");
}

/**
 * The data of a metric file, not yet checked: JSON for a `.json` file, YAML (duplicate keys refused) otherwise. A
 * file that cannot be read or parsed throws `InvalidInputError` naming the file and, for YAML, the line and column;
 * so does a YAML file whose aliases expand too far (an alias bomb).
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
  try {
    return doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (err) {
    // yaml throws a ReferenceError when aliases expand past maxAliasCount (a "billion laughs" file).
    if (!(err instanceof ReferenceError)) throw err;
    metricFileProblem(
      file,
      "",
      `expands YAML aliases (*name) more than ${MAX_ALIAS_COUNT} times, which is refused as a resource exhaustion attack; write the repeated values out, or refer to each anchor fewer times`,
    );
  }
}
