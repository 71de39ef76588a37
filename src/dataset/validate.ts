import type { z } from "zod";
import { pathText, valueAt } from "../errors-zod.js";
import type { Sample } from "../metrics/types.js";
import { fieldsOfKind, type SampleField, sampleFieldSpec, sampleFields } from "../sample/field-table.js";
import type { ColumnResolver } from "./columns.js";
import { kindSchemas, structuredKinds } from "./field-schemas.js";
import { parseListCell } from "./python-list.js";

/** One problem in one row: the column as named in the dataset, and what is wrong. */
export interface RowProblem {
  field?: string;
  message: string;
}

/** A cell that maps to a sample field but cannot be read: the row goes on without that field. */
export interface CellProblem {
  /** The column as named in the dataset, with the path inside it (e.g. `retrieved_contexts[2]`). */
  field: string;
  /** The sample field the column gives. */
  sampleField: SampleField;
  message: string;
}

/** A row after mapping and validation. */
export interface NormalizedRow {
  /** The fields that could be read (none when `problems` is not empty). */
  sample: Sample;
  extra: Record<string, unknown>;
  /** Problems of the whole row: the row cannot be evaluated. */
  problems: RowProblem[];
  /** Cells that cannot be read: the metrics reading their fields cannot score the row, the others can. */
  badCells: CellProblem[];
}

/** Sample fields that a CSV cell gives as a list (a JSON array or a Python list literal). */
const listFields: ReadonlySet<SampleField> = new Set(
  fieldsOfKind("textList", "textListMaybeEmpty", "idList", "documents"),
);

/** Sample fields that a CSV cell gives as JSON (a conversation, tool calls). */
const jsonFields: ReadonlySet<SampleField> = new Set(fieldsOfKind("conversation", "toolCalls", "namedTexts"));

function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "an object";
  if (typeof value === "string") return "a string";
  return `a ${typeof value}`;
}

/**
 * Maps a raw row's columns to sample fields and validates each field with zod.
 * `fromCsv` treats empty cells as absent and parses list cells (JSON arrays or Python list literals).
 * A field that cannot be read is a bad cell, left out of the sample; two columns giving one field are a
 * problem of the whole row.
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
  const badCells: CellProblem[] = [];
  const badCell = (field: SampleField, column: string, message: string): void => {
    badCells.push({ field: column, sampleField: field, message });
  };

  const gathered = resolver.candidateColumns;
  for (const [column, value] of Object.entries(raw)) {
    const field = resolver.fieldFor(column);
    if (field === undefined) {
      extra[column] = value;
      continue;
    }
    if (value === null || value === undefined || (fromCsv && value === "")) continue;
    if (gathered.includes(column)) continue;
    const earlier = sourceColumn.get(field);
    if (earlier !== undefined) {
      problems.push({
        field: column,
        message: `columns "${earlier}" and "${column}" both give ${field}; keep one, or map one away with columnMap`,
      });
      continue;
    }
    sourceColumn.set(field, column);
    if (fromCsv && sampleFieldSpec(field).kind === "rubric" && typeof value === "string") {
      const parsed = parseRubricCell(value);
      if (typeof parsed === "string") {
        badCell(field, column, parsed);
        continue;
      }
      candidate[field] = parsed;
    } else if (fromCsv && jsonFields.has(field) && typeof value === "string") {
      try {
        candidate[field] = JSON.parse(value);
      } catch (err) {
        badCell(
          field,
          column,
          `a ${column} cell must be JSON, such as [{"role": "user", "content": "..."}] (${(err as Error).message})`,
        );
      }
    } else if (fromCsv && listFields.has(field) && typeof value === "string") {
      const parsed = parseListCell(value);
      if ("error" in parsed) {
        badCell(field, column, parsed.error);
        continue;
      }
      candidate[field] = parsed.value;
    } else {
      candidate[field] = value;
    }
  }

  if (gathered.length > 0)
    gatherCandidates(raw, gathered, fromCsv, sourceColumn, candidate, badCell, problems);
  if (problems.length > 0) return { sample: {}, extra, problems, badCells: [] };

  const sample: Sample = {};
  for (const field of sampleFields) {
    if (!(field in candidate)) continue;
    const result = kindSchemas[sampleFieldSpec(field).kind].safeParse(candidate[field]);
    if (result.success) {
      (sample as Record<string, unknown>)[field] = result.data;
      continue;
    }
    const column = sourceColumn.get(field) ?? field;
    for (const issue of result.error.issues) {
      const path = [field, ...issue.path];
      badCell(field, pathText([column, ...issue.path]), describeIssue({ ...issue, path }, candidate, field));
    }
  }
  // Bad cells leave the sample without those fields (an earlier cell problem may name a field zod never saw).
  for (const cell of badCells) delete (sample as Record<string, unknown>)[cell.sampleField];
  return { sample, extra, problems, badCells };
}

/**
 * Gathers the candidate columns (`candidateColumns`) into the row's `candidates`, named by column, in the given order;
 * a missing or empty one is an unreadable `candidates` cell naming the column, and a `candidates` column beside them
 * is a problem of the row.
 */
function gatherCandidates(
  raw: Record<string, unknown>,
  columns: readonly string[],
  fromCsv: boolean,
  sourceColumn: Map<SampleField, string>,
  candidate: Record<string, unknown>,
  badCell: (field: SampleField, column: string, message: string) => void,
  problems: RowProblem[],
): void {
  const earlier = sourceColumn.get("candidates");
  if (earlier !== undefined) {
    problems.push({
      field: earlier,
      message: `column "${earlier}" gives candidates, and so do the candidate columns ${columns.join(", ")}; keep one`,
    });
    return;
  }
  const named: Record<string, unknown> = {};
  for (const column of columns) {
    const value = Object.hasOwn(raw, column) ? raw[column] : undefined;
    if (value === null || value === undefined || (fromCsv && value === "")) {
      badCell(
        "candidates",
        column,
        `the row has no "${column}", one of the candidate columns (${columns.join(", ")}); fill it or drop the row`,
      );
      return;
    }
    named[column] = value;
  }
  sourceColumn.set("candidates", columns.join(","));
  candidate.candidates = named;
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
  if (field !== undefined && structuredKinds.has(sampleFieldSpec(field).kind)) {
    return `${issue.message}, got ${describeType(valueAt(candidate, issue.path))}`;
  }
  if (issue.code === "invalid_type") {
    const got = describeType(valueAt(candidate, issue.path));
    const inList = issue.path.length > 1;
    if (inList) return `expected a string in the list, got ${got}`;
    if (field !== undefined && listFields.has(field)) return `expected a list of strings, got ${got}`;
    if (field !== undefined && sampleFieldSpec(field).kind === "rubric")
      return `expected an object of level name to description, got ${got}`;
    return `expected a string, got ${got}`;
  }
  if (issue.code === "too_small") return "is an empty list; give at least one item or leave the field out";
  if (issue.code === "custom" && issue.message === "is an empty string") {
    return "is an empty string; fill it or leave the field out";
  }
  return issue.message;
}
