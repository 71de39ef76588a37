// A metric's checked input, read from a sample as its descriptor's `reads` say: each field by its kind in the
// sample field table, with the same readers (and so the same messages) the metrics used one by one. A missing or
// bad field throws `InvalidInputError` naming the row and the field, before any model runs.

import { InvalidInputError } from "../../../errors.js";
import { sampleConversation, sampleReferenceToolCalls } from "../../../sample/conversation/sample-inputs.js";
import { requireDocuments } from "../../../sample/documents.js";
import { fieldHint, sampleFieldSpec } from "../../../sample/field-table.js";
import { sampleText, sampleTextListMaybeEmpty } from "../../../sample/fields.js";
import { requireAnswerString, requireIdList, requireStringList } from "../../../sample/formula-inputs.js";
import { requireContexts } from "../../../sample/validate.js";
import type { FieldRead, MetricInput, ReadableField, ReadKind } from "../../descriptor.js";
import { readField } from "../../descriptor.js";
import type { Sample } from "../../types.js";
import { requireJudgeReadable } from "../conversation/transcript.js";

/** How a field is read: whether an empty list of texts, or an empty text, is a value. */
type ReadHow = Exclude<FieldRead, ReadableField>;

/** Reads one field of a kind from a sample, as `how` says. */
type KindReader = (sample: Sample, field: ReadableField, row: number | undefined, how: ReadHow) => unknown;

/** A list of any strings, empty ones included (as the judge-free formulas take them); an empty list where allowed. */
function stringList(sample: Sample, field: ReadableField, row: number | undefined, how: ReadHow): string[] {
  const list = requireStringList(sample[field], field, row);
  if (list.length === 0 && how.emptyList !== "allowed") {
    throw new InvalidInputError("is an empty list; give a list of strings", { field, row });
  }
  return list;
}

const readers: Readonly<Record<ReadKind, KindReader>> = {
  text: (sample, field, row, how) =>
    how.emptyText === "allowed"
      ? requireAnswerString(sample[field], field as "response" | "reference", row)
      : sampleText(sample, field as Parameters<typeof sampleText>[1], row),
  textList: (sample, field, row, how) =>
    how.emptyText === "allowed"
      ? stringList(sample, field, row, how)
      : requireContexts(sample[field], { field, row }, { allowEmptyList: how.emptyList === "allowed" }),
  textListMaybeEmpty: (sample, field, row) =>
    sampleTextListMaybeEmpty(sample, field as "referenceTopics", row),
  idList: (sample, field, row) => requireIdList(sample[field], field, row),
  documents: (sample, field, row) => requireDocuments(sample[field], { field, row }),
  conversation: (sample, field, row, how) => {
    const messages = sampleConversation(sample, field as "messages" | "referenceMessages", row);
    if (how.judgeReadable === true) requireJudgeReadable(messages, field, row);
    return messages;
  },
  toolCalls: (sample, _field, row) => sampleReferenceToolCalls(sample, row),
};

/**
 * The fields a descriptor reads from `sample`, keyed by field name: each required one read and checked, each
 * optional one read when the row has it (left out when it is missing or null). `row` is set in batch calls.
 *
 * @example
 * readInputs(faithfulnessDescriptor, { userInput, response, retrievedContexts }, 0);
 * // { userInput: "...", response: "...", retrievedContexts: ["..."] }
 */
export function readInputs<D extends { readonly reads: readonly FieldRead[] }>(
  descriptor: D,
  sample: Sample,
  row: number | undefined,
): MetricInput<D> {
  const input: Record<string, unknown> = {};
  for (const read of descriptor.reads) {
    const field = readField(read);
    const how: ReadHow = typeof read === "string" ? { field } : read;
    const missing = sample[field] === undefined || sample[field] === null;
    if (how.optional === true && missing) continue;
    if (missing && how.ifMissing !== undefined) {
      throw new InvalidInputError(`is missing; ${fieldHint(field)}, ${how.ifMissing}`, { field, row });
    }
    const kind = sampleFieldSpec(field).kind as ReadKind;
    input[field] = readers[kind](sample, field, row, how);
  }
  return input as MetricInput<D>;
}
