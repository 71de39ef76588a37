import { z } from "zod";
import { valueAt } from "../errors-zod.js";
import type { Sample, SampleField } from "../metrics/types.js";
import { loneSurrogateIndex } from "../util/well-formed.js";
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
const documentList = z.array(documentSchema, { error: "expected a list of document objects" });

/** The zod schema every normalized row must pass. */
export const sampleSchema = z.strictObject({
  userInput: nonEmptyText.optional(),
  response: nonEmptyText.optional(),
  retrievedContexts: textList.optional(),
  reference: nonEmptyText.optional(),
  referenceContexts: textList.optional(),
  rubrics: z
    .record(z.string(), nonEmptyText)
    .refine((r) => Object.keys(r).length > 0, { message: "is an empty rubric" })
    .optional(),
  retrievedContextIds: z.array(contextId, { error: "expected a list of ids" }).optional(),
  referenceContextIds: z.array(contextId, { error: "expected a list of ids" }).optional(),
  retrievedDocuments: documentList.optional(),
  groundTruthDocuments: documentList.optional(),
});

/** Fields whose items are not plain strings: their zod messages are used as they are. */
const structuredFields: ReadonlySet<SampleField> = new Set<SampleField>([
  "retrievedContextIds",
  "referenceContextIds",
  "retrievedDocuments",
  "groundTruthDocuments",
]);

function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "an object";
  if (typeof value === "string") return "a string";
  return `a ${typeof value}`;
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
    if (fromCsv && field === "rubrics" && typeof value === "string") {
      const parsed = parseRubricCell(value);
      if (typeof parsed === "string") {
        problems.push({ field: column, message: parsed });
        continue;
      }
      candidate[field] = parsed;
    } else if (fromCsv && listFields.has(field) && typeof value === "string") {
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
      const suffix = rest.map((k) => (typeof k === "number" ? `[${k}]` : `.${String(k)}`)).join("");
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

/** A CSV rubric cell: a JSON object of level name to description, or the problem in words. */
function parseRubricCell(cell: string): Record<string, unknown> | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(cell);
  } catch {
    return 'a rubrics cell must be a JSON object such as {"score1_description": "...", "score5_description": "..."}';
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    return `a rubrics cell must be a JSON object, got ${describeType(parsed)}`;
  }
  return parsed as Record<string, unknown>;
}

function describeIssue(issue: z.core.$ZodIssue, candidate: unknown, field: SampleField | undefined): string {
  if (field !== undefined && structuredFields.has(field)) {
    return `${issue.message}, got ${describeType(valueAt(candidate, issue.path))}`;
  }
  if (issue.code === "invalid_type") {
    const got = describeType(valueAt(candidate, issue.path));
    const inList = issue.path.length > 1;
    if (inList) return `expected a string in the list, got ${got}`;
    if (field !== undefined && listFields.has(field)) return `expected a list of strings, got ${got}`;
    if (field === "rubrics" && !inList) return `expected an object of level name to description, got ${got}`;
    return `expected a string, got ${got}`;
  }
  if (issue.code === "too_small") return "is an empty list; give at least one item or leave the field out";
  if (issue.code === "custom" && issue.message === "is an empty string") {
    return "is an empty string; fill it or leave the field out";
  }
  return issue.message;
}
