// biome-ignore-all assist/source/organizeImports: the metrics block, written by npm run docs:api, keeps the catalog's order
// The public names of the group "Custom judges" (src/index.ts re-exports this file; docs/api.md lists the groups):
// your own criteria, rubrics, G-Eval and Haystack's LLMEvaluator.
// Its metrics are their folders' faces (src/metrics/<folder>/index.ts), in the block npm run docs:api writes from
// the catalog (the group from the descriptor's surfaces.apiGroup, else the metric's family); the rest is kept by hand.

export {
  type MetricDefinition,
  type ParseMetricFileOptions,
  parseMetricFile,
} from "../metric-file/definition.js";
export { createDefinedMetric, loadMetricFile } from "../metric-file/load.js";
export type { JudgeInputField, Scale } from "../metrics/shared/judge/custom-judge.js";

// metrics:start
export * from "../metrics/aspect-critic/index.js";
export * from "../metrics/rubrics/index.js";
export * from "../metrics/simple-criteria/index.js";
export * from "../metrics/g-eval/index.js";
export * from "../metrics/arena-g-eval/index.js";
export * from "../metrics/conversational-g-eval/index.js";
export * from "../metrics/llm-evaluator/index.js";
export * from "../metrics/dag/index.js";
export * from "../metrics/conversational-dag/index.js";
// metrics:end
