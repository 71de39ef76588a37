import type { Sample } from "../types.js";
import { requireContexts, requireText } from "./validate.js";

/** The text fields of a sample, and what to tell the user when one is missing or empty. */
const TEXT_HINTS = {
  userInput: "give the question (Ragas user_input)",
  response: "give the system's answer (Ragas response)",
  reference: "give the expected answer (Ragas reference)",
} as const;

/** A text field of a sample: non-empty text, or an `InvalidInputError` naming the row and field. */
export function sampleText(sample: Sample, field: keyof typeof TEXT_HINTS, row: number | undefined): string {
  return requireText(sample[field], { field, row }, TEXT_HINTS[field]);
}

/** `retrievedContexts`: a list of non-empty strings (an empty list only when `allowEmptyList`). */
export function sampleContexts(sample: Sample, row: number | undefined, allowEmptyList: boolean): string[] {
  return requireContexts(sample.retrievedContexts, { field: "retrievedContexts", row }, { allowEmptyList });
}
