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
