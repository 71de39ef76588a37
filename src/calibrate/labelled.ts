import { loadDataset } from "../dataset/load.js";
import type { Dataset, LoadDatasetOptions } from "../dataset/types.js";
import type { LabelKind } from "../datasets/converters/types.js";
import { InvalidInputError } from "../errors.js";
import type { Sample } from "../metrics/types.js";

/** One labelled row, ready to score: the sample(s) the judge sees and what people said. */
export interface LabelledRow {
  /** 0-based data row in the file. */
  row: number;
  /** 1-based line in the file, when read from one. */
  line?: number;
  /** The row's `id` column, or its row number. */
  id: string;
  /**
   * Binary (0/1) or graded human label; for pairwise rows 1 when people preferred A, 0 for B; for
   * statement rows the share of statements people labelled supported.
   */
  human: number;
  /** Statement rows: each statement with its human label (1 supported by the contexts, 0 not). */
  statements?: { text: string; label: 0 | 1 }[];
  /** What the judge scores; pairwise rows have two (A then B). */
  samples: [Sample] | [Sample, Sample];
  /** Bootstrap group (source document, task), when the file gives one. */
  group?: string;
}

/** A labelled file after loading: its rows, how the labels read, and rows left out. */
export interface LabelledSet {
  rows: LabelledRow[];
  labels: LabelKind;
  /** Rows left out, with the reason (invalid sample fields or labels). */
  invalid: { row: number; line?: number; field?: string; message: string }[];
  file?: string;
}

/** Options of {@link loadLabelled}. */
export interface LoadLabelledOptions {
  /**
   * How the labels read. Defaults to what the columns say: `preferred` means pairwise, `human_label`
   * binary, `statement_labels` statement-level; `human_score` needs `{ kind: "graded", min, max }`
   * (the scale cannot be guessed).
   */
  labels?: LabelKind;
  /** The column that holds the human label. Defaults to `human_label`, or `human_score` when graded, or `preferred` when pairwise. */
  labelColumn?: string;
  /** Column map and format, as for `loadDataset`. Defaults to none (Ragas, Haystack and camelCase names). */
  load?: Omit<LoadDatasetOptions, "strict">;
}

const binaryValues = new Map<unknown, 0 | 1>([
  [0, 0],
  [1, 1],
  ["0", 0],
  ["1", 1],
  [false, 0],
  [true, 1],
  ["false", 0],
  ["true", 1],
]);

function inferLabels(
  columns: Set<string>,
  options: LoadLabelledOptions,
  file: string | undefined,
): LabelKind {
  if (options.labels) return options.labels;
  if (columns.has("preferred")) return { kind: "pairwise" };
  if (columns.has("statement_labels")) return { kind: "statements" };
  if (columns.has(options.labelColumn ?? "human_label")) return { kind: "binary" };
  if (columns.has("human_score")) {
    throw new InvalidInputError(
      'the file has graded human_score labels; declare their scale (CLI: --labels graded:1-4; library: labels: { kind: "graded", min: 1, max: 4 })',
      { file },
    );
  }
  throw new InvalidInputError(
    `no label column found (looked for human_label, human_score, preferred; the file has ${[...columns].join(", ") || "no columns"}); name yours with --label-column`,
    { file },
  );
}

/**
 * Loads a labelled file (JSONL, JSON or CSV; the same column names and `columnMap` as `evaluate`)
 * plus a label column: `human_label` 0/1, `human_score` on a declared scale, or, for pairwise rows,
 * `response_a`, `response_b` and `preferred` ("a" or "b"). An optional `group` column groups rows for
 * the bootstrap and an `id` column names them. A label outside its scale names the row and field.
 *
 * @example
 * const set = loadLabelled("labelled.jsonl", { labels: { kind: "graded", min: 1, max: 4 } });
 */
export function loadLabelled(
  source: string | readonly Record<string, unknown>[],
  options: LoadLabelledOptions = {},
): LabelledSet {
  const dataset: Dataset = loadDataset(source, options.load ?? {});
  const file = dataset.file;
  const columns = new Set<string>();
  for (const s of dataset.samples) for (const k of Object.keys(s.extra)) columns.add(k);
  const labels = inferLabels(columns, options, file);
  const labelColumn =
    options.labelColumn ??
    (labels.kind === "pairwise"
      ? "preferred"
      : labels.kind === "graded"
        ? "human_score"
        : labels.kind === "statements"
          ? "statement_labels"
          : "human_label");
  if (labels.kind === "graded" && !(labels.min < labels.max)) {
    throw new InvalidInputError(`the graded scale ${labels.min}-${labels.max} is empty; give min < max`, {
      field: "labels",
    });
  }
  const invalid: LabelledSet["invalid"] = [...dataset.invalid];
  const rows: LabelledRow[] = [];
  for (const item of dataset.samples) {
    const where = { row: item.row, ...(item.line !== undefined ? { line: item.line } : {}) };
    const bad = (field: string, message: string) => invalid.push({ ...where, field, message });
    const raw = item.extra[labelColumn];
    let human: number;
    let samples: LabelledRow["samples"];
    if (labels.kind === "pairwise") {
      const a = item.extra.response_a;
      const b = item.extra.response_b;
      if (raw !== "a" && raw !== "b") {
        bad(labelColumn, `must be "a" or "b", got ${JSON.stringify(raw)}`);
        continue;
      }
      if (typeof a !== "string" || a.trim() === "" || typeof b !== "string" || b.trim() === "") {
        bad("response_a/response_b", "a pairwise row needs two non-empty responses");
        continue;
      }
      human = raw === "a" ? 1 : 0;
      samples = [
        { ...item.sample, response: a },
        { ...item.sample, response: b },
      ];
    } else if (labels.kind === "statements") {
      const parsed = statementLabels(item.extra.statements, raw);
      if (typeof parsed === "string") {
        bad(labelColumn, parsed);
        continue;
      }
      if (item.sample.retrievedContexts === undefined) {
        bad("retrieved_contexts", "statement rows need the contexts the statements are checked against");
        continue;
      }
      human = parsed.filter((s) => s.label === 1).length / parsed.length;
      samples = [item.sample];
      rows.push({
        ...where,
        id: rowId(item.extra.id, item.row),
        human,
        samples,
        statements: parsed,
        ...groupOf(item.extra.group),
      });
      continue;
    } else if (labels.kind === "binary") {
      const value = binaryValues.get(typeof raw === "string" ? raw.trim().toLowerCase() : raw);
      if (value === undefined) {
        bad(labelColumn, `must be 0 or 1 (or true/false), got ${JSON.stringify(raw)}`);
        continue;
      }
      human = value;
      samples = [item.sample];
    } else {
      const value = typeof raw === "string" && raw.trim() !== "" ? Number(raw) : raw;
      if (typeof value !== "number" || !Number.isFinite(value) || value < labels.min || value > labels.max) {
        bad(labelColumn, `must be a number from ${labels.min} to ${labels.max}, got ${JSON.stringify(raw)}`);
        continue;
      }
      human = value;
      samples = [item.sample];
    }
    rows.push({ ...where, id: rowId(item.extra.id, item.row), human, samples, ...groupOf(item.extra.group) });
  }
  return { rows, labels, invalid, ...(file !== undefined ? { file } : {}) };
}

function rowId(id: unknown, row: number): string {
  return typeof id === "string" || typeof id === "number" ? String(id) : `row ${row}`;
}

function groupOf(group: unknown): { group?: string } {
  return typeof group === "string" || typeof group === "number" ? { group: String(group) } : {};
}

/** A list given as an array, or as a JSON array in a CSV cell. */
function listOf(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (typeof value === "string" && value.trim().startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(value);
      return Array.isArray(parsed) ? parsed : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The `statements` and `statement_labels` columns of a row, paired, or what is wrong with them. */
function statementLabels(statements: unknown, labels: unknown): { text: string; label: 0 | 1 }[] | string {
  const texts = listOf(statements);
  const values = listOf(labels);
  if (
    texts === undefined ||
    texts.length === 0 ||
    texts.some((t) => typeof t !== "string" || t.trim() === "")
  ) {
    return "statement rows need a non-empty statements list of texts";
  }
  if (values === undefined || values.length !== texts.length) {
    return `needs one label per statement (${texts.length} statements, ${values?.length ?? 0} labels)`;
  }
  const out: { text: string; label: 0 | 1 }[] = [];
  for (const [i, v] of values.entries()) {
    const label = binaryValues.get(typeof v === "string" ? v.trim().toLowerCase() : v);
    if (label === undefined) return `label ${i} must be 0 or 1, got ${JSON.stringify(v)}`;
    out.push({ text: texts[i] as string, label });
  }
  return out;
}
