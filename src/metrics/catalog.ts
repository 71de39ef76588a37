import { answerCorrectnessDescriptor } from "./answer-correctness/descriptor.js";
import { contextEntityRecallDescriptor } from "./context-entity-recall/descriptor.js";
import {
  contextPrecisionDescriptor,
  contextUtilizationDescriptor,
  llmContextPrecisionWithoutReferenceDescriptor,
  llmContextPrecisionWithReferenceDescriptor,
} from "./context-precision/descriptor.js";
import { contextRecallDescriptor } from "./context-recall/descriptor.js";
import type { MetricDescriptor } from "./descriptor.js";
import { factualCorrectnessDescriptor } from "./factual-correctness/descriptor.js";
import { noiseSensitivityDescriptor } from "./noise-sensitivity/descriptor.js";
import { nvAccuracyDescriptor } from "./nv-answer-accuracy/descriptor.js";
import { nvContextRelevanceDescriptor } from "./nv-context-relevance/descriptor.js";
import { nvResponseGroundednessDescriptor } from "./nv-response-groundedness/descriptor.js";

/** Every built-in metric, one line each; the CLI, column checks and README table derive from this list. */
export const metricDescriptors: readonly MetricDescriptor[] = [
  contextPrecisionDescriptor,
  contextUtilizationDescriptor,
  llmContextPrecisionWithReferenceDescriptor,
  llmContextPrecisionWithoutReferenceDescriptor,
  contextRecallDescriptor,
  answerCorrectnessDescriptor,
  factualCorrectnessDescriptor,
  noiseSensitivityDescriptor,
  contextEntityRecallDescriptor,
  nvAccuracyDescriptor,
  nvContextRelevanceDescriptor,
  nvResponseGroundednessDescriptor,
];
