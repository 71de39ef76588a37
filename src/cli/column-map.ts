import type { ColumnTarget } from "../dataset/types.js";
import { InvalidInputError } from "../errors.js";

/** Fields a `--column` may map to: Ragas names first, then the camelCase ones. */
const columnTargets: readonly ColumnTarget[] = [
  "user_input",
  "response",
  "retrieved_contexts",
  "reference",
  "reference_contexts",
  "rubrics",
  "userInput",
  "retrievedContexts",
  "referenceContexts",
];

/** `--column name=field` pairs into a column map (dataset column name -> sample field or Ragas name). */
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
    if (!(columnTargets as readonly string[]).includes(target)) {
      throw new InvalidInputError(
        `--column "${pair}" maps to "${target}", which is not a sample field; use one of ${columnTargets.slice(0, 5).join(", ")}`,
      );
    }
    if (Object.hasOwn(map, column)) {
      throw new InvalidInputError(`--column maps "${column}" twice; give each dataset column once`);
    }
    map[column] = target as ColumnTarget;
  }
  return map;
}
