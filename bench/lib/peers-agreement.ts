/**
 * The peers section's agreement part: faithfulness on the rows of one labelled set (a `datasets` set whose converter
 * calibrates faithfulness on binary labels, e.g. halueval-qa-sample), scored by every side on the same judge, then
 * per side the rows scored, the rows without a score, and balanced accuracy, Cohen's κ and AUROC against people's
 * labels with seeded bootstrap 95% intervals: the figures `calibrate` computes (src/calibrate), on the rows
 * `calibrate --limit N` would draw.
 *
 * @example
 * const set = agreementRows("halueval-qa-sample", datasetsDir(), 20);
 * const figures = await agreementFigures(set, run);
 */
import { existsSync } from "node:fs";
import type { Figure } from "../../src/calibrate/figure.js";
import { computeFigures } from "../../src/calibrate/figures.js";
import { stratifiedSample } from "../../src/calibrate/sample.js";
import { converterFor } from "../../src/datasets/convert.js";
import { datasetConverters } from "../../src/datasets/converters/index.js";
import { datasetDirIn } from "../../src/datasets/datasets-dir.js";
import { DEFAULT_BOOTSTRAP_SEED, DEFAULT_RESAMPLES } from "../../src/math/bootstrap.js";
import type { RagRow } from "./dataset.js";
import type { SideRun } from "./peers-report.js";

/** The metric the agreement part runs on every side. */
export const AGREEMENT_METRIC = "faithfulness";

/** A judge's score at least this counts as "faithful" (Ragas' and DeepEval's default threshold, and calibrate's). */
export const AGREEMENT_THRESHOLD = 0.5;

/** The labelled rows the sides score: the judge's fields only, and people's labels beside them. */
export interface AgreementRows {
  set: string;
  /** What people's 0 means for this set, e.g. "unfaithful". */
  negative: string;
  /** Rows in the set, and the sample taken of them. */
  setRows: number;
  rows: RagRow[];
  /** People's label per row: 1 faithful, 0 not. */
  humans: (0 | 1)[];
  /** Bootstrap group per row (the set's item: HaluEval's right and hallucinated answers share one). */
  groups: string[];
  /** The set's row ids (never its text). */
  ids: string[];
}

/** The sets this part can run: binary labels calibrating faithfulness. */
export function agreementSets(): string[] {
  return [...datasetConverters.values()]
    .filter((c) => c.metric === AGREEMENT_METRIC && c.labels.kind === "binary")
    .map((c) => c.id);
}

/**
 * `limit` rows of the labelled set `set` in `datasetsDir` (stratified by label and seeded, as `calibrate --limit`
 * draws them), through the set's converter: nothing is copied out of the set's folder.
 */
export function agreementRows(set: string, datasetsDir: string, limit: number): AgreementRows {
  const fits = agreementSets();
  if (!fits.includes(set)) {
    throw new Error(
      `--agreement: ${set} is not a faithfulness set with binary labels; use one of ${fits.join(", ")}`,
    );
  }
  const dir = datasetDirIn(datasetsDir, set);
  if (!existsSync(dir)) {
    throw new Error(
      `--agreement: no folder ${dir}; run airgap-eval datasets pull ${set} on a connected machine, or set AIRGAP_EVAL_DATASETS to the folder that holds ${set}/`,
    );
  }
  const converter = converterFor(set);
  const records = converter.convert(dir);
  const labelled = records.flatMap((r, row) =>
    r.human_label === undefined || r.user_input === undefined || r.response === undefined
      ? []
      : [{ row, human: r.human_label, record: r }],
  );
  const picked = stratifiedSample(labelled, limit, DEFAULT_BOOTSTRAP_SEED);
  return {
    set,
    negative:
      converter.labels.kind === "binary" ? (converter.labels.negative ?? "negative (human 0)") : "negative",
    setRows: labelled.length,
    rows: picked.map(({ record: r }) => ({
      user_input: r.user_input!,
      response: r.response!,
      retrieved_contexts: r.retrieved_contexts ?? [],
      ...(r.reference !== undefined ? { reference: r.reference } : {}),
    })),
    humans: picked.map((p) => p.human as 0 | 1),
    groups: picked.map((p) => p.record.group ?? `row ${p.row}`),
    ids: picked.map((p) => p.record.id),
  };
}

/** One side's agreement with people. */
export interface SideAgreement {
  /** Rows with a score, and rows without one (an error, None or NaN). */
  scored: number;
  unscored: number;
  balancedAccuracy: Figure;
  cohensKappa: Figure;
  auroc: Figure;
}

/** The agreement part of one judge: the rows (labels and ids only), each side's run and its figures. */
export interface PeersAgreement {
  set: string;
  metric: typeof AGREEMENT_METRIC;
  negative: string;
  setRows: number;
  /** Rows sampled for the part (a stopped run has scored fewer: see each run's `rows`). */
  rows: number;
  humans: (0 | 1)[];
  groups: string[];
  ids: string[];
  threshold: number;
  bootstrap: { resamples: number; seed: number };
  /** Each side's faithfulness over the rows (ours twice: Ragas' formula and DeepEval's). */
  runs: (SideRun & { agreement: SideAgreement })[];
}

/**
 * A side's agreement with people over the rows it scored so far (`run.scores[i]` is row i's), through calibrate's
 * figures: balanced accuracy and κ at {@link AGREEMENT_THRESHOLD}, AUROC, each with a grouped bootstrap interval.
 */
export async function agreementFigures(
  rows: Pick<AgreementRows, "humans" | "groups">,
  run: Pick<SideRun, "scores">,
): Promise<SideAgreement> {
  const at = run.scores.flatMap((s, i) => (s === null || !Number.isFinite(s) ? [] : [i]));
  const pairs = {
    humans: at.map((i) => rows.humans[i]!),
    scores: at.map((i) => run.scores[i]!),
    groups: at.map((i) => rows.groups[i]!),
  };
  const unscored = run.scores.length - at.length;
  if (at.length === 0) {
    const none = { value: null, reason: "no row was scored" };
    return { scored: 0, unscored, balancedAccuracy: none, cohensKappa: none, auroc: none };
  }
  const figures = await computeFigures({ kind: "binary" }, pairs, {
    threshold: AGREEMENT_THRESHOLD,
    bootstrap: { resamples: DEFAULT_RESAMPLES, seed: DEFAULT_BOOTSTRAP_SEED },
  });
  if (figures.kind !== "binary") throw new Error("binary labels gave non-binary figures");
  return {
    scored: at.length,
    unscored,
    balancedAccuracy: figures.balancedAccuracy,
    cohensKappa: figures.cohensKappa,
    auroc: figures.auroc,
  };
}
