import { InvalidInputError } from "../errors.js";

/**
 * Checks that every text can be embedded: a string with at least one non-whitespace character.
 * Throws an {@link InvalidInputError} naming the index (`row`) and field (`texts[i]`) of the first bad item,
 * so bad input never turns into a NaN vector.
 *
 * @example
 * validateTexts(["a cat", "  "]); // throws: row 1, field "texts[1]": text is whitespace-only ...
 */
export function validateTexts(texts: unknown): asserts texts is readonly string[] {
  if (!Array.isArray(texts)) {
    throw new InvalidInputError(`expected an array of strings, got ${describe(texts)}`, { field: "texts" });
  }
  for (let i = 0; i < texts.length; i++) {
    const text: unknown = texts[i];
    const location = { row: i, field: `texts[${i}]` };
    if (typeof text !== "string") {
      throw new InvalidInputError(
        `expected a string, got ${describe(text)}; convert or drop this item before embedding`,
        location,
      );
    }
    if (text.length === 0) {
      throw new InvalidInputError(
        "text is empty; an empty text has no embedding, drop or fill this item",
        location,
      );
    }
    if (text.trim().length === 0) {
      throw new InvalidInputError(
        "text is whitespace-only; it has no embedding, drop or fill this item",
        location,
      );
    }
  }
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value;
}
