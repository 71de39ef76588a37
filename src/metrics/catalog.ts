import { aspectCriticDescriptor } from "./aspect-critic/descriptor.js";
import type { MetricDescriptor } from "./descriptor.js";
import { gEvalDescriptor } from "./g-eval/descriptor.js";
import { llmEvaluatorDescriptor } from "./llm-evaluator/descriptor.js";
import { instanceRubricsDescriptor, rubricsScoreDescriptor } from "./rubrics/descriptor.js";
import { simpleCriteriaDescriptor } from "./simple-criteria/descriptor.js";

export const metricDescriptors: readonly MetricDescriptor[] = [
  aspectCriticDescriptor,
  rubricsScoreDescriptor,
  instanceRubricsDescriptor,
  simpleCriteriaDescriptor,
  gEvalDescriptor,
  llmEvaluatorDescriptor,
];
