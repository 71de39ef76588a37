// biome-ignore-all assist/source/organizeImports: the exports are grouped by job, in the order of docs/api.md
/**
 * airgap-eval: evaluate RAG and LLM outputs on this machine. Embeddings run in-process on local ONNX
 * models, judges on local GGUF models, and every judge answer is a zod schema enforced as a grammar.
 * Nothing is sent anywhere.
 *
 * The one public entry (beside `airgap-eval/vitest`, `airgap-eval/vitest/reporter` and
 * `airgap-eval/node-test`). docs/api.md lists the groups below, how many names each has and why it
 * exists; test/public-api.test.ts pins the names.
 *
 * @example
 * import { LlamaCppLlm, TransformersEmbeddings, Faithfulness, evaluate } from "airgap-eval";
 * await using llm = await LlamaCppLlm.load({ modelPath: "qwen2.5-0.5b-instruct-q4_k_m.gguf" });
 * const result = await evaluate("eval.jsonl", [new Faithfulness({ llm })], { out: "results.jsonl" });
 * console.table(result.aggregated());
 */

// Evaluate: run metrics over a dataset, resumable, into a results file
export { type EvaluateDataset, type EvaluateOptions, evaluate } from "./evaluate/evaluate.js";
export { EvaluationResult } from "./evaluate/result.js";
export type {
  EvaluationResultData,
  MetricAggregate,
  ProblemGroup,
  RowMetricRecord,
  RunMetadata,
  UnscoredRow,
} from "./evaluate/types.js";
export type { ProgressMode, ProgressReporter } from "./evaluate/progress.js";
export { type LoadResultsOptions, loadResults } from "./evaluate/load-results.js";
export type { ModelProvenance } from "./provenance.js";

// Datasets: load in memory, or read row by row with memory flat as rows grow (docs/large-datasets.md)
export { loadDataset } from "./dataset/load.js";
export type {
  ColumnTarget,
  Dataset,
  DatasetSample,
  InvalidRow,
  LoadDatasetOptions,
} from "./dataset/types.js";
export { type DatasetRowOutcome, type DatasetSource, openDataset } from "./dataset/stream.js";
export { type DatasetScan, type ScannedSource, type ScanOptions, scanDataset } from "./dataset/scan.js";
export { type ScanForRunOptions, scanForRun, shardSource } from "./dataset/shard-source.js";
export { checkRequiredColumns } from "./dataset/required.js";

// Sharded runs: one dataset over many machines; pick a shard's rows, merge the shards' results and caches
export {
  type ResolvedShard,
  resolveShard,
  type ShardDatasetOptions,
  type ShardInfo,
  type ShardSpec,
  shardDataset,
  shardOfKey,
} from "./dataset/shard.js";
export {
  type DuplicateRecord,
  type MergedShardFile,
  type MergeInfo,
  type MergeOutcome,
  type MergeShardResultsOptions,
  type MissingRow,
  mergeShardResults,
  type WriteMergedResultsOptions,
  writeMergedResults,
} from "./evaluate/merge.js";
export { type CacheMergeResult, type CacheMergeSource, mergeCaches } from "./cache/merge.js";

// Calibration: labelled data sets, and a judge measured against people's labels
export { type DatasetEntry, loadDatasetRegistry } from "./datasets/registry.js";
export { type PullDatasetOptions, type PullDatasetResult, pullDataset } from "./datasets/pull.js";
export { type DatasetFileCheck, verifyDataset } from "./datasets/verify.js";
export { convertDataset } from "./datasets/convert.js";
export type { LabelKind, LabelledRecord } from "./datasets/converters/types.js";
export {
  type LabelledRow,
  type LabelledSet,
  type LoadLabelledOptions,
  loadLabelled,
} from "./calibrate/labelled.js";
export {
  type CalibrateOptions,
  type CalibrationJudge,
  type CalibrationResult,
  calibrate,
  type Disagreement,
  type JudgeCalibration,
} from "./calibrate/calibrate.js";
export type { Figure } from "./calibrate/figure.js";
export type {
  BinaryReport,
  FigureReport,
  GradedReport,
  PairwiseReport,
  ReliabilityBin,
} from "./calibrate/figures.js";
export { toCalibrationHtml } from "./calibrate/report-html.js";
export { type BandProposal, type BandRow, proposeCascadeBand } from "./calibrate/band.js";
export type { BootstrapOptions } from "./calibrate/bootstrap.js";

// Metric contract: what every metric and evaluator is, and the catalog of built-in metrics
export type {
  Metric,
  MetricConfig,
  MetricResult,
  MetricStatus,
  Sample,
  SampleField,
  ScoreOptions,
} from "./metrics/types.js";
export { createMetric, metricDescriptor, metricDescriptors } from "./metrics/catalog.js";
export type { MetricDescriptor, MetricModels, MetricSurfaces } from "./metrics/descriptor.js";
export { parseOptions } from "./errors-zod.js";
export type {
  Evaluator,
  EvaluatorInputs,
  EvaluatorOutput,
  RowOutcome,
  RunOptions,
} from "./metrics/shared/evaluator-runner.js";
export { type PipelineOutput, type PipelineRunOptions, runEvaluators } from "./metrics/pipeline.js";
export type { JudgeMetricOptions } from "./metrics/shared/judge-metric.js";
export type {
  ChoiceVerdict,
  PrefillOptions,
  ReasonsOptions,
  Scoring,
} from "./metrics/shared/choice-verdicts.js";
export type { LongTextEntry } from "./metrics/shared/long-texts.js";
export type { CutCounts, CutKind, SplitRecord } from "./metrics/shared/split.js";

// Judge metrics, core: Ragas' and Haystack's faithfulness, relevance and semantic similarity
export { Faithfulness, type FaithfulnessOptions } from "./metrics/faithfulness/metric.js";
export {
  FaithfulnessEvaluator,
  type FaithfulnessEvaluatorOptions,
  type FaithfulnessExample,
  type FaithfulnessRowResult,
} from "./metrics/faithfulness/evaluator.js";
export { type FaithfulnessScoreOptions, faithfulnessScore } from "./metrics/faithfulness/score.js";
export {
  AnswerRelevancy,
  type AnswerRelevancyOptions,
  ResponseRelevancy,
} from "./metrics/answer-relevancy/metric.js";
export {
  type AnswerRelevancyScore,
  answerRelevancyScore,
  expectedAnswerRelevancy,
  type NoncommittalMode,
} from "./metrics/answer-relevancy/score.js";
export { ContextRelevance, type ContextRelevanceOptions } from "./metrics/context-relevance/metric.js";
export {
  ContextRelevanceEvaluator,
  type ContextRelevanceEvaluatorOptions,
  type ContextRelevanceExample,
  type ContextRelevanceRowResult,
} from "./metrics/context-relevance/evaluator.js";
export { type ContextRelevanceMode, contextRelevanceScore } from "./metrics/context-relevance/score.js";
export { SemanticSimilarity, type SemanticSimilarityOptions } from "./metrics/semantic-similarity/metric.js";
export {
  SASEvaluator,
  type SASEvaluatorOptions,
  type SASRowResult,
} from "./metrics/semantic-similarity/evaluator.js";
export { semanticSimilarityScore } from "./metrics/semantic-similarity/score.js";

// Judge metrics, RAG set: Ragas' context precision/recall, correctness, noise and NVIDIA ratings
export {
  ContextPrecision,
  type ContextPrecisionOptions,
  ContextUtilization,
  LLMContextPrecisionWithoutReference,
  LLMContextPrecisionWithReference,
} from "./metrics/context-precision/metric.js";
export { ContextRecall, type ContextRecallOptions } from "./metrics/context-recall/metric.js";
export {
  ContextEntityRecall,
  type ContextEntityRecallOptions,
} from "./metrics/context-entity-recall/metric.js";
export { AnswerCorrectness, type AnswerCorrectnessOptions } from "./metrics/answer-correctness/metric.js";
export { FactualCorrectness, type FactualCorrectnessOptions } from "./metrics/factual-correctness/metric.js";
export type { Atomicity, Coverage } from "./metrics/factual-correctness/prompt.js";
export type { FactualCorrectnessMode } from "./metrics/factual-correctness/score.js";
export { NoiseSensitivity, type NoiseSensitivityOptions } from "./metrics/noise-sensitivity/metric.js";
export type { NoiseSensitivityMode } from "./metrics/noise-sensitivity/score.js";
export { AnswerAccuracy, type AnswerAccuracyOptions } from "./metrics/nv-answer-accuracy/metric.js";
export { NvContextRelevance, type NvContextRelevanceOptions } from "./metrics/nv-context-relevance/metric.js";
export {
  ResponseGroundedness,
  type ResponseGroundednessOptions,
} from "./metrics/nv-response-groundedness/metric.js";

// Custom judges: your own criteria, rubrics, G-Eval and Haystack's LLMEvaluator
export { AspectCritic, type AspectCriticOptions } from "./metrics/aspect-critic/metric.js";
export { SimpleCriteriaScore, type SimpleCriteriaScoreOptions } from "./metrics/simple-criteria/metric.js";
export {
  InstanceRubrics,
  type RubricJudgeOptions,
  RubricsScore,
  type RubricsScoreOptions,
} from "./metrics/rubrics/metric.js";
export { DEFAULT_RUBRIC_WITH_REFERENCE, DEFAULT_RUBRIC_WITHOUT_REFERENCE } from "./metrics/rubrics/prompt.js";
export type { Rubric } from "./metrics/rubrics/score.js";
export { GEval, type GEvalOptions } from "./metrics/g-eval/metric.js";
export {
  LLMEvaluator,
  type LLMEvaluatorExample,
  type LLMEvaluatorOptions,
  type LLMEvaluatorOutput,
  type LLMEvaluatorRowMeta,
} from "./metrics/llm-evaluator/evaluator.js";
export { LLMJudgeMetric, type LLMJudgeMetricOptions } from "./metrics/llm-evaluator/metric.js";
export type { LLMEvaluatorInputType } from "./metrics/llm-evaluator/prompt.js";
export type { JudgeInputField, Scale } from "./metrics/shared/custom-judge.js";
export {
  type MetricDefinition,
  type ParseMetricFileOptions,
  parseMetricFile,
} from "./metric-file/definition.js";
export { createDefinedMetric, loadMetricFile } from "./metric-file/load.js";

// Judge-free metrics: Ragas' text and context metrics, Haystack's retrieval evaluators
export { JudgeFreeMetric } from "./metrics/shared/judge-free.js";
export { ExactMatch, AnswerExactMatch } from "./metrics/exact-match/metric.js";
export {
  AnswerExactMatchEvaluator,
  type AnswerExactMatchRowResult,
} from "./metrics/exact-match/evaluator.js";
export { exactMatch } from "./metrics/exact-match/score.js";
export { StringPresence } from "./metrics/string-presence/metric.js";
export { stringPresence } from "./metrics/string-presence/score.js";
export {
  QuotedSpansAlignment,
  type QuotedSpansAlignmentOptions,
} from "./metrics/quoted-spans-alignment/metric.js";
export { quotedSpansAlignment } from "./metrics/quoted-spans-alignment/score.js";
export {
  NonLLMStringSimilarity,
  type NonLLMStringSimilarityOptions,
} from "./metrics/non-llm-string-similarity/metric.js";
export { type DistanceMeasure, stringSimilarity } from "./metrics/shared/string-distance/similarity.js";
export { BleuScore, type BleuScoreOptions } from "./metrics/bleu-score/metric.js";
export {
  type BleuResult,
  type BleuSettings,
  type BleuTokenizer,
  corpusBleu,
  ragasBleu,
  type SmoothMethod,
} from "./metrics/bleu-score/score.js";
export { tokenize13a } from "./metrics/bleu-score/tokenizer-13a.js";
export { ChrfScore, type ChrfScoreOptions } from "./metrics/chrf-score/metric.js";
export { type ChrfResult, type ChrfSettings, corpusChrf, ragasChrf } from "./metrics/chrf-score/score.js";
export { RougeScore, type RougeScoreOptions } from "./metrics/rouge-score/metric.js";
export { porterStem } from "./metrics/rouge-score/porter-stemmer.js";
export {
  type RougeMode,
  type RougeResult,
  type RougeType,
  rouge,
  rougeTokens,
} from "./metrics/rouge-score/score.js";
export { IDBasedContextPrecision } from "./metrics/id-based-context-precision/metric.js";
export { idBasedContextPrecision } from "./metrics/id-based-context-precision/score.js";
export { IDBasedContextRecall } from "./metrics/id-based-context-recall/metric.js";
export { idBasedContextRecall } from "./metrics/id-based-context-recall/score.js";
export type { ContextId } from "./metrics/shared/context-ids.js";
export { NonLLMContextPrecisionWithReference } from "./metrics/non-llm-context-precision-with-reference/metric.js";
export { nonLlmContextPrecision } from "./metrics/non-llm-context-precision-with-reference/score.js";
export { NonLLMContextRecall } from "./metrics/non-llm-context-recall/metric.js";
export { nonLlmContextRecall } from "./metrics/non-llm-context-recall/score.js";
export type { NonLLMContextOptions } from "./metrics/shared/non-llm-context-metric.js";
export { DocumentMAP } from "./metrics/document-map/metric.js";
export { DocumentMAPEvaluator } from "./metrics/document-map/evaluator.js";
export { type DocumentAveragePrecision, documentAveragePrecision } from "./metrics/document-map/score.js";
export { DocumentMRR } from "./metrics/document-mrr/metric.js";
export { DocumentMRREvaluator } from "./metrics/document-mrr/evaluator.js";
export { type ReciprocalRank, reciprocalRank } from "./metrics/document-mrr/score.js";
export { DocumentNDCG } from "./metrics/document-ndcg/metric.js";
export { DocumentNDCGEvaluator } from "./metrics/document-ndcg/evaluator.js";
export { type Ndcg, ndcg } from "./metrics/document-ndcg/score.js";
export { DocumentRecall, type DocumentRecallOptions } from "./metrics/document-recall/metric.js";
export { DocumentRecallEvaluator } from "./metrics/document-recall/evaluator.js";
export {
  type DocumentRecall as DocumentRecallRow,
  documentRecall,
  type RecallMode,
} from "./metrics/document-recall/score.js";
export type { DocumentComparisonOptions } from "./metrics/shared/document-evaluator.js";
export type { DocumentComparisonField, HaystackDocument } from "./metrics/shared/documents.js";

// Agent metrics: conversations (OpenAI, Anthropic, LangChain, OpenTelemetry); rule-based metrics; Ragas' judges
export type {
  ConversationMessage,
  ReferenceToolCall,
  ToolCall,
} from "./metrics/shared/conversation/messages.js";
export type { ConversationFormat, ReadConversationOptions } from "./metrics/shared/conversation/read.js";
export { readConversation } from "./metrics/shared/conversation/read.js";
export { ConversationReadError } from "./metrics/shared/conversation/read-error.js";
export { readReferenceToolCalls } from "./metrics/shared/conversation/tool-calls.js";
export { ToolCallAccuracy, type ToolCallAccuracyOptions } from "./metrics/tool-call-accuracy/metric.js";
export { ToolCallF1 } from "./metrics/tool-call-f1/metric.js";
export { TrajectoryMatch, type TrajectoryMatchOptions } from "./metrics/trajectory-match/metric.js";
export { ToolCorrectness, type ToolCorrectnessOptions } from "./metrics/tool-correctness/metric.js";
export {
  TrajectoryStepCount,
  type TrajectoryStepCountOptions,
  TrajectoryToolArgsMatch,
  type TrajectoryToolArgsMatchOptions,
  TrajectoryToolSequence,
  type TrajectoryToolSequenceOptions,
  TrajectoryToolUsed,
  type TrajectoryToolUsedOptions,
} from "./metrics/trajectory-assertions/metric.js";
export {
  AgentGoalAccuracyWithoutReference,
  AgentGoalAccuracyWithReference,
  type AgentGoalAccuracyOptions,
} from "./metrics/agent-goal-accuracy/metric.js";
export { goalAccuracy } from "./metrics/agent-goal-accuracy/score.js";
export { type TopicAdherenceOptions, TopicAdherenceScore } from "./metrics/topic-adherence/metric.js";
export {
  type TopicAdherenceMode,
  type TopicCounts,
  topicAdherence,
  topicCounts,
} from "./metrics/topic-adherence/score.js";
export { ragasTranscript } from "./metrics/shared/conversation/transcript.js";

// Verifier metrics: judge-free metrics scored by local ONNX verifiers (HHEM, NLI, cross-encoders, span taggers)
export {
  VerifierFaithfulness,
  type VerifierFaithfulnessOptions,
} from "./metrics/verifier-faithfulness/metric.js";
export {
  type VerifierFaithfulnessValues,
  verifierFaithfulnessValues,
} from "./metrics/verifier-faithfulness/score.js";
export {
  VerifierContextRelevance,
  type VerifierContextRelevanceOptions,
} from "./metrics/verifier-context-relevance/metric.js";
export { verifierContextRelevanceValues } from "./metrics/verifier-context-relevance/score.js";
export {
  VerifierContextPrecision,
  type VerifierContextPrecisionOptions,
} from "./metrics/verifier-context-precision/metric.js";
export { verifierContextPrecisionScore } from "./metrics/verifier-context-precision/score.js";
export {
  VerifierAnswerCorrectness,
  type VerifierAnswerCorrectnessOptions,
} from "./metrics/verifier-answer-correctness/metric.js";
export { type EntailmentF, entailmentF } from "./metrics/verifier-answer-correctness/score.js";
export { HallucinatedSpans, type HallucinatedSpansOptions } from "./metrics/hallucinated-spans/metric.js";
export { supportedCharacterShare } from "./metrics/hallucinated-spans/score.js";
export type { SentenceSupport } from "./metrics/shared/verifier/response-support.js";
export type { ContextRelevanceScore } from "./metrics/shared/verifier/context-scores.js";
export { rowProbability } from "./metrics/shared/verifier/sentence-scores.js";
export { closeSharedVerifiers } from "./metrics/shared/verifier/shared-verifiers.js";
export {
  type CascadeVerdict,
  cascadeRoute,
  DEFAULT_CASCADE_BAND,
} from "./metrics/faithfulness/cascade.js";

export { ConversationCompleteness } from "./metrics/conversation-completeness/metric.js";
export { KnowledgeRetention } from "./metrics/knowledge-retention/metric.js";
export { type DeepEvalJudgeOptions, RoleAdherence } from "./metrics/role-adherence/metric.js";
export { TurnRelevancy, type TurnRelevancyOptions } from "./metrics/turn-relevancy/metric.js";
// Judge LLM: the Llm interface, the llama.cpp runtime and the cached wrapper
export type {
  AnswerPart,
  ChoiceProbabilities,
  ChoiceRequest,
  ChoiceSlot,
  GenerateObjectOptions,
  GenerateObjectResult,
  Llm,
  LlmStats,
  ScoreChoicesOptions,
  SlotProbabilities,
  TokenUsage,
} from "./llm/types.js";
export {
  type CpuBuildOption,
  type GpuOption,
  LlamaCppLlm,
  type LlamaCppLlmOptions,
  type PromptFormat,
} from "./llm/llama-cpp-llm.js";
export { CachedLlm } from "./llm/cached-llm.js";
export { renderPrompt } from "./prompts/render.js";
export type { JudgePrompt, PromptExample, PromptTemplate } from "./prompts/types.js";

// Embeddings: the Embeddings interface, the ONNX runtime, batching and the cached wrapper
export type { EmbeddedTexts, Embeddings } from "./embeddings/types.js";
export {
  TransformersEmbeddings,
  type TransformersEmbeddingsOptions,
} from "./embeddings/transformers-embeddings.js";
export { BatchingEmbeddings, type BatchingEmbeddingsOptions } from "./embeddings/batching-embeddings.js";
export { CachedEmbeddings } from "./embeddings/cached-embeddings.js";
export type { EmbedDetailedResult, EmbeddingStats } from "./embeddings/embedding-results.js";
export { DEFAULT_LONG_TEXT, type LongText, type LongTextNote } from "./embeddings/long-text.js";
export type { Pooling } from "./embeddings/pooling.js";
export { cosineSimilarity } from "./math/cosine.js";

// Models: the registry, finding a model on this machine, pulling it (the one network path), checking it
export { loadRegistry, ModelRegistry } from "./models/registry.js";
export type { ModelFormat, ModelKind, RegistryEntry } from "./models/registry-schema.js";
export { MODELS_DIR_ENV, type ModelsDirOptions, userCacheModelsDir } from "./models/models-dir.js";
export {
  defaultModelId,
  type ResolvedModel,
  type ResolveModelOptions,
  resolveModel,
} from "./models/resolve.js";
export { type PullOptions, type PullProgress, type PullResult, pull } from "./models/pull.js";
export { type VerifyModelOptions, verifyModel } from "./models/verify.js";
export type { CheckProgress, ModelCheck } from "./models/integrity.js";

// Reports: a run as JSON, CSV, Markdown or HTML; two runs compared
export {
  type ReportFormat,
  renderReport,
  type WriteReportOptions,
  writeComparison,
  writeReport,
} from "./report/write.js";
export type { ReportInput } from "./report/views.js";
export { type WriteReportFromResultsOptions, writeReportFromResults } from "./evaluate/report-file.js";
export { type CompareOptions, type Comparison, compareRuns } from "./report/compare.js";

// Cache: the result cache, so a rerun costs no judge time
export { Cache, type CacheOptions, type CacheStats } from "./cache/cache.js";
export { defaultCachePath } from "./cache/default-path.js";

// Errors: one base class and a subclass per kind of failure
export {
  AirgapEvalError,
  ContextOverflowError,
  type InputLocation,
  InvalidInputError,
  JudgeOutputError,
  ModelIntegrityError,
  ModelNotFoundError,
} from "./errors.js";
export { ModelPullError } from "./models/pull-error.js";

// Version: the package version recorded in every result
export { version } from "./version.js";
