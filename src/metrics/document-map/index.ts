// The public face of this metric folder: its classes, their options and the types a user passes or reads, all
// public in the package root (test/metrics/faces.test.ts). Its formulas are public in airgap-eval/formulas.
export { DocumentMAPEvaluator } from "./evaluator.js";
export { DocumentMAP } from "./metric.js";
export type { DocumentAveragePrecision } from "./score.js";
