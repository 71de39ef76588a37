// The zod schema of each kind of sample field (src/sample/field-table.ts), and the row schema
// built from them: one optional property per field of the table.
import { z } from "zod";
import type { Sample } from "../metrics/types.js";
import { readConversation } from "../sample/conversation/read.js";
import { ConversationReadError } from "../sample/conversation/read-error.js";
import { readReferenceToolCalls } from "../sample/conversation/tool-calls.js";
import {
  type SampleField,
  type SampleFieldKind,
  type SampleFieldValues,
  sampleFieldSpec,
  sampleFields,
} from "../sample/field-table.js";
import { nameListedTexts } from "../sample/named-texts.js";
import { loneSurrogateIndex } from "../util/well-formed.js";

const nonEmptyText = z
  .string()
  .refine((s) => /\S/.test(s), { message: "is an empty string" })
  .superRefine((s, ctx) => {
    const at = loneSurrogateIndex(s);
    if (at !== -1) {
      const unit = s.charCodeAt(at).toString(16).toUpperCase();
      ctx.addIssue({
        code: "custom",
        message:
          `holds a lone UTF-16 surrogate (U+${unit} at character ${at}), which is not a Unicode character and ` +
          "has no UTF-8 form; fix the text that produced it (often a string cut inside an emoji), or replace it with U+FFFD",
      });
    }
  });

/** A context id: a string or an integer (Ragas compares `str(id)`). */
const contextId = z.union([z.string(), z.number().int()], {
  error: "expected a string or an integer id",
});

/** A Haystack document; unknown keys (e.g. `embedding`) are dropped. An empty list is a valid retrieval. */
const documentSchema = z.object(
  {
    content: z.string({ error: "expected a string or null" }).nullable().optional(),
    id: z.string({ error: "expected a string or null" }).nullable().optional(),
    meta: z.record(z.string(), z.unknown(), { error: "expected an object or null" }).nullable().optional(),
    score: z.number({ error: "expected a number or null" }).finite().nullable().optional(),
  },
  { error: 'expected a document object such as {"content": "...", "id": "..."}' },
);

/**
 * A field read by a conversation reader: its value as the reader gives it, or one issue at the path the reader names
 * (message index, then keys), so the row's problem names e.g. `messages[2].tool_calls[0].function.arguments`.
 */
function readWith<T>(read: (value: unknown) => T): z.ZodType<T> {
  return z.unknown().transform((value, ctx): T => {
    try {
      return read(value);
    } catch (err) {
      if (!(err instanceof ConversationReadError)) throw err;
      ctx.addIssue({ code: "custom", message: err.reason, path: [...err.path] });
      return z.NEVER;
    }
  }) as unknown as z.ZodType<T>;
}

/** The schema of each kind of field value. */
export const kindSchemas: { readonly [K in SampleFieldKind]: z.ZodType<SampleFieldValues[K]> } = {
  text: nonEmptyText,
  textList: z.array(nonEmptyText).min(1, { message: "is an empty list" }),
  textListMaybeEmpty: z.array(nonEmptyText),
  idList: z.array(contextId, { error: "expected a list of ids" }),
  documents: z.array(documentSchema, { error: "expected a list of document objects" }),
  rubric: z
    .record(z.string(), nonEmptyText)
    .refine((r) => Object.keys(r).length > 0, { message: "is an empty rubric" }),
  conversation: readWith((value) => readConversation(value)),
  toolCalls: readWith(readReferenceToolCalls),
  namedTexts: z
    .union([z.array(nonEmptyText).transform(nameListedTexts), z.record(z.string(), nonEmptyText)], {
      error:
        'expected an object of name to text, e.g. {"model_a": "...", "model_b": "..."}, or a list of texts',
    })
    .refine((named) => Object.keys(named).length > 0, { message: "is empty; give at least one text" }),
};

/** Kinds whose items are not plain strings: their zod messages are shown as they are. */
export const structuredKinds: ReadonlySet<SampleFieldKind> = new Set<SampleFieldKind>([
  "idList",
  "documents",
]);

/** The zod schema every normalized row must pass: each field of the table, optional, and nothing else. */
export const sampleSchema: z.ZodType<Sample> = z.strictObject(
  Object.fromEntries(
    sampleFields.map((field: SampleField) => [field, kindSchemas[sampleFieldSpec(field).kind].optional()]),
  ),
) as z.ZodType<Sample>;
