import { InvalidInputError } from "../errors.js";

/** Where a value sits, for error messages: the row (in batch/run calls) and the field name. */
export interface FieldLocation {
  /** Field name as the caller spelled it, e.g. `userInput` or `questions`. */
  field: string;
  /** 0-based row index in a batch or `run()` call; absent for a single `score()` call. */
  row?: number;
}

/**
 * Returns `value` when it is a string with non-whitespace content; otherwise throws
 * {@link InvalidInputError} naming the row and field.
 */
export function requireText(value: unknown, where: FieldLocation, hint = "give a non-empty string"): string {
  if (value === undefined || value === null) {
    throw new InvalidInputError(`is missing; ${hint}`, where);
  }
  if (typeof value !== "string") {
    throw new InvalidInputError(`must be a string, got ${describe(value)}; ${hint}`, where);
  }
  if (value.trim() === "") {
    throw new InvalidInputError(`is empty; ${hint}`, where);
  }
  return value;
}

/** Returns `value` when it is a string (possibly empty); otherwise throws {@link InvalidInputError}. */
export function requireString(value: unknown, where: FieldLocation, hint = "give a string"): string {
  if (value === undefined || value === null) {
    throw new InvalidInputError(`is missing; ${hint}`, where);
  }
  if (typeof value !== "string") {
    throw new InvalidInputError(`must be a string, got ${describe(value)}; ${hint}`, where);
  }
  return value;
}

/**
 * Returns `value` when it is an array of non-empty strings. `allowEmptyList` decides whether `[]`
 * is accepted. Each bad element is named as `field[i]`.
 */
export function requireContexts(
  value: unknown,
  where: FieldLocation,
  options: { allowEmptyList: boolean },
): string[] {
  const hint = "give a list of non-empty context strings";
  if (value === undefined || value === null) throw new InvalidInputError(`is missing; ${hint}`, where);
  if (!Array.isArray(value)) {
    throw new InvalidInputError(`must be a list of strings, got ${describe(value)}; ${hint}`, where);
  }
  if (value.length === 0 && !options.allowEmptyList) {
    throw new InvalidInputError(`is an empty list; ${hint}`, where);
  }
  value.forEach((item: unknown, i: number) => {
    requireText(
      item,
      { field: `${where.field}[${i}]`, row: where.row },
      "every context must be a non-empty string; drop empty contexts before evaluating",
    );
  });
  return value as string[];
}

/**
 * Checks that every named list exists, is an array, and that all lists have the same length.
 * Returns that length.
 */
export function requireSameLengthLists(lists: Record<string, unknown>, what: string): number {
  let expected: { name: string; length: number } | undefined;
  for (const [name, list] of Object.entries(lists)) {
    if (list === undefined || list === null) {
      throw new InvalidInputError(`is missing; ${what} needs the inputs ${Object.keys(lists).join(", ")}`, {
        field: name,
      });
    }
    if (!Array.isArray(list)) {
      throw new InvalidInputError(`must be a list, got ${describe(list)}`, { field: name });
    }
    if (expected === undefined) {
      expected = { name, length: list.length };
    } else if (list.length !== expected.length) {
      throw new InvalidInputError(
        `has ${list.length} items but "${expected.name}" has ${expected.length}; ${what} needs one item per row in every input list`,
        { field: name },
      );
    }
  }
  return expected?.length ?? 0;
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return "a list";
  if (value === null) return "null";
  return typeof value;
}
