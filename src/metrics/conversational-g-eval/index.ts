// The public face of this metric folder: its classes, their options and the types a user passes or reads, all
// public in the package root (test/metrics/faces.test.ts). Its formulas are public in airgap-eval/formulas.
export { ConversationalGEval, type ConversationalGEvalOptions } from "./metric.js";
