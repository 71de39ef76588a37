import { InvalidArgumentError } from "commander";
import { columnTargets } from "../dataset/columns.js";
import type { ColumnTarget } from "../dataset/types.js";
import { InvalidInputError } from "../errors.js";
import { columnName, sampleFields } from "../sample/field-table.js";

/** The sample fields' column names (`user_input`, ...), which `--column` maps to; their camelCase names work too. */
const columnNames = sampleFields.map(columnName);

/** The `--column` flag's help text: what a target may be. */
export const COLUMN_FLAG_HELP = `read dataset column <name> as <field> (${columnNames.join(", ")}, or a camelCase field name) (repeatable)`;

/** `--column name=field` pairs into a column map (dataset column name -> sample field or its column name). */
export function parseColumnMap(pairs: readonly string[]): Record<string, ColumnTarget> {
  const map: Record<string, ColumnTarget> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf("=");
    const column = pair.slice(0, eq).trim();
    const target = pair.slice(eq + 1).trim();
    if (eq <= 0 || column === "" || target === "") {
      throw new InvalidInputError(
        `--column "${pair}" must look like <dataset column>=<field>, e.g. question_text=user_input`,
      );
    }
    if (!Object.hasOwn(columnTargets, target)) {
      throw new InvalidInputError(
        `--column "${pair}" maps to "${target}", which is not a sample field; use one of ${columnNames.join(", ")} (or a camelCase field name such as userInput)`,
      );
    }
    if (Object.hasOwn(map, column)) {
      throw new InvalidInputError(`--column maps "${column}" twice; give each dataset column once`);
    }
    // Defined, not assigned: a dataset column may be called `__proto__`, and assigning that key would set the map's
    // prototype instead of mapping the column.
    Object.defineProperty(map, column, {
      value: target,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return map;
}

/** `--candidates response_a,response_b`: two or more different dataset columns, in order. */
export function parseCandidateColumns(value: string): string[] {
  const columns = value.split(",").map((c) => c.trim());
  if (columns.length < 2 || columns.some((c) => c === "") || new Set(columns).size !== columns.length) {
    throw new InvalidArgumentError(
      `"${value}" must name two or more different dataset columns, comma-separated, e.g. response_a,response_b`,
    );
  }
  return columns;
}
