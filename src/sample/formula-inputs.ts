// Readers of the judge-free formulas' inputs: strings and lists of strings or ids where an empty string
// or an empty list is allowed, as Ragas' formulas define them. Bad input throws naming the row and field.
import { InvalidInputError } from "../errors.js";
import type { FieldLocation } from "./validate.js";

function at(field: string, row: number | undefined): FieldLocation {
  return row !== undefined ? { field, row } : { field };
}

/** A string field (empty allowed, as in Ragas); anything else throws naming the field. */
export function requireAnswerString(
  value: unknown,
  field: "response" | "reference",
  row: number | undefined,
): string {
  if (typeof value === "string") return value;
  if (value === undefined || value === null) {
    throw new InvalidInputError(
      `is missing; give the ${field === "response" ? "answer" : "expected answer"} as a string (Ragas ${field})`,
      at(field, row),
    );
  }
  throw new InvalidInputError(`must be a string, got ${typeof value}`, at(field, row));
}

/** A list of strings (empty strings and an empty list allowed: the formulas define them). */
export function requireStringList(value: unknown, field: string, row: number | undefined): string[] {
  if (value === undefined || value === null) {
    throw new InvalidInputError("is missing; give a list of strings", at(field, row));
  }
  if (!Array.isArray(value)) throw new InvalidInputError("must be a list of strings", at(field, row));
  value.forEach((item: unknown, i: number) => {
    if (typeof item !== "string") {
      throw new InvalidInputError(
        `must be a string, got ${item === null ? "null" : typeof item}`,
        at(`${field}[${i}]`, row),
      );
    }
  });
  return value as string[];
}

/** A list of context ids: strings or integers (Ragas compares `str(id)`); an empty list is allowed. */
export function requireIdList(
  value: unknown,
  field: string,
  row: number | undefined,
): Array<string | number> {
  if (value === undefined || value === null) {
    throw new InvalidInputError(
      'is missing; give a list of context ids such as ["doc_1", "doc_2"]',
      at(field, row),
    );
  }
  if (!Array.isArray(value))
    throw new InvalidInputError("must be a list of ids (strings or integers)", at(field, row));
  value.forEach((item: unknown, i: number) => {
    if (typeof item === "string") return;
    if (typeof item === "number" && Number.isSafeInteger(item)) return;
    throw new InvalidInputError(
      `must be a string or an integer id, got ${typeof item === "number" ? String(item) : item === null ? "null" : typeof item}`,
      at(`${field}[${i}]`, row),
    );
  });
  return value as Array<string | number>;
}
