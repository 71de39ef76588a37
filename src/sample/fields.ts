import { InvalidInputError } from "../errors.js";
import { fieldHint, type SampleField, type sampleFieldTable } from "./field-table.js";
import type { Sample } from "./types.js";
import { requireContexts, requireText } from "./validate.js";

/** The sample fields that hold one text. */
type TextField = { [F in SampleField]-?: Sample[F] extends string | undefined ? F : never }[SampleField];

/**
 * A text field of a sample: non-empty text, or an `InvalidInputError` naming the row and field and saying what to
 * give, e.g. "is missing; give the question (Ragas user_input, DeepEval input)".
 */
export function sampleText(sample: Sample, field: TextField, row: number | undefined): string {
  return requireText(sample[field], { field, row }, fieldHint(field));
}

/** `retrievedContexts`: a list of non-empty strings (an empty list only when `allowEmptyList`). */
export function sampleContexts(sample: Sample, row: number | undefined, allowEmptyList: boolean): string[] {
  return requireContexts(sample.retrievedContexts, { field: "retrievedContexts", row }, { allowEmptyList });
}

/** The sample fields that hold a list of texts where an empty list is a value. */
type TextListMaybeEmptyField = {
  [F in SampleField]-?: (typeof sampleFieldTable)[F]["kind"] extends "textListMaybeEmpty" ? F : never;
}[SampleField];

/**
 * A list of non-empty texts where an empty list is a value (e.g. `referenceTopics`: no topic to keep to), or an
 * `InvalidInputError` naming the row and the field (or item) and saying what to give.
 *
 * @example
 * sampleTextListMaybeEmpty({ referenceTopics: ["billing"] }, "referenceTopics", 0); // ["billing"]
 */
export function sampleTextListMaybeEmpty(
  sample: Sample,
  field: TextListMaybeEmptyField,
  row: number | undefined,
): string[] {
  const value: unknown = sample[field];
  const hint = fieldHint(field);
  if (value === undefined || value === null)
    throw new InvalidInputError(`is missing; ${hint}`, { field, row });
  if (!Array.isArray(value)) {
    throw new InvalidInputError(`must be a list of texts; ${hint}`, { field, row });
  }
  return value.map((item: unknown, i) =>
    requireText(item, { field: `${field}[${i}]`, row }, `every item must be a non-empty string; ${hint}`),
  );
}
