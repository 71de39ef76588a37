// The public names of the group "Calibration" (src/index.ts re-exports this file; docs/api.md lists the groups):
// labelled data sets, and a judge measured against people's labels.

export { type BandProposal, type BandRow, proposeCascadeBand } from "../calibrate/band.js";
export {
  type CalibrateOptions,
  type CalibrationJudge,
  type CalibrationResult,
  calibrate,
  type Disagreement,
  type JudgeCalibration,
} from "../calibrate/calibrate.js";
export type { Figure } from "../calibrate/figure.js";
export type {
  BinaryReport,
  FigureReport,
  GradedReport,
  PairwiseReport,
  ReliabilityBin,
} from "../calibrate/figures.js";
export {
  type LabelledRow,
  type LabelledSet,
  type LoadLabelledOptions,
  loadLabelled,
} from "../calibrate/labelled.js";
export { toCalibrationHtml } from "../calibrate/report-html.js";
export { convertDataset } from "../datasets/convert.js";
export type { LabelKind, LabelledRecord } from "../datasets/converters/types.js";
export { type PullDatasetOptions, type PullDatasetResult, pullDataset } from "../datasets/pull.js";
export { type DatasetEntry, loadDatasetRegistry } from "../datasets/registry.js";
export { type DatasetFileCheck, verifyDataset } from "../datasets/verify.js";
export type { BootstrapOptions } from "../math/bootstrap.js";
export { fleissKappa } from "../math/fleiss-kappa.js";
export { type AgreementScale, krippendorffAlpha, type Ratings } from "../math/krippendorff-alpha.js";
