// The public face of this metric folder: its classes, their options and the types a user passes or reads, all
// public in the package root (test/metrics/faces.test.ts). Its formulas are public in airgap-eval/formulas.
export {
  FaithfulnessEvaluator,
  type FaithfulnessEvaluatorOptions,
  type FaithfulnessExample,
  type FaithfulnessRowResult,
} from "./evaluator.js";
export { Faithfulness, type FaithfulnessOptions } from "./metric.js";
