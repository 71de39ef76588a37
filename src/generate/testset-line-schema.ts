// What a line of a generate run's files must hold (the test set, the rejected candidates), checked on every line a
// resumed run or a merge reads: a line edited by hand is named by file, line and field instead of being taken as a row
// (whose missing fields would later break the filters that read them).
import { z } from "zod";
import { InvalidInputError } from "../errors.js";
import { zodIssueText } from "../util/zod-issues.js";
import { queryLengths, queryStyles, synthesizerNames } from "./defaults.js";

const synthesizer = z.enum(synthesizerNames as [string, ...string[]]);
const planIndex = z.number().int().min(0);
const texts = z.array(z.string());

/** A test set line: the plan index, the row's columns (`TestsetRow`) and a filled response's, when present. */
export const testsetLineSchema = z.looseObject({
  plan_index: planIndex,
  user_input: z.string().min(1),
  reference: z.string(),
  reference_contexts: texts.min(1),
  reference_context_ids: texts.min(1),
  synthesizer_name: synthesizer,
  source_offsets: z.array(
    z.looseObject({ documentId: z.string(), start: z.number().int().min(0), end: z.number().int().min(0) }),
  ),
  persona_name: z.string().optional(),
  query_style: z.enum(queryStyles as [string, ...string[]]),
  query_length: z.enum(queryLengths as [string, ...string[]]),
  response: z.string().optional(),
  retrieved_contexts: texts.optional(),
  retrieved_context_ids: texts.optional(),
});

const reason = z.discriminatedUnion("kind", [
  z.looseObject({ kind: z.literal("unanswerable"), explanation: z.string() }),
  z.looseObject({ kind: z.literal("not_standalone"), explanation: z.string() }),
  z.looseObject({ kind: z.literal("near_duplicate"), of: z.string(), similarity: z.number() }),
  z.looseObject({ kind: z.literal("over_quota"), synthesizer, documentId: z.string() }),
  z.looseObject({ kind: z.literal("failed"), error: z.string() }),
]);

/** A rejected-candidates line: the plan index, why it was left out, and the candidate when one was written. */
export const rejectedLineSchema = z.looseObject({
  plan_index: planIndex,
  reason,
  candidate: z
    .looseObject({
      synthesizer_name: synthesizer,
      user_input: z.string(),
      reference: z.string(),
      reference_context_ids: texts,
    })
    .nullable(),
});

/**
 * Refuses a line that does not fit `schema`, naming the file, line and first wrong field, and what to do.
 *
 * @example
 * checkTestsetLine(testsetLineSchema, { plan_index: 999 }, "testset.jsonl", 3);
 */
export function checkTestsetLine(schema: z.ZodType, value: unknown, file: string, line: number): void {
  const parsed = schema.safeParse(value);
  if (parsed.success) return;
  const issue = parsed.error.issues[0]!;
  throw new InvalidInputError(
    `is not a line airgap-eval generate wrote (${zodIssueText(issue)}); fix or delete the line, or start over with --overwrite`,
    { file, line, ...(issue.path.length > 0 ? { field: issue.path.join(".") } : {}) },
  );
}
