// What the user-defined judge metrics (aspect_critic, rubrics_score, instance_rubrics, simple_criteria, g_eval)
// share: which sample fields the judge sees, reading them from a sample, the option schemas users write in code
// and in a metric file, and the fingerprint that ties a prompt version to the user's definition text.
import { z } from "zod";
import {
  columnName,
  fieldHint,
  fieldsOfKind,
  type SampleField,
  sampleFieldSpec,
  type sampleFieldTable,
} from "../../../sample/field-table.js";
import { requireContexts, requireText } from "../../../sample/validate.js";
import { isPrototypeKey, prototypeKeyProblem } from "../../../util/object-keys.js";
import { examplesFingerprint } from "./examples.js";

/**
 * Sample fields a user-defined judge can be shown: the texts and text lists of the sample field table (not
 * `rubrics`, which is the rubric itself, nor the id and document lists of the retrieval metrics).
 */
export type JudgeInputField = {
  [F in SampleField]: (typeof sampleFieldTable)[F]["kind"] extends "text" | "textList" | "textListMaybeEmpty"
    ? F
    : never;
}[SampleField];

/** The Ragas column name of each field: the key under which the judge sees it. */
export const judgeInputNames = Object.fromEntries(
  fieldsOfKind("text", "textList", "textListMaybeEmpty").map((field) => [field, columnName(field)]),
) as Readonly<Record<JudgeInputField, string>>;

/** Whether a sample field is one a judge can be shown (a text or a list of texts). */
export function isJudgeInputField(field: string): field is JudgeInputField {
  return Object.hasOwn(judgeInputNames, field);
}

const byRagasName = new Map(
  Object.entries(judgeInputNames).map(([field, name]) => [name, field as JudgeInputField]),
);

/**
 * A list of sample fields by Ragas or camelCase name, e.g. `["user_input", "response"]`, parsed to camelCase
 * fields; at least one, each once.
 */
export const judgeInputsSchema = z
  .array(
    z.string().transform((name, ctx) => {
      const field = byRagasName.get(name) ?? (isJudgeInputField(name) ? name : undefined);
      if (field === undefined) {
        ctx.addIssue({
          code: "custom",
          message: `"${name}" is not a field a judge can read; use ${Object.values(judgeInputNames).join(", ")} (map other column names to these with --column)`,
        });
        return z.NEVER;
      }
      return field;
    }),
  )
  .min(1, { error: "list at least one field for the judge to read" })
  .refine((fields) => new Set(fields).size === fields.length, { error: "lists a field twice" });

/**
 * A key the user names (an input or output key of a judge's answer, a metric id): any text but a name every object
 * already has (`__proto__`, `constructor`, ...; see `isPrototypeKey`).
 */
export const userKeySchema = z.string().refine((key) => !isPrototypeKey(key), {
  error: (issue) => prototypeKeyProblem(String(issue.input)),
});

/**
 * A metric id chosen by the user: snake_case letters, digits and underscores, and not a name every object has. A
 * built-in metric's id is refused where the metric is used (`checkMetricId` in catalog.ts: metric files,
 * `createMetric`, `evaluate`, `describeEval`), since this schema is part of the catalog it would have to read.
 */
export const customMetricNameSchema = z
  .string()
  .regex(/^[a-z][a-z0-9_]*$/, { error: "must be snake_case: a lowercase letter, then a-z, 0-9 or _" })
  .pipe(userKeySchema);

/** A non-empty definition text (criterion, instruction or rubric level). */
export const definitionTextSchema = z
  .string({ error: "must be a text" })
  .regex(/\S/, { error: "must not be empty" });

/** Sampling temperature, finite and >= 0. */
export const temperatureSchema = z.number().min(0).max(2);

/** An integer score range `{ min, max }` with min <= max and at most 101 values. */
export const scaleSchema = z
  .strictObject({ min: z.number().int(), max: z.number().int() })
  .refine((s) => s.min <= s.max, {
    error: (issue) => {
      const s = issue.input as { min: number; max: number };
      return `min (${s.min}) is greater than max (${s.max}); give min <= max`;
    },
  })
  .refine((s) => s.max - s.min <= 100, { error: "spans more than 101 values; use a smaller range" });

/** An integer range. */
export interface Scale {
  min: number;
  max: number;
}

/** The integers of a scale, in order. */
export function scaleValues(scale: Scale): number[] {
  return Array.from({ length: scale.max - scale.min + 1 }, (_, i) => scale.min + i);
}

/**
 * A zod schema for one integer of `values`, which the grammar writes as exactly one of them (a single value
 * becomes a constant).
 */
export function oneOfNumbers(values: readonly number[]): z.ZodType<number> {
  return z.literal(values as [number, ...number[]]);
}

/**
 * Reads the fields a judge sees from a sample, keyed by Ragas name: every `required` field must be there
 * (else `InvalidInputError` naming the row and field); `optional` fields are added when present.
 */
export function readJudgeInputs(
  sample: Partial<Record<JudgeInputField, unknown>>,
  required: readonly JudgeInputField[],
  optional: readonly JudgeInputField[],
  row: number | undefined,
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const field of [...required, ...optional.filter((f) => !required.includes(f))]) {
    const value = sample[field];
    if (value === undefined && !required.includes(field)) continue;
    out[judgeInputNames[field]] =
      sampleFieldSpec(field).kind !== "text"
        ? requireContexts(value, { field, row }, { allowEmptyList: false })
        : requireText(value, { field, row }, fieldHint(field));
  }
  return out;
}

/**
 * The prompt version of a user-defined judge: the built-in template's version plus a fingerprint of the user's
 * definition (and examples), so a changed rubric changes every result's prompt version and the config hash.
 *
 * @example
 * definitionVersion("1.0.0", { definition: "Is the answer polite?" }); // "1.0.0+def.3b1f..."
 */
export function definitionVersion(base: string, definition: unknown): string {
  return `${base}+def.${examplesFingerprint(definition)}`;
}
