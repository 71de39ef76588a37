// The built-in metrics, one line each. The CLI's catalog and default set, `--metrics` validation, the
// dataset column checks, the skip logic and the README's metric table all read this list.
import { InvalidInputError } from "../errors.js";
import { parseOptions } from "../errors-zod.js";
import { answerCorrectnessDescriptor } from "./answer-correctness/descriptor.js";
import { answerRelevancyDescriptor } from "./answer-relevancy/descriptor.js";
import { aspectCriticDescriptor } from "./aspect-critic/descriptor.js";
import { bleuScoreDescriptor } from "./bleu-score/descriptor.js";
import { chrfScoreDescriptor } from "./chrf-score/descriptor.js";
import { contextEntityRecallDescriptor } from "./context-entity-recall/descriptor.js";
import {
  contextPrecisionDescriptor,
  contextUtilizationDescriptor,
  llmContextPrecisionWithoutReferenceDescriptor,
  llmContextPrecisionWithReferenceDescriptor,
} from "./context-precision/descriptor.js";
import { contextRecallDescriptor } from "./context-recall/descriptor.js";
import { contextRelevanceDescriptor } from "./context-relevance/descriptor.js";
import type { MetricDescriptor, MetricModels } from "./descriptor.js";
import { documentMapDescriptor } from "./document-map/descriptor.js";
import { documentMrrDescriptor } from "./document-mrr/descriptor.js";
import { documentNdcgDescriptor } from "./document-ndcg/descriptor.js";
import { documentRecallDescriptor } from "./document-recall/descriptor.js";
import { answerExactMatchDescriptor, exactMatchDescriptor } from "./exact-match/descriptor.js";
import { factualCorrectnessDescriptor } from "./factual-correctness/descriptor.js";
import { faithfulnessDescriptor } from "./faithfulness/descriptor.js";
import { gEvalDescriptor } from "./g-eval/descriptor.js";
import { idBasedContextPrecisionDescriptor } from "./id-based-context-precision/descriptor.js";
import { idBasedContextRecallDescriptor } from "./id-based-context-recall/descriptor.js";
import { llmEvaluatorDescriptor } from "./llm-evaluator/descriptor.js";
import { noiseSensitivityDescriptor } from "./noise-sensitivity/descriptor.js";
import { nonLlmContextPrecisionWithReferenceDescriptor } from "./non-llm-context-precision-with-reference/descriptor.js";
import { nonLlmContextRecallDescriptor } from "./non-llm-context-recall/descriptor.js";
import { nonLlmStringSimilarityDescriptor } from "./non-llm-string-similarity/descriptor.js";
import { nvAccuracyDescriptor } from "./nv-answer-accuracy/descriptor.js";
import { nvContextRelevanceDescriptor } from "./nv-context-relevance/descriptor.js";
import { nvResponseGroundednessDescriptor } from "./nv-response-groundedness/descriptor.js";
import { rougeScoreDescriptor } from "./rouge-score/descriptor.js";
import { instanceRubricsDescriptor, rubricsScoreDescriptor } from "./rubrics/descriptor.js";
import { semanticSimilarityDescriptor } from "./semantic-similarity/descriptor.js";
import { simpleCriteriaDescriptor } from "./simple-criteria/descriptor.js";
import { stringPresenceDescriptor } from "./string-presence/descriptor.js";
import type { Metric, Sample } from "./types.js";

/** Every built-in metric, in display order. */
export const metricDescriptors: readonly MetricDescriptor[] = [
  answerRelevancyDescriptor,
  semanticSimilarityDescriptor,
  faithfulnessDescriptor,
  contextRelevanceDescriptor,
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
  exactMatchDescriptor,
  stringPresenceDescriptor,
  nonLlmStringSimilarityDescriptor,
  bleuScoreDescriptor,
  rougeScoreDescriptor,
  chrfScoreDescriptor,
  idBasedContextPrecisionDescriptor,
  idBasedContextRecallDescriptor,
  nonLlmContextPrecisionWithReferenceDescriptor,
  nonLlmContextRecallDescriptor,
  documentMrrDescriptor,
  documentMapDescriptor,
  documentNdcgDescriptor,
  documentRecallDescriptor,
  answerExactMatchDescriptor,
  aspectCriticDescriptor,
  rubricsScoreDescriptor,
  instanceRubricsDescriptor,
  simpleCriteriaDescriptor,
  gEvalDescriptor,
  llmEvaluatorDescriptor,
];

/** The ids of every built-in metric, in display order. */
export function metricDescriptorIds(): string[] {
  return metricDescriptors.map((d) => d.id);
}

/** The descriptor of a metric id, or undefined for an id the catalog does not hold. */
export function findMetricDescriptor(id: string): MetricDescriptor | undefined {
  return metricDescriptors.find((d) => d.id === id);
}

/**
 * The descriptor of a metric id; an unknown id throws `InvalidInputError` naming the choices.
 *
 * @example
 * metricDescriptor("faithfulness").needsLlm; // true
 */
export function metricDescriptor(id: string): MetricDescriptor {
  const descriptor = findMetricDescriptor(id);
  if (descriptor === undefined) {
    throw new InvalidInputError(`unknown metric "${id}"; choose from ${metricDescriptorIds().join(", ")}`);
  }
  return descriptor;
}

/**
 * True when some sample has every field the metric needs, i.e. the metric can score at least one row.
 *
 * @example
 * canScoreAny(faithfulnessDescriptor, samples);
 */
export function canScoreAny(
  descriptor: Pick<MetricDescriptor, "requiredFields">,
  samples: readonly Sample[],
): boolean {
  return samples.some((s) => descriptor.requiredFields.every((field) => s[field] !== undefined));
}

/**
 * Builds a built-in metric by id: `options` (the metric's own, never the models) are parsed with the
 * descriptor's zod schema, so defaults apply and a bad option is an `InvalidInputError` naming it; a
 * model the metric needs but `models` lacks is an `InvalidInputError` too.
 *
 * @example
 * const metric = createMetric("answer_relevancy", { llm, embeddings }, { strictness: 5 });
 */
export function createMetric(
  id: string,
  models: MetricModels,
  options: Record<string, unknown> = {},
): Metric {
  const descriptor = metricDescriptor(id);
  const parsed = parseOptions(descriptor.options, options, `metric ${id}`);
  if (descriptor.needsLlm && models.llm === undefined) {
    throw new InvalidInputError(`metric ${id} needs a judge: pass models.llm`, { field: "llm" });
  }
  if (descriptor.needsEmbeddings && models.embeddings === undefined) {
    throw new InvalidInputError(`metric ${id} needs an embedding model: pass models.embeddings`, {
      field: "embeddings",
    });
  }
  return descriptor.create(models, parsed);
}
