import { fieldHint, type SampleField } from "./field-table.js";
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
