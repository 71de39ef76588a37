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
  /** Binary (0/1) or graded human label; for pairwise rows 1 when people preferred A, 0 for B. */
  human: number;
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
   * binary; `human_score` needs `{ kind: "graded", min, max }` (the scale cannot be guessed).
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
    (labels.kind === "pairwise" ? "preferred" : labels.kind === "graded" ? "human_score" : "human_label");
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
    const group = item.extra.group;
    const id = item.extra.id;
    rows.push({
      ...where,
      id: typeof id === "string" || typeof id === "number" ? String(id) : `row ${item.row}`,
      human,
      samples,
      ...(typeof group === "string" || typeof group === "number" ? { group: String(group) } : {}),
    });
  }
  return { rows, labels, invalid, ...(file !== undefined ? { file } : {}) };
}
