// airgap-eval/vitest: evaluation matchers, dataset suites and shared models for vitest. Importing
// this entry registers the matchers on `expect`. The main `airgap-eval` entry never loads vitest.
import { installEvalMatchers } from "./matchers.js";
import { installToPassMatcher } from "./to-pass.js";

installEvalMatchers();
installToPassMatcher();

export type { ParseMetricFileOptions } from "../metric-file/definition.js";
export { loadMetricFile } from "../metric-file/load.js";
export {
  type AssessOptions,
  assessScore,
  type ScoreAssessment,
  type ScoreExpectation,
} from "../testing/expectation.js";
export { explainResult } from "../testing/explain.js";
export { type AggregateExpectation, type DescribeEvalOptions, describeEval } from "./describe-eval.js";
export type {
  FaithfulExpectation,
  ReferenceExpectation,
  RelevantExpectation,
} from "./matchers.js";
export {
  checkEvalModels,
  type SharedModels,
  type SharedModelsOptions,
  sharedModels,
} from "./shared-models.js";
export type { DeepEvalTestCase, DeepEvalToolCall, PassMetric, PassOptions } from "./to-pass.js";
export type { ToolCallAccuracyExpectation, TrajectoryExpectation } from "./trajectory-matchers.js";
export type { WinExpectation } from "./win-matcher.js";
