import { z } from "zod";
import type { Sample, SampleField } from "../metrics/types.js";
import { loneSurrogateIndex } from "../text/well-formed.js";
import { type ColumnResolver, listFields, sampleFields } from "./columns.js";
import { parseListCell } from "./python-list.js";

/** One problem in one row: the column as named in the dataset, and what is wrong. */
export interface RowProblem {
  field?: string;
  message: string;
}

/** A row after mapping and validation. */
export interface NormalizedRow {
  sample: Sample;
  extra: Record<string, unknown>;
  problems: RowProblem[];
}

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
const textList = z.array(nonEmptyText).min(1, { message: "is an empty list" });

/** The zod schema every normalized row must pass. */
export const sampleSchema = z.strictObject({
  userInput: nonEmptyText.optional(),
  response: nonEmptyText.optional(),
  retrievedContexts: textList.optional(),
  reference: nonEmptyText.optional(),
  referenceContexts: textList.optional(),
});

function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "an object";
  if (typeof value === "string") return "a string";
  return `a ${typeof value}`;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current = root;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/**
 * Maps a raw row's columns to sample fields and validates it with zod.
 * `fromCsv` treats empty cells as absent and parses list cells (JSON arrays or Python list literals).
 */
export function normalizeRow(
  raw: Record<string, unknown>,
  resolver: ColumnResolver,
  fromCsv: boolean,
): NormalizedRow {
  const candidate: Record<string, unknown> = {};
  const sourceColumn = new Map<SampleField, string>();
  const extra: Record<string, unknown> = {};
  const problems: RowProblem[] = [];

  for (const [column, value] of Object.entries(raw)) {
    const field = resolver.fieldFor(column);
    if (field === undefined) {
      extra[column] = value;
      continue;
    }
    if (value === null || value === undefined || (fromCsv && value === "")) continue;
    const earlier = sourceColumn.get(field);
    if (earlier !== undefined) {
      problems.push({
        field: column,
        message: `columns "${earlier}" and "${column}" both give ${field}; keep one, or map one away with columnMap`,
      });
      continue;
    }
    sourceColumn.set(field, column);
    if (fromCsv && listFields.has(field) && typeof value === "string") {
      const parsed = parseListCell(value);
      if ("error" in parsed) {
        problems.push({ field: column, message: parsed.error });
        continue;
      }
      candidate[field] = parsed.value;
    } else {
      candidate[field] = value;
    }
  }

  const result = sampleSchema.safeParse(candidate);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const [head, ...rest] = issue.path;
      const field = typeof head === "string" ? (head as SampleField) : undefined;
      const column = field !== undefined ? (sourceColumn.get(field) ?? field) : undefined;
      const suffix = rest.map((k) => `[${String(k)}]`).join("");
      const name = column !== undefined ? `${column}${suffix}` : undefined;
      problems.push({ field: name, message: describeIssue(issue, candidate, field) });
    }
  }
  if (problems.length > 0) return { sample: {}, extra, problems };

  const sample: Sample = {};
  const data = result.data as Sample;
  for (const field of sampleFields) {
    if (data[field] !== undefined) (sample as Record<string, unknown>)[field] = data[field];
  }
  return { sample, extra, problems };
}

function describeIssue(issue: z.core.$ZodIssue, candidate: unknown, field: SampleField | undefined): string {
  if (issue.code === "invalid_type") {
    const got = describeType(valueAt(candidate, issue.path));
    const inList = issue.path.length > 1;
    if (inList) return `expected a string in the list, got ${got}`;
    if (field !== undefined && listFields.has(field)) return `expected a list of strings, got ${got}`;
    return `expected a string, got ${got}`;
  }
  if (issue.code === "too_small") return "is an empty list; give at least one item or leave the field out";
  if (issue.code === "custom" && issue.message === "is an empty string") {
    return "is an empty string; fill it or leave the field out";
  }
  return issue.message;
}
