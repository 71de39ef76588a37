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
export { CachedEmbeddings } from "./cache/cached-embeddings.js";
export { CachedLlm } from "./cache/cached-llm.js";
export { defaultCachePath } from "./cache/default-path.js";
// Datasets, evaluation, cache
export { loadDataset } from "./dataset/load.js";
export { checkRequiredColumns } from "./dataset/required.js";
export type {
  ColumnTarget,
  Dataset,
  DatasetSample,
  InvalidRow,
  LoadDatasetOptions,
} from "./dataset/types.js";
export type { Pooling } from "./embeddings/pooling.js";
export {
  DEFAULT_EMBEDDING_MEMO_SIZE,
  type EmbedDetailedResult,
  type EmbeddingStats,
  TransformersEmbeddings,
  type TransformersEmbeddingsOptions,
} from "./embeddings/transformers-embeddings.js";
export type { Embeddings } from "./embeddings/types.js";
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
export { BatchingEmbeddings, type BatchingEmbeddingsOptions } from "./evaluate/batching-embeddings.js";
export { type EvaluateDataset, type EvaluateOptions, evaluate } from "./evaluate/evaluate.js";
export type { ProgressMode, ProgressReporter } from "./evaluate/progress.js";
export { EvaluationResult } from "./evaluate/result.js";
export { type LoadResultsOptions, loadResults } from "./evaluate/results-file.js";
export { ResultsLock, type ResultsLockOwner } from "./evaluate/results-lock.js";
export { skippedMetric } from "./evaluate/skipped-metric.js";
export type {
  EvaluationResultData,
  MetricAggregate,
  RowMetricRecord,
  RunMetadata,
} from "./evaluate/types.js";
// Judge LLM
export {
  DEFAULT_EXTRA_PREFIX_SLOTS,
  DEFAULT_MAX_CONTEXT_SIZE,
  DEFAULT_MAX_TOKENS,
  DEFAULT_MEMO_SIZE,
  DEFAULT_THREADS,
  defaultThreadsFor,
  LARGE_MODEL_PARAMETERS,
  LlamaCppLlm,
  type LlamaCppLlmOptions,
  type PromptFormat,
} from "./llm/llama-cpp-llm.js";
export type { GenerateObjectOptions, GenerateObjectResult, Llm, LlmStats, TokenUsage } from "./llm/types.js";
// Embeddings
export { cosineSimilarity } from "./math/cosine.js";
// Metrics (Ragas style), evaluators (Haystack style), pipeline
export {
  AnswerRelevancy,
  type AnswerRelevancyOptions,
  ContextRelevance,
  ContextRelevanceEvaluator,
  type ContextRelevanceEvaluatorOptions,
  type ContextRelevanceExample,
  type ContextRelevanceMode,
  type ContextRelevanceOptions,
  type ContextRelevanceRowResult,
  type CutCounts,
  type CutKind,
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
} from "./metrics/index.js";
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
export { checkModel, type ModelCheck } from "./models/integrity.js";
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
export {
  type VerifyModelFilesOptions,
  verifyModelFiles,
} from "./models/verified-files.js";
export { type VerifyModelOptions, verifyModel } from "./models/verify.js";
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
export { formatSummary } from "./report/summary.js";
export { type ReportFormat, renderReport, writeComparison, writeReport } from "./report/write.js";
export { version } from "./version.js";
