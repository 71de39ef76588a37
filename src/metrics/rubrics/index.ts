// The public face of this metric folder: its classes, their options and the types a user passes or reads, all
// public in the package root (test/metrics/faces.test.ts). Its formulas are public in airgap-eval/formulas.
export {
  InstanceRubrics,
  type RubricJudgeOptions,
  RubricsScore,
  type RubricsScoreOptions,
} from "./metric.js";
export { DEFAULT_RUBRIC_WITH_REFERENCE, DEFAULT_RUBRIC_WITHOUT_REFERENCE } from "./prompt.js";
export type { Rubric } from "./score.js";
