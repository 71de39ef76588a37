/**
 * airgap-eval: evaluate RAG and LLM outputs on this machine. Embeddings run in-process on local ONNX
 * models, judges on local GGUF models, and every judge answer is a zod schema enforced as a grammar.
 * Nothing is sent anywhere.
 *
 * @example
 * import { LlamaCppLlm, TransformersEmbeddings, Faithfulness, evaluate } from "airgap-eval";
 * await using llm = await LlamaCppLlm.load({ modelPath: "qwen2.5-0.5b-instruct-q4_k_m.gguf" });
 * const result = await evaluate("eval.jsonl", [new Faithfulness({ llm })], { out: "results.jsonl" });
 * console.table(result.aggregated());
 */

export { Cache, type CacheOptions, type CacheStats } from "./cache/cache.js";
export { defaultCachePath } from "./cache/default-path.js";
export { type CacheMergeResult, type CacheMergeSource, mergeCaches } from "./cache/merge.js";
// Datasets, evaluation, cache
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
export {
  type LabelledRow,
  type LabelledSet,
  type LoadLabelledOptions,
  loadLabelled,
} from "./calibrate/labelled.js";
export { toCalibrationHtml } from "./calibrate/report-html.js";
export { loadDataset } from "./dataset/load.js";
export { checkRequiredColumns } from "./dataset/required.js";
// Datasets read row by row (memory flat as rows grow): docs/large-datasets.md
export { type DatasetScan, type ScannedSource, type ScanOptions, scanDataset } from "./dataset/scan.js";
export {
  parseShard,
  type ResolvedShard,
  resolveShard,
  type ShardDatasetOptions,
  type ShardInfo,
  type ShardSpec,
  shardDataset,
  shardOfKey,
} from "./dataset/shard.js";
export { type ScanForRunOptions, scanForRun, shardSource } from "./dataset/shard-source.js";
export { type DatasetRowOutcome, type DatasetSource, datasetSource, openDataset } from "./dataset/stream.js";
export type {
  ColumnTarget,
  Dataset,
  DatasetSample,
  InvalidRow,
  LoadDatasetOptions,
} from "./dataset/types.js";
export { convertDataset } from "./datasets/convert.js";
export type { LabelKind, LabelledRecord } from "./datasets/converters/types.js";
export { type PullDatasetOptions, type PullDatasetResult, pullDataset } from "./datasets/pull.js";
export { type DatasetEntry, loadDatasetRegistry } from "./datasets/registry.js";
export { type DatasetFileCheck, verifyDataset } from "./datasets/verify.js";
export { BatchingEmbeddings, type BatchingEmbeddingsOptions } from "./embeddings/batching-embeddings.js";
export { CachedEmbeddings } from "./embeddings/cached-embeddings.js";
export type { EmbedDetailedResult, EmbeddingStats } from "./embeddings/embedding-results.js";
export { DEFAULT_LONG_TEXT, type LongText, type LongTextNote } from "./embeddings/long-text.js";
export type { Pooling } from "./embeddings/pooling.js";
export {
  TransformersEmbeddings,
  type TransformersEmbeddingsOptions,
} from "./embeddings/transformers-embeddings.js";
export type { EmbeddedTexts, Embeddings } from "./embeddings/types.js";
// Errors
export {
  AirgapEvalError,
  ContextOverflowError,
  type InputLocation,
  InvalidInputError,
  JudgeOutputError,
  ModelIntegrityError,
  ModelNotFoundError,
} from "./errors.js";
// Option checks: a zod schema, one InvalidInputError naming the option
export { parseOptions } from "./errors-zod.js";
export { type EvaluateDataset, type EvaluateOptions, evaluate } from "./evaluate/evaluate.js";
export { type LoadResultsOptions, loadResults } from "./evaluate/load-results.js";
// Sharded runs (many machines): pick a shard's rows, merge the shards' results and caches
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
export type { ProgressMode, ProgressReporter } from "./evaluate/progress.js";
export { writeReportFromResults } from "./evaluate/report-file.js";
export { EvaluationResult } from "./evaluate/result.js";
export { ResultsLock, type ResultsLockOwner } from "./evaluate/results-lock.js";
export { skippedMetric } from "./evaluate/skipped-metric.js";
export type {
  EvaluationResultData,
  MetricAggregate,
  ProblemGroup,
  RowMetricRecord,
  RunMetadata,
  UnscoredRow,
} from "./evaluate/types.js";
export { CachedLlm } from "./llm/cached-llm.js";
// Judge LLM
export {
  type CpuBuildOption,
  type GpuOption,
  LlamaCppLlm,
  type LlamaCppLlmOptions,
  type PromptFormat,
} from "./llm/llama-cpp-llm.js";
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
// Embeddings
export { cosineSimilarity } from "./math/cosine.js";
// Verdicts read from the judge's token probabilities (issue 14, docs/judge-speed.md)
export { expectedAnswerRelevancy } from "./metrics/answer-relevancy/score.js";
// Your own judges: user-defined criteria, rubrics, G-Eval and Haystack's LLMEvaluator
export { AspectCritic, type AspectCriticOptions } from "./metrics/aspect-critic/metric.js";
export { GEval, type GEvalOptions } from "./metrics/g-eval/metric.js";
// Metrics (Ragas style), evaluators (Haystack style), pipeline, the metric catalog (one descriptor per
// built-in metric) and the formulas as pure functions
export {
  AnswerRelevancy,
  type AnswerRelevancyOptions,
  type AnswerRelevancyScore,
  answerRelevancyScore,
  ContextRelevance,
  ContextRelevanceEvaluator,
  type ContextRelevanceEvaluatorOptions,
  type ContextRelevanceExample,
  type ContextRelevanceMode,
  type ContextRelevanceOptions,
  type ContextRelevanceRowResult,
  type CutCounts,
  type CutKind,
  canScoreAny,
  contextRelevanceScore,
  createMetric,
  defineMetric,
  EvaluationPipeline,
  type Evaluator,
  type EvaluatorInputs,
  type EvaluatorOutput,
  Faithfulness,
  FaithfulnessEvaluator,
  type FaithfulnessEvaluatorOptions,
  type FaithfulnessExample,
  type FaithfulnessOptions,
  type FaithfulnessRowResult,
  type FaithfulnessScoreOptions,
  faithfulnessScore,
  findMetricDescriptor,
  type MetricDescriptor,
  type MetricModels,
  type MetricSurfaces,
  mergePartVerdicts,
  metricDescriptor,
  metricDescriptorIds,
  metricDescriptors,
  type NoncommittalMode,
  type PipelineOutput,
  type PipelineRunOptions,
  ResponseRelevancy,
  type RowOutcome,
  runEvaluators,
  SASEvaluator,
  type SASEvaluatorOptions,
  type SASRowResult,
  SemanticSimilarity,
  type SemanticSimilarityOptions,
  type SplitRecord,
  type StatementVerdict,
  semanticSimilarityScore,
} from "./metrics/index.js";
// Metrics without a judge (Ragas and Haystack retrieval and text metrics)
export {
  AnswerExactMatch,
  AnswerExactMatchEvaluator,
  type AnswerExactMatchRowResult,
  type BleuResult,
  BleuScore,
  type BleuScoreOptions,
  type BleuSettings,
  type BleuTokenizer,
  type ChrfResult,
  ChrfScore,
  type ChrfScoreOptions,
  type ChrfSettings,
  type ContextId,
  corpusBleu,
  corpusChrf,
  type DistanceMeasure,
  type DocumentAveragePrecision,
  type DocumentComparisonField,
  type DocumentComparisonOptions,
  DocumentMAP,
  DocumentMAPEvaluator,
  DocumentMRR,
  DocumentMRREvaluator,
  DocumentNDCG,
  DocumentNDCGEvaluator,
  DocumentRecall,
  DocumentRecallEvaluator,
  type DocumentRecallOptions,
  type DocumentRecallRow,
  documentAveragePrecision,
  documentRecall,
  ExactMatch,
  exactMatch,
  type HaystackDocument,
  IDBasedContextPrecision,
  IDBasedContextRecall,
  idBasedContextPrecision,
  idBasedContextRecall,
  JudgeFreeMetric,
  type Ndcg,
  type NonLLMContextOptions,
  NonLLMContextPrecisionWithReference,
  NonLLMContextRecall,
  NonLLMStringSimilarity,
  type NonLLMStringSimilarityOptions,
  ndcg,
  nonLlmContextPrecision,
  nonLlmContextRecall,
  porterStem,
  type RecallMode,
  type ReciprocalRank,
  type RougeMode,
  type RougeResult,
  RougeScore,
  type RougeScoreOptions,
  type RougeType,
  ragasBleu,
  ragasChrf,
  reciprocalRank,
  rouge,
  rougeTokens,
  type SmoothMethod,
  StringPresence,
  stringPresence,
  stringSimilarity,
  tokenize13a,
} from "./metrics/judge-free-metrics.js";
export {
  LLMEvaluator,
  type LLMEvaluatorExample,
  type LLMEvaluatorOptions,
  type LLMEvaluatorOutput,
  type LLMEvaluatorRowMeta,
} from "./metrics/llm-evaluator/evaluator.js";
export { LLMJudgeMetric, type LLMJudgeMetricOptions } from "./metrics/llm-evaluator/metric.js";
export type { LLMEvaluatorInputType } from "./metrics/llm-evaluator/prompt.js";
// Ragas' RAG metrics on the local judge: context precision/recall, correctness, noise, NVIDIA ratings
export {
  AnswerAccuracy,
  type AnswerAccuracyOptions,
  AnswerCorrectness,
  type AnswerCorrectnessOptions,
  type Atomicity,
  ContextEntityRecall,
  type ContextEntityRecallOptions,
  ContextPrecision,
  type ContextPrecisionOptions,
  ContextRecall,
  type ContextRecallOptions,
  ContextUtilization,
  type Coverage,
  FactualCorrectness,
  type FactualCorrectnessMode,
  type FactualCorrectnessOptions,
  type JudgeMetricOptions,
  LLMContextPrecisionWithoutReference,
  LLMContextPrecisionWithReference,
  NoiseSensitivity,
  type NoiseSensitivityMode,
  type NoiseSensitivityOptions,
  NvContextRelevance,
  type NvContextRelevanceOptions,
  ResponseGroundedness,
  type ResponseGroundednessOptions,
} from "./metrics/rag-metrics.js";
export {
  InstanceRubrics,
  type RubricJudgeOptions,
  RubricsScore,
  type RubricsScoreOptions,
} from "./metrics/rubrics/metric.js";
export { DEFAULT_RUBRIC_WITH_REFERENCE, DEFAULT_RUBRIC_WITHOUT_REFERENCE } from "./metrics/rubrics/prompt.js";
export type { Rubric } from "./metrics/rubrics/score.js";
export {
  type ChoiceVerdict,
  expectedValue,
  type PrefillOptions,
  type ReasonsOptions,
  type Scoring,
} from "./metrics/shared/choice-verdicts.js";
export type { JudgeInputField, Scale } from "./metrics/shared/custom-judge.js";
export type { LongTextEntry } from "./metrics/shared/long-texts.js";
export { SimpleCriteriaScore, type SimpleCriteriaScoreOptions } from "./metrics/simple-criteria/metric.js";
export type {
  Metric,
  MetricConfig,
  MetricResult,
  MetricStatus,
  Sample,
  SampleField,
  ScoreOptions,
} from "./metrics/types.js";
// Models
export type { ModelCheck } from "./models/integrity.js";
export { MODELS_DIR_ENV, userCacheModelsDir } from "./models/models-dir.js";
export { type PullOptions, type PullProgress, type PullResult, pull } from "./models/pull.js";
export { ModelPullError } from "./models/pull-error.js";
export { loadRegistry, ModelRegistry } from "./models/registry.js";
export type { ModelFormat, ModelKind, RegistryEntry } from "./models/registry-schema.js";
export {
  defaultModelId,
  type ResolvedModel,
  type ResolveModelOptions,
  resolveModel,
} from "./models/resolve.js";
export { type VerifyModelFilesOptions, verifyModelFiles } from "./models/verified-files.js";
export { checkModel, type VerifyModelOptions, verifyModel } from "./models/verify.js";
// Prompts
export { renderPrompt } from "./prompts/render.js";
export type { JudgePrompt, PromptExample, PromptTemplate } from "./prompts/types.js";
export type { ModelProvenance } from "./provenance.js";
// Reports
export { type CompareOptions, type Comparison, compareRuns } from "./report/compare.js";
export { toCsvReport } from "./report/csv.js";
export { toHtmlReport } from "./report/html.js";
export { toJsonReport } from "./report/json.js";
export { comparisonToMarkdown, toMarkdownReport } from "./report/markdown.js";
export { runDifferences } from "./report/run-differences.js";
export { formatSummary } from "./report/summary.js";
export { type ReportFormat, renderReport, writeComparison, writeReport } from "./report/write.js";
export { version } from "./version.js";
