import { loadDataset } from "../dataset/load.js";
import { openDataset } from "../dataset/stream.js";
import type { Dataset, DatasetSample, LoadDatasetOptions } from "../dataset/types.js";
import type { LabelKind } from "../datasets/converters/types.js";
import { InvalidInputError } from "../errors.js";
import { DEFAULT_BOOTSTRAP_SEED } from "../math/bootstrap.js";
import type { Sample } from "../metrics/types.js";
import { StratifiedSampler } from "./sample.js";

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

/** How the labels read and the column that holds them; a graded scale must not be empty. */
function labelKindOf(
  columns: Set<string>,
  options: LoadLabelledOptions,
  file: string | undefined,
): { labels: LabelKind; labelColumn: string } {
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
  return { labels, labelColumn };
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
  const { labels, labelColumn } = labelKindOf(columns, options, file);
  const invalid: LabelledSet["invalid"] = [...dataset.invalid];
  const rows: LabelledRow[] = [];
  const ids = new Map<string, number>();
  for (const item of dataset.samples) labelInto(item, labels, labelColumn, { rows, invalid, ids });
  return { rows, labels, invalid, ...(file !== undefined ? { file } : {}) };
}

/**
 * `limit` labelled rows of a file, drawn from every class of people's labels in proportion to its size
 * (seeded by `seed`, so the same file, limit and seed give the same rows; in file order), reading the file
 * once with memory bounded by `limit` rows a class ({@link StratifiedSampler}). A set sorted by class still
 * gives every class. The label kind is inferred from the first valid row's columns.
 *
 * @example
 * const set = await loadLabelledSample("huge.jsonl", 100, {}, 20240601);
 */
export async function loadLabelledSample(
  source: string | readonly Record<string, unknown>[],
  limit: number,
  options: LoadLabelledOptions = {},
  seed = DEFAULT_BOOTSTRAP_SEED,
): Promise<LabelledSet> {
  const data = openDataset(source, options.load ?? {});
  const invalid: LabelledSet["invalid"] = [];
  const sampler = new StratifiedSampler<LabelledRow>(limit, seed);
  const ids = new Map<string, number>();
  let kind: { labels: LabelKind; labelColumn: string } | undefined;
  let read = 0;
  for await (const outcome of data.rows()) {
    read += 1;
    if (outcome.sample === undefined) {
      invalid.push(...outcome.problems);
      continue;
    }
    kind ??= labelKindOf(new Set(Object.keys(outcome.sample.extra)), options, data.file);
    const rows: LabelledRow[] = [];
    labelInto(outcome.sample, kind.labels, kind.labelColumn, { rows, invalid, ids });
    for (const row of rows) sampler.add(row);
  }
  if (read === 0) throw new InvalidInputError("the dataset has no data rows", { file: data.file });
  return {
    rows: sampler.take(limit),
    labels: kind?.labels ?? options.labels ?? { kind: "binary" },
    invalid,
    ...(data.file !== undefined ? { file: data.file } : {}),
  };
}

/** The first few invalid rows (row, line, field and why) and how many more, for a message. */
export function describeInvalid(invalid: LabelledSet["invalid"], shown = 5): string {
  const first = invalid.slice(0, shown).map((r) => {
    const where = `row ${r.row}${r.line !== undefined ? ` (line ${r.line})` : ""}`;
    return `${where}${r.field ? `, ${r.field}` : ""}: ${r.message}`;
  });
  const more = invalid.length > shown ? `; and ${invalid.length - shown} more` : "";
  return `${first.join("; ")}${more}`;
}

/** Labels one valid sample into `into.rows`, or records why it cannot be (bad label, duplicate id, bad group). */
function labelInto(
  item: DatasetSample,
  labels: LabelKind,
  labelColumn: string,
  into: { rows: LabelledRow[]; invalid: LabelledSet["invalid"]; ids: Map<string, number> },
): void {
  const where = { row: item.row, ...(item.line !== undefined ? { line: item.line } : {}) };
  const bad = (field: string, message: string) => into.invalid.push({ ...where, field, message });
  if (item.badCells !== undefined && item.badCells.length > 0) {
    // A labelled row is judged whole: a cell that cannot be read leaves it out.
    for (const cell of item.badCells) bad(cell.field, cell.message);
    return;
  }
  const group = item.extra.group;
  if (group !== undefined && group !== null && typeof group !== "string" && typeof group !== "number") {
    bad("group", `must be a string or a number naming the row's group, got ${JSON.stringify(group)}`);
    return;
  }
  const id = item.extra.id;
  if (typeof id === "string" || typeof id === "number") {
    const first = into.ids.get(String(id));
    if (first !== undefined) {
      bad(
        "id",
        `duplicate id ${JSON.stringify(String(id))} (first at row ${first}); give every row its own id`,
      );
      return;
    }
    into.ids.set(String(id), item.row);
  }
  const labelled = labelRow(item, labels, labelColumn);
  if ("message" in labelled) bad(labelled.field, labelled.message);
  else into.rows.push({ ...where, id: rowId(id, item.row), ...labelled, ...groupOf(group) });
}

/** What people said on one sample and what the judge scores, or the field that is wrong and why. */
function labelRow(
  item: DatasetSample,
  labels: LabelKind,
  labelColumn: string,
): Pick<LabelledRow, "human" | "samples" | "statements"> | { field: string; message: string } {
  const raw = item.extra[labelColumn];
  if (labels.kind === "pairwise") {
    const a = item.extra.response_a;
    const b = item.extra.response_b;
    if (raw !== "a" && raw !== "b")
      return { field: labelColumn, message: `must be "a" or "b", got ${JSON.stringify(raw)}` };
    if (typeof a !== "string" || a.trim() === "" || typeof b !== "string" || b.trim() === "") {
      return { field: "response_a/response_b", message: "a pairwise row needs two non-empty responses" };
    }
    return {
      human: raw === "a" ? 1 : 0,
      samples: [
        { ...item.sample, response: a },
        { ...item.sample, response: b },
      ],
    };
  }
  if (labels.kind === "statements") {
    const parsed = statementLabels(item.extra.statements, raw);
    if (typeof parsed === "string") return { field: labelColumn, message: parsed };
    if (item.sample.retrievedContexts === undefined) {
      return {
        field: "retrieved_contexts",
        message: "statement rows need the contexts the statements are checked against",
      };
    }
    const human = parsed.filter((s) => s.label === 1).length / parsed.length;
    return { human, samples: [item.sample], statements: parsed };
  }
  if (labels.kind === "binary") {
    const value = binaryValues.get(typeof raw === "string" ? raw.trim().toLowerCase() : raw);
    if (value === undefined) {
      return { field: labelColumn, message: `must be 0 or 1 (or true/false), got ${JSON.stringify(raw)}` };
    }
    return { human: value, samples: [item.sample] };
  }
  const value = typeof raw === "string" && raw.trim() !== "" ? Number(raw) : raw;
  if (typeof value !== "number" || !Number.isFinite(value) || value < labels.min || value > labels.max) {
    return {
      field: labelColumn,
      message: `must be a number from ${labels.min} to ${labels.max}, got ${JSON.stringify(raw)}`,
    };
  }
  return { human: value, samples: [item.sample] };
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
