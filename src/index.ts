// biome-ignore-all assist/source/organizeImports: the exports are grouped by job, in the order of docs/api.md
/**
 * airgap-eval: evaluate RAG and LLM outputs on this machine. Embeddings run in-process on local ONNX
 * models, judges on local GGUF models, and every judge answer is a zod schema enforced as a grammar.
 * Nothing is sent anywhere.
 *
 * The one public entry (beside `airgap-eval/vitest`, `airgap-eval/vitest/reporter`, `airgap-eval/node-test`,
 * `airgap-eval/generate` and `airgap-eval/formulas`). Each group below is one file of src/api/ holding its names; docs/api.md lists the
 * groups, how many names each has and why it exists; test/public-api.test.ts pins the names.
 *
 * @example
 * import { LlamaCppLlm, TransformersEmbeddings, Faithfulness, evaluate } from "airgap-eval";
 * await using llm = await LlamaCppLlm.load({ modelPath: "qwen2.5-0.5b-instruct-q4_k_m.gguf" });
 * const result = await evaluate("eval.jsonl", [new Faithfulness({ llm })], { out: "results.jsonl" });
 * console.table(result.aggregated());
 */

// Evaluate: run metrics over a dataset, resumable, into a results file
export * from "./api/evaluate.js";

// Datasets: load in memory, or read row by row with memory flat as rows grow (docs/large-datasets.md)
export * from "./api/datasets.js";

// Sharded runs: one dataset over many machines; pick a shard's rows, merge the shards' results and caches
export * from "./api/sharded-runs.js";

// Calibration: labelled data sets, and a judge measured against people's labels
export * from "./api/calibration.js";

// Metric contract: what every metric and evaluator is, and the catalog of built-in metrics
export * from "./api/metric-contract.js";

// Judge metrics, core: Ragas' and Haystack's faithfulness, relevance and semantic similarity
export * from "./api/judge-metrics-core.js";

// Judge metrics, RAG set: Ragas' context precision/recall, correctness, noise and NVIDIA ratings
export * from "./api/judge-metrics-rag-set.js";

// Custom judges: your own criteria, rubrics, G-Eval and Haystack's LLMEvaluator
export * from "./api/custom-judges.js";

// Judge-free metrics: Ragas' text and context metrics, Haystack's retrieval evaluators
export * from "./api/judge-free-metrics.js";

// Agent metrics: conversations (OpenAI, Anthropic, LangChain, OpenTelemetry); rule-based metrics; Ragas' judges
export * from "./api/agent-metrics.js";

// Verifier metrics: judge-free metrics scored by local ONNX verifiers (HHEM, NLI, cross-encoders, span taggers)
export * from "./api/verifier-metrics.js";

// Formulas (deprecated here): the formulas of airgap-eval/formulas this entry exported before that entry existed, kept for one release
export * from "./api/deprecated-formulas.js";

// Judge LLM: the Llm interface, the llama.cpp runtime and the cached wrapper
export * from "./api/judge-llm.js";

// Embeddings: the Embeddings interface, the ONNX runtime, a user's transformers.js pipeline, batching and the cached wrapper
export * from "./api/embeddings.js";

// Models: the registry, finding a model on this machine, pulling it (the one network path), checking it
export * from "./api/models.js";

// Reports: a run as JSON, CSV, Markdown or HTML; two runs compared
export * from "./api/reports.js";

// Cache: the result cache, so a rerun costs no judge time
export * from "./api/cache.js";

// Errors: one base class and a subclass per kind of failure
export * from "./api/errors.js";

// Version: the package version recorded in every result
export * from "./api/version.js";
