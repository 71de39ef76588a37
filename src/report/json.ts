import { wellFormedJson } from "../util/well-formed.js";
import type { Comparison } from "./compare.js";
import { type ReportParts, reportPartsOf } from "./parts.js";
import { type ReportInput, reportData } from "./views.js";

/** Options for {@link toJsonReport}. */
export interface JsonReportOptions {
  /**
   * What to write: `full` (the whole result: metadata, records, invalid rows, aggregates), `aggregated`
   * (metadata and per-metric aggregates) or `detailed` (metadata, aggregates and one entry per row).
   * Defaults to `"full"`.
   */
  view?: "full" | "aggregated" | "detailed";
  /** Spaces of indentation; 0 writes one line. Defaults to `2`. */
  indent?: number;
}

/**
 * Serialises a run as JSON. The `full` view round-trips: `JSON.parse(toJsonReport(r))` equals `r`.
 *
 * @example
 * await writeFile("report.json", toJsonReport(result, { view: "detailed" }));
 */
export function toJsonReport(input: ReportInput, options: JsonReportOptions = {}): string {
  const view = options.view ?? "full";
  if (view === "full") return `${wellFormedJson(reportData(input), options.indent ?? 2)}\n`;
  return [...jsonReportChunks(reportPartsOf(input), { ...options, view })].join("");
}

/**
 * The `aggregated` and `detailed` JSON views in pieces, row by row: {@link toJsonReport} is their
 * concatenation, and a report written from a results file writes them as they come. (The `full` view
 * is the result itself; see {@link jsonObjectChunks}.)
 *
 * @example
 * for (const piece of jsonReportChunks(reportPartsOf(result), { view: "detailed" })) out.write(piece);
 */
export function* jsonReportChunks(
  parts: ReportParts,
  options: Omit<JsonReportOptions, "view"> & { view: "aggregated" | "detailed" },
): Generator<string> {
  const indent = options.indent ?? 2;
  if (options.view === "aggregated") {
    yield* jsonObjectChunks(
      [
        ["metadata", parts.metadata],
        ["aggregates", parts.aggregates],
        ["invalidRows", parts.invalidRows],
      ],
      indent,
    );
  } else {
    yield* jsonObjectChunks(
      [
        ["metadata", parts.metadata],
        ["metrics", parts.metrics],
        ["aggregates", parts.aggregates],
        ["rows", new JsonItems(parts.rows())],
        ["invalidRows", parts.invalidRows],
      ],
      indent,
    );
  }
}

/** A list written item by item inside {@link jsonObjectChunks}, so its items need not be held together. */
export class JsonItems {
  constructor(readonly items: Iterable<unknown>) {}
}

/**
 * `wellFormedJson(object, indent)` followed by a newline, in pieces: the object is given as its entries,
 * and an entry whose value is a {@link JsonItems} is written as an array one item at a time. Entries whose value is undefined are left out, as `JSON.stringify` does.
 *
 * @example
 * [...jsonObjectChunks([["a", 1], ["list", new JsonItems([1, 2])]], 2)].join("") === `${wellFormedJson({ a: 1, list: [1, 2] }, 2)}\n`; // true
 */
export function* jsonObjectChunks(
  entries: ReadonlyArray<readonly [string, unknown]>,
  indent: number,
): Generator<string> {
  // The indentation JSON.stringify uses for `indent` (clamped to 10 spaces; none below 1).
  const gap = /^\[\n?( *)0/.exec(JSON.stringify([0], null, indent))![1]!;
  const nl = gap === "" ? "" : "\n";
  const colon = gap === "" ? ":" : ": ";
  const nested = (value: unknown, depth: string) => {
    const text = wellFormedJson(value, indent);
    return gap === "" ? text : text.replace(/\n/g, `\n${depth}`);
  };
  let first = true;
  for (const [key, value] of entries) {
    const isItems = value instanceof JsonItems;
    if (!isItems && (value === undefined || typeof value === "function" || typeof value === "symbol"))
      continue;
    yield `${first ? "{" : ","}${nl}${gap}${JSON.stringify(key)}${colon}`;
    first = false;
    if (!isItems) {
      yield nested(value, gap);
      continue;
    }
    let count = 0;
    for (const item of value.items) {
      // JSON.stringify writes null for an item it cannot write (undefined, a function).
      const text = wellFormedJson(item, indent) === undefined ? "null" : nested(item, gap + gap);
      yield `${count === 0 ? "[" : ","}${nl}${gap}${gap}${text}`;
      count++;
    }
    yield count === 0 ? "[]" : `${nl}${gap}]`;
  }
  yield first ? "{}\n" : `${nl}}\n`;
}

/**
 * Serialises a comparison of two runs as JSON.
 *
 * @example
 * await writeFile("compare.json", comparisonToJson(compareRuns(a, b)));
 */
export function comparisonToJson(comparison: Comparison, indent = 2): string {
  return `${wellFormedJson(comparison, indent)}\n`;
}
