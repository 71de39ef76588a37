// The built-in metrics, one line each: their classes. The CLI's catalog and default set, `--metrics`
// validation, the dataset column checks, the skip logic and the README's metric table all read this list.
import { InvalidInputError } from "../errors.js";
import { didYouMean } from "../util/did-you-mean.js";
import {
  AgentGoalAccuracyWithoutReference,
  AgentGoalAccuracyWithReference,
} from "./agent-goal-accuracy/metric.js";
import { AnswerCorrectness } from "./answer-correctness/metric.js";
import { AnswerRelevancy } from "./answer-relevancy/metric.js";
import { ArenaGEval } from "./arena-g-eval/metric.js";
import { AspectCritic } from "./aspect-critic/metric.js";
import { BleuScore } from "./bleu-score/metric.js";
import { ChrfScore } from "./chrf-score/metric.js";
import { ContextEntityRecall } from "./context-entity-recall/metric.js";
import {
  ContextPrecision,
  ContextUtilization,
  LLMContextPrecisionWithoutReference,
  LLMContextPrecisionWithReference,
} from "./context-precision/metric.js";
import { ContextRecall } from "./context-recall/metric.js";
import { ContextRelevance } from "./context-relevance/metric.js";
import { ContextualPrecisionMetric } from "./contextual-precision/metric.js";
import { ContextualRecallMetric } from "./contextual-recall/metric.js";
import { ContextualRelevancyMetric } from "./contextual-relevancy/metric.js";
import { ConversationCompleteness } from "./conversation-completeness/metric.js";
import { ConversationalDAGMetric } from "./conversational-dag/metric.js";
import { ConversationalGEval } from "./conversational-g-eval/metric.js";
import { DAGMetric } from "./dag/metric.js";
import { AnswerRelevancyMetric } from "./deepeval-answer-relevancy/metric.js";
import { FaithfulnessMetric } from "./deepeval-faithfulness/metric.js";
import type { MetricDescriptor, MetricModels } from "./descriptor.js";
import { DocumentMAP } from "./document-map/metric.js";
import { DocumentMRR } from "./document-mrr/metric.js";
import { DocumentNDCG } from "./document-ndcg/metric.js";
import { DocumentRecall } from "./document-recall/metric.js";
import { AnswerExactMatch, ExactMatch } from "./exact-match/metric.js";
import { FactualCorrectness } from "./factual-correctness/metric.js";
import { Faithfulness } from "./faithfulness/metric.js";
import { FaithfulnessWithHhem } from "./faithfulness-with-hhem/metric.js";
import { GEval } from "./g-eval/metric.js";
import { HallucinatedSpans } from "./hallucinated-spans/metric.js";
import { IDBasedContextPrecision } from "./id-based-context-precision/metric.js";
import { IDBasedContextRecall } from "./id-based-context-recall/metric.js";
import { Jury } from "./jury/jury.js";
import { KnowledgeRetention } from "./knowledge-retention/metric.js";
import { LLMJudgeMetric } from "./llm-evaluator/metric.js";
import { NoiseSensitivity } from "./noise-sensitivity/metric.js";
import { NonLLMContextPrecisionWithReference } from "./non-llm-context-precision-with-reference/metric.js";
import { NonLLMContextRecall } from "./non-llm-context-recall/metric.js";
import { NonLLMStringSimilarity } from "./non-llm-string-similarity/metric.js";
import { AnswerAccuracy } from "./nv-answer-accuracy/metric.js";
import { NvContextRelevance } from "./nv-context-relevance/metric.js";
import { ResponseGroundedness } from "./nv-response-groundedness/metric.js";
import { PatternMatch } from "./pattern-match/metric.js";
import { QuotedSpansAlignment } from "./quoted-spans-alignment/metric.js";
import { RoleAdherence } from "./role-adherence/metric.js";
import { RougeScore } from "./rouge-score/metric.js";
import { InstanceRubrics, RubricsScore } from "./rubrics/metric.js";
import { SemanticSimilarity } from "./semantic-similarity/metric.js";
import type { MetricClass } from "./shared/base/base-metric.js";
import { SimpleCriteriaScore } from "./simple-criteria/metric.js";
import { StringPresence } from "./string-presence/metric.js";
import { ToolCallAccuracy } from "./tool-call-accuracy/metric.js";
import { ToolCallF1 } from "./tool-call-f1/metric.js";
import { ToolCorrectness } from "./tool-correctness/metric.js";
import { TopicAdherenceScore } from "./topic-adherence/metric.js";
import {
  TrajectoryStepCount,
  TrajectoryToolArgsMatch,
  TrajectoryToolSequence,
  TrajectoryToolUsed,
} from "./trajectory-assertions/metric.js";
import { TrajectoryMatch } from "./trajectory-match/metric.js";
import { TurnRelevancy } from "./turn-relevancy/metric.js";
import type { Metric, Sample } from "./types.js";
import { VerifierAnswerCorrectness } from "./verifier-answer-correctness/metric.js";
import { VerifierContextPrecision } from "./verifier-context-precision/metric.js";
import { VerifierContextRelevance } from "./verifier-context-relevance/metric.js";
import { VerifierFaithfulness } from "./verifier-faithfulness/metric.js";

/** Every built-in metric, in display order. */
/** Every built-in metric class, in display order; each names its descriptor (`static descriptor`). */
export const metricClasses: readonly MetricClass[] = [
  AnswerRelevancy,
  SemanticSimilarity,
  Faithfulness,
  ContextRelevance,
  ContextPrecision,
  ContextUtilization,
  LLMContextPrecisionWithReference,
  LLMContextPrecisionWithoutReference,
  ContextRecall,
  AnswerCorrectness,
  FactualCorrectness,
  NoiseSensitivity,
  FaithfulnessMetric,
  AnswerRelevancyMetric,
  ContextualPrecisionMetric,
  ContextualRecallMetric,
  ContextualRelevancyMetric,
  ContextEntityRecall,
  AnswerAccuracy,
  NvContextRelevance,
  ResponseGroundedness,
  ExactMatch,
  StringPresence,
  QuotedSpansAlignment,
  NonLLMStringSimilarity,
  BleuScore,
  RougeScore,
  ChrfScore,
  IDBasedContextPrecision,
  IDBasedContextRecall,
  NonLLMContextPrecisionWithReference,
  NonLLMContextRecall,
  DocumentMRR,
  DocumentMAP,
  DocumentNDCG,
  DocumentRecall,
  AnswerExactMatch,
  PatternMatch,
  ToolCallAccuracy,
  ToolCallF1,
  TrajectoryMatch,
  ToolCorrectness,
  TrajectoryToolUsed,
  TrajectoryToolSequence,
  TrajectoryToolArgsMatch,
  TrajectoryStepCount,
  AgentGoalAccuracyWithReference,
  AgentGoalAccuracyWithoutReference,
  TopicAdherenceScore,
  VerifierFaithfulness,
  FaithfulnessWithHhem,
  VerifierContextRelevance,
  VerifierContextPrecision,
  VerifierAnswerCorrectness,
  HallucinatedSpans,
  KnowledgeRetention,
  ConversationCompleteness,
  RoleAdherence,
  TurnRelevancy,
  AspectCritic,
  RubricsScore,
  InstanceRubrics,
  SimpleCriteriaScore,
  GEval,
  ArenaGEval,
  ConversationalGEval,
  LLMJudgeMetric,
  DAGMetric,
  ConversationalDAGMetric,
];

/** Every built-in metric's descriptor, in display order. */
export const metricDescriptors: readonly MetricDescriptor[] = metricClasses.map((c) => c.descriptor);

/** The ids of every built-in metric, in display order. */
export function metricDescriptorIds(): string[] {
  return metricDescriptors.map((d) => d.id);
}

/** The descriptor of a metric id, or undefined for an id the catalog does not hold. */
export function findMetricDescriptor(id: string): MetricDescriptor | undefined {
  return metricDescriptors.find((d) => d.id === id);
}

/**
 * The descriptor of a metric id; an unknown id throws `InvalidInputError` naming the nearest ids, if any, and the choices.
 *
 * @example
 * metricDescriptor("faithfulness").needsLlm; // true
 */
export function metricDescriptor(id: string): MetricDescriptor {
  const descriptor = findMetricDescriptor(id);
  if (descriptor === undefined) {
    const ids = metricDescriptorIds();
    const guess = didYouMean(id, ids);
    throw new InvalidInputError(
      guess === undefined
        ? `unknown metric "${id}"; choose from ${ids.join(", ")}`
        : `unknown metric "${id}"; ${guess} The metric ids: ${ids.join(", ")}`,
    );
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
 * Builds a built-in metric by id: the metric's constructor parses `options` (its own, never the models)
 * with its descriptor's schema, so defaults apply and a bad or unknown option is an `InvalidInputError`
 * naming it; a model the metric needs but `models` lacks is an `InvalidInputError` too, and so is a
 * custom judge `name` that is another built-in metric's id.
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
  if (descriptor.needsLlm && models.llm === undefined) {
    throw new InvalidInputError(`metric ${id} needs a judge: pass models.llm`, { field: "llm" });
  }
  if (descriptor.needsEmbeddings && models.embeddings === undefined) {
    throw new InvalidInputError(`metric ${id} needs an embedding model: pass models.embeddings`, {
      field: "embeddings",
    });
  }
  const metricClass = metricClasses.find((c) => c.descriptor === descriptor)!;
  const metric = new (metricClass as unknown as new (options: unknown) => Metric)({
    ...options,
    ...(descriptor.needsLlm ? { llm: models.llm } : {}),
    ...(descriptor.needsEmbeddings ? { embeddings: models.embeddings } : {}),
  });
  checkMetricId(metric);
  return metric;
}

// Built-in metric ids are reserved: a user-defined metric (a metric file's entry, a custom judge given a `name`,
// a class of the user's own) may not report under one, or merge, report compare, calibrate and --fail-under would
// mix its scores with the built-in metric's. The ids come from the class list above, so the check is complete
// whatever the import order.

function builtInClass(id: string): MetricClass | undefined {
  return metricClasses.find((c) => c.descriptor.id === id);
}

/**
 * Whether `id` is a built-in metric's id (`faithfulness`, `aspect_critic`, ...).
 *
 * @example
 * isBuiltInMetricId("faithfulness"); // true
 * isBuiltInMetricId("on_topic"); // false
 */
export function isBuiltInMetricId(id: string): boolean {
  return builtInClass(id) !== undefined;
}

/** Why a user-defined metric may not take the built-in id `id`, and what to do. */
export function builtInIdProblem(id: string): string {
  return `"${id}" is the id of a built-in metric, whose results this metric's would be mixed with (in merge, report compare and --fail-under); give it an id of its own, e.g. my_${id}`;
}

/**
 * Refuses a metric that reports under a built-in metric's id without being that metric (an instance of its class or
 * a subclass): an `InvalidInputError` naming the id and suggesting another.
 *
 * @example
 * checkMetricId(new AspectCritic({ llm, name: "faithfulness", definition })); // throws
 */
export function checkMetricId(metric: Pick<Metric, "name">): void {
  // A jury reports under its metric's id: its members must be that metric.
  if (metric instanceof Jury) {
    for (const member of metric.members) checkMetricId(member);
    return;
  }
  const builtIn = builtInClass(metric.name);
  if (builtIn !== undefined && !(metric instanceof (builtIn as unknown as abstract new () => unknown))) {
    const kind = (metric as object).constructor?.name;
    const what = kind !== undefined && kind !== "Object" ? ` (${kind})` : "";
    throw new InvalidInputError(`metric${what}: ${builtInIdProblem(metric.name)}`);
  }
}
