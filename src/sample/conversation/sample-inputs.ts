// The conversation fields of a sample as the agent metrics read them: in any format the readers take (so
// `score({ messages: openAiMessages })` works as a dataset row does), bad input an InvalidInputError naming the row
// and the path inside the field.
import { InvalidInputError } from "../../errors.js";
import { pathText } from "../../errors-zod.js";
import { fieldHint } from "../field-table.js";
import type { Sample } from "../types.js";
import type { ConversationMessage, ReferenceToolCall } from "./messages.js";
import { readConversation } from "./read.js";
import { ConversationReadError } from "./read-error.js";
import { readReferenceToolCalls } from "./tool-calls.js";

function readField<T>(
  sample: Sample,
  field: "messages" | "referenceMessages" | "referenceToolCalls",
  row: number | undefined,
  read: (value: unknown) => T,
): T {
  const at = (f: string) => (row !== undefined ? { field: f, row } : { field: f });
  const value: unknown = sample[field];
  if (value === undefined || value === null)
    throw new InvalidInputError(`is missing; ${fieldHint(field)}`, at(field));
  try {
    return read(value);
  } catch (err) {
    if (err instanceof ConversationReadError)
      throw new InvalidInputError(err.reason, at(pathText([field, ...err.path])));
    throw err;
  }
}

/** A conversation field (`messages` or `referenceMessages`), read in whatever format it is given. */
export function sampleConversation(
  sample: Sample,
  field: "messages" | "referenceMessages",
  row: number | undefined,
): ConversationMessage[] {
  return readField(sample, field, row, (value) => readConversation(value));
}

/** `referenceToolCalls`, read as {@link readReferenceToolCalls} reads it (an empty list allowed). */
export function sampleReferenceToolCalls(sample: Sample, row: number | undefined): ReferenceToolCall[] {
  return readField(sample, "referenceToolCalls", row, readReferenceToolCalls);
}
