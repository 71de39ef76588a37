/**
 * Judges, encoders and seed metrics as the rows and prompt-work sections load them, with each
 * performance lever set explicitly, and one timed `evaluate()` run.
 *
 * @example
 * const llm = await loadJudge("judge.gguf", { sequences: 2 });
 * const run = await timeEvaluate(benchRows({ tag: "a" }), makeMetric("faithfulness", llm), 2);
 */

import { BatchingEmbeddings } from "../../src/embeddings/batching-embeddings.js";
import {
  TransformersEmbeddings,
  type TransformersEmbeddingsOptions,
} from "../../src/embeddings/transformers-embeddings.js";
import type { Embeddings } from "../../src/embeddings/types.js";
import { evaluate } from "../../src/evaluate/evaluate.js";
import { LlamaCppLlm, type LlamaCppLlmOptions } from "../../src/llm/llama-cpp-llm.js";
import { AnswerRelevancy } from "../../src/metrics/answer-relevancy/metric.js";
import { ContextRelevance } from "../../src/metrics/context-relevance/metric.js";
import { Faithfulness } from "../../src/metrics/faithfulness/metric.js";
import type { Metric } from "../../src/metrics/types.js";
import type { RowMetricRecord } from "../../src/results/types.js";
import type { RagRow } from "./dataset.js";
import { starterDir } from "./models.js";

/** The seed judge metrics the bench runs. */
export type JudgeMetricName = "answer_relevancy" | "faithfulness" | "context_relevance";

/** Short labels for tables. */
export const metricLabels: Record<JudgeMetricName, string> = {
  answer_relevancy: "answer relevancy",
  faithfulness: "faithfulness",
  context_relevance: "context relevance",
};

/**
 * Context size of the judges in the rows, levers and prompt-work sections: the library's largest
 * default. The tiny models' byte-level tokenizers make the seed prompts 1,000–2,000 tokens long, so
 * at their trained 2048 most answer relevancy prompts plus the 512-token answer budget do not fit.
 */
export const BENCH_CONTEXT_SIZE = 4096;

/** Performance levers of a judge; unset ones keep the library defaults. */
export interface JudgeLevers {
  /** Parallel sequences (calls at once). Defaults to 1. */
  sequences?: number;
  /** Prompt-prefix reuse. Defaults to the library default. */
  reusePromptPrefix?: boolean;
  /** Memoized answers; 0 disables. Defaults to the library default. */
  memoSize?: number;
}

/** Loads a judge with the library's defaults except the levers given and a {@link BENCH_CONTEXT_SIZE} context. */
export function loadJudge(modelPath: string, levers: JudgeLevers = {}): Promise<LlamaCppLlm> {
  const options: LlamaCppLlmOptions = {
    modelPath,
    sequences: levers.sequences ?? 1,
    contextSize: BENCH_CONTEXT_SIZE,
  };
  if (levers.reusePromptPrefix !== undefined) options.reusePromptPrefix = levers.reusePromptPrefix;
  if (levers.memoSize !== undefined) options.memoSize = levers.memoSize;
  return LlamaCppLlm.load(options);
}

/** Loads the starter GloVe encoder (the answer relevancy embedder); `memoSize` 0 disables its memo. */
export function loadStarterEmbeddings(memoSize?: number): Promise<TransformersEmbeddings> {
  const options: TransformersEmbeddingsOptions = { model: starterDir, id: "starter/glove-100d" };
  if (memoSize !== undefined) options.memoSize = memoSize;
  return TransformersEmbeddings.load(options);
}

/**
 * A seed metric on `llm`. Answer relevancy needs `embeddings`; `batching` wraps them in a
 * {@link BatchingEmbeddings} (as the CLI does), so concurrent rows share embedding batches.
 */
export function makeMetric(
  name: JudgeMetricName,
  llm: LlamaCppLlm,
  embeddings?: Embeddings,
  batching = true,
): Metric {
  if (name === "faithfulness") return new Faithfulness({ llm });
  if (name === "context_relevance") return new ContextRelevance({ llm });
  if (!embeddings) throw new Error("answer relevancy needs embeddings");
  return new AnswerRelevancy({ llm, embeddings: batching ? new BatchingEmbeddings(embeddings) : embeddings });
}

/** One timed `evaluate()` run. */
export interface EvaluateRun {
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  /** Row × metric records by status. */
  ok: number;
  errors: number;
  skipped: number;
  /** The first error text, to label error rows. */
  firstError: string | undefined;
  records: readonly RowMetricRecord[];
}

/** Runs `evaluate(rows, metrics)` at `concurrency` with no cache, no results file and no progress output. */
export async function timeEvaluate(
  rows: readonly RagRow[],
  metrics: readonly Metric[],
  concurrency: number,
): Promise<EvaluateRun> {
  const t0 = performance.now();
  const result = await evaluate(rows as unknown as Record<string, unknown>[], metrics, {
    concurrency,
    progress: "none",
    cache: false,
  });
  const seconds = (performance.now() - t0) / 1000;
  const records = result.records;
  const count = (status: string) => records.filter((r) => r.result.status === status).length;
  return {
    rows: rows.length,
    seconds,
    rowsPerSecond: rows.length / seconds,
    ok: count("ok"),
    errors: count("error"),
    skipped: count("skipped"),
    firstError: records.find((r) => r.result.status === "error")?.result.error,
    records,
  };
}

/** True when two runs over the same rows gave the same status and value for every row × metric. */
export function sameScores(a: readonly RowMetricRecord[], b: readonly RowMetricRecord[]): boolean {
  if (a.length !== b.length) return false;
  const key = (r: RowMetricRecord) => `${r.row}\u0000${r.metric}`;
  const byKey = new Map(b.map((r) => [key(r), r]));
  return a.every((r) => {
    const other = byKey.get(key(r));
    return (
      other !== undefined && other.result.status === r.result.status && other.result.value === r.result.value
    );
  });
}
