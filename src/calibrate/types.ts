import type { Metric, MetricConfig, MetricResult, Sample } from "../metrics/types.js";
import type { BandProposal } from "./band.js";
import type { FigureReport } from "./figures.js";

/** One judge to calibrate: a metric built on that judge, and a name for the report. */
export interface CalibrationJudge {
  /** Shown in the report, e.g. the GGUF file name. */
  name: string;
  /** The metric to run, built with this judge (e.g. `new Faithfulness({ llm })`). */
  metric: Metric;
}

/** A row where the judge and people disagree, with what the judge said. */
export interface Disagreement {
  row: number;
  id: string;
  /** The human label as given (for pairwise: 1 when A was preferred). */
  human: number;
  /** The judge's score (pairwise: score(A) - score(B)). */
  score: number;
  /** |human - judge| with both on [0, 1]. */
  gap: number;
  /** What the judge said: statements, verdicts, reasons (pairwise: A's then B's). */
  results: MetricResult[];
  /** The sample(s) the judge saw. */
  samples: Sample[];
}

/** Figures and evidence for one judge. */
export interface JudgeCalibration {
  name: string;
  /** The metric configuration (models, prompt versions, options) that produced the scores. */
  config: MetricConfig;
  /** Rows with a score on every sample. */
  scored: number;
  /** Rows left without a score (errors, null values, skipped), by row number, with the reason. */
  unscored: { row: number; id: string; reason: string }[];
  figures: FigureReport;
  disagreements: Disagreement[];
  /** The proposed cascade band, when `calibrate` was asked for one (`band`). */
  band?: BandProposal;
}

/**
 * A judge-free baseline beside the judges, on the same rows: what a judge must beat. `constant` always gives one
 * answer (binary: the majority class of the rows; graded: their median; pairwise: the side people preferred more
 * often); `overlap` scores each row by its token overlap (see `method`).
 */
export interface BaselineCalibration {
  name: "constant" | "overlap";
  /** What it does, in words, e.g. "always 1 (faithful), the majority class of the 40 rows". */
  method: string;
  /** Rows its figures are computed on (the overlap baseline of binary labels: split B only). */
  rows: number;
  /**
   * Binary labels, overlap baseline: its threshold is chosen on split A (the best balanced accuracy there) and its
   * figures are computed on split B, the other rows; the two halves are drawn per class with the run's seed.
   */
  split?: { chosenOn: number; reportedOn: number; seed: number; threshold: number };
  /** Rows it could not score (an empty response or question), by row number. */
  unscored: number[];
  figures: FigureReport;
}
