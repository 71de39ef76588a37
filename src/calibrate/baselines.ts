// Judge-free baselines of `calibrate`: the constant answer and a token-overlap score, with the same figures and
// intervals as the judges, so a reader sees whether a judge beats them.
import type { LabelKind } from "../datasets/converters/types.js";
import { DEFAULT_BOOTSTRAP_SEED } from "../math/bootstrap.js";
import { bestThreshold, negativeClassName } from "./binary.js";
import { computeFigures, type FigureOptions, type ScoredPairs } from "./figures.js";
import type { LabelledRow } from "./labelled.js";
import { type OverlapKind, overlapDescriptions, overlapKindFor, overlapScore } from "./overlap.js";
import { stratifiedSample } from "./sample.js";
import type { BaselineCalibration } from "./types.js";

type BaselineOptions = Pick<FigureOptions, "bootstrap" | "signal" | "reliabilityBins">;

const unitRange = { min: 0, max: 1 };

function pairsOf(rows: readonly LabelledRow[], scores: readonly number[]): ScoredPairs {
  return {
    humans: rows.map((r) => r.human),
    scores: [...scores],
    groups: rows.map((r) => r.group ?? `row ${r.row}`),
  };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The constant answer: binary the majority class (1 on a tie), graded the median, pairwise the side preferred more often (A on a tie). */
async function constantBaseline(
  rows: readonly LabelledRow[],
  labels: LabelKind,
  options: BaselineOptions,
): Promise<BaselineCalibration> {
  const humans = rows.map((r) => r.human);
  const ones = humans.filter((h) => h === 1).length;
  let score: number;
  let method: string;
  let figureOptions: FigureOptions = { ...options, scoreRange: unitRange, threshold: 0.5 };
  if (labels.kind === "graded") {
    score = median(humans);
    method = `always ${score}, the median label of the ${rows.length} rows`;
    figureOptions = { ...options, scoreRange: { min: labels.min, max: labels.max } };
  } else if (labels.kind === "pairwise") {
    score = ones * 2 >= rows.length ? 1 : -1;
    method = `always prefers ${score === 1 ? "A" : "B"}, the side people preferred in ${score === 1 ? ones : rows.length - ones} of ${rows.length} pairs`;
  } else {
    score = ones * 2 >= rows.length ? 1 : 0;
    const name = score === 1 ? "1" : `0 (${negativeClassName(labels)})`;
    method = `always ${name}, the majority class (${score === 1 ? ones : rows.length - ones} of ${rows.length} rows)`;
  }
  return {
    name: "constant",
    method,
    rows: rows.length,
    unscored: [],
    figures: await computeFigures(
      labels,
      pairsOf(
        rows,
        rows.map(() => score),
      ),
      figureOptions,
    ),
  };
}

/** The row's overlap score; a pairwise row's is A's minus B's. Null when a text has no token. */
function rowOverlap(kind: OverlapKind, row: LabelledRow): number | null {
  const [a, b] = row.samples.map((s) => overlapScore(kind, s));
  if (a === null || a === undefined || b === null) return null;
  return b === undefined ? a : a - b;
}

/**
 * The token-overlap baseline. Binary labels: its threshold is the one with the best balanced accuracy on split A (half
 * the rows, drawn per class with `seed`), and its figures are computed on split B (the other rows), so the threshold
 * is not fitted to the rows it is judged on. Graded and pairwise labels fit nothing: every row counts.
 */
async function overlapBaseline(
  rows: readonly LabelledRow[],
  labels: LabelKind,
  kind: OverlapKind,
  options: BaselineOptions & { seed: number },
): Promise<BaselineCalibration> {
  const scored: { row: LabelledRow; score: number }[] = [];
  const unscored: number[] = [];
  for (const row of rows) {
    const score = rowOverlap(kind, row);
    if (score === null) unscored.push(row.row);
    else scored.push({ row, score });
  }
  const describe = overlapDescriptions[kind];
  if (labels.kind !== "binary") {
    const method =
      labels.kind === "pairwise"
        ? `prefers the response with the higher ${describe}`
        : `${describe}, ranked against the labels`;
    return {
      name: "overlap",
      method,
      rows: scored.length,
      unscored,
      figures: await computeFigures(
        labels,
        pairsOf(
          scored.map((s) => s.row),
          scored.map((s) => s.score),
        ),
        { ...options, scoreRange: unitRange },
      ),
    };
  }
  const scoreOf = new Map(scored.map((s) => [s.row, s.score]));
  const splitA = new Set(
    stratifiedSample(
      scored.map((s) => s.row),
      Math.floor(scored.length / 2),
      options.seed,
    ),
  );
  const a = scored.filter((s) => splitA.has(s.row));
  const b = scored.filter((s) => !splitA.has(s.row));
  const best = bestThreshold(
    a.map((s) => s.score),
    a.map((s) => s.row.human),
  );
  const threshold = best?.threshold ?? 0.5;
  const chosen =
    best === null
      ? `threshold 0.5 (split A of ${a.length} rows holds one class, so none was chosen)`
      : `threshold ${Number(threshold.toFixed(4))} chosen on split A (${a.length} rows)`;
  return {
    name: "overlap",
    method: `${describe} >= threshold; ${chosen}, figures on split B (${b.length} rows)`,
    rows: b.length,
    split: { chosenOn: a.length, reportedOn: b.length, seed: options.seed, threshold },
    unscored,
    figures: await computeFigures(
      labels,
      pairsOf(
        b.map((s) => s.row),
        b.map((s) => scoreOf.get(s.row)!),
      ),
      { ...options, scoreRange: unitRange, threshold },
    ),
  };
}

/**
 * The judge-free baselines of labelled rows: the constant answer, and the token overlap that fits the metric
 * (`requiredFields`, see {@link overlapKindFor}; left out when none fits). Statement labels get none (their figures
 * are per statement, not per row).
 *
 * @example
 * const baselines = await computeBaselines(set.rows, set.labels, new Faithfulness({ llm }).requiredFields);
 */
export async function computeBaselines(
  rows: readonly LabelledRow[],
  labels: LabelKind,
  requiredFields: readonly string[],
  options: BaselineOptions = {},
): Promise<BaselineCalibration[]> {
  if (labels.kind === "statements" || rows.length === 0) return [];
  const out = [await constantBaseline(rows, labels, options)];
  const kind = overlapKindFor(requiredFields, rows[0]!.samples[0]);
  if (kind !== undefined) {
    const seed = options.bootstrap?.seed ?? DEFAULT_BOOTSTRAP_SEED;
    out.push(await overlapBaseline(rows, labels, kind, { ...options, seed }));
  }
  return out;
}
