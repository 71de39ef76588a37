/**
 * Seconds per row of the built-in judge metrics on real judges: every judge metric the catalog holds that can
 * score a row of examples/rag-eval.jsonl (single-turn RAG rows: no conversation metrics), each built through the
 * catalog as a user's `--metrics` list builds it, and the RAG triad (faithfulness, answer_relevancy,
 * context_relevance) in one `evaluate()` run. The judges take turns metric by metric, so a slow drift of the
 * machine's load hits both alike.
 *
 * @example
 * const ids = judgeMetricIds(rows);
 * const metric = makeJudgeMetric("aspect_critic", { llm, embeddings });
 */
import type { Embeddings } from "../../src/embeddings/types.js";
import type { LlamaCppLlm } from "../../src/llm/llama-cpp-llm.js";
import { canScoreAny, createMetric, metricDescriptors } from "../../src/metrics/catalog.js";
import type { Metric } from "../../src/metrics/types.js";
import type { RagRow } from "./dataset.js";
import { type JudgeWork, workPerRow } from "./judge-work.js";
import { timeEvaluate } from "./judges.js";

/** The RAG triad as the bench measures it: the three judge metrics of a RAG row, in one run. */
export const TRIAD = ["faithfulness", "answer_relevancy", "context_relevance"] as const;

/** Options for the metrics that need a user's criterion (the same criterion as bench/judge-scoring.ts's). */
const CRITERION = { name: "helpful", definition: "Does the response answer the question correctly?" };
const NEEDED_OPTIONS: Readonly<Record<string, Record<string, unknown>>> = {
  aspect_critic: CRITERION,
  simple_criteria: CRITERION,
  g_eval: {
    name: CRITERION.name,
    criteria: CRITERION.definition,
    evaluationSteps: ["Read the question.", "Check whether the response answers it correctly."],
  },
  // A one-judgement graph: the criterion as a yes/no node.
  dag: {
    name: CRITERION.name,
    nodes: {
      answers: {
        type: "binary_judgement",
        criteria: CRITERION.definition,
        inputs: ["user_input", "response"],
        verdicts: [
          { verdict: true, score: 10 },
          { verdict: false, score: 0 },
        ],
      },
    },
  },
};

/**
 * Ids of the built-in judge metrics that can score `rows`, the triad first. Left out: `llm_evaluator` (a frame for
 * a user's own prompt, nothing built in to time).
 */
export function judgeMetricIds(rows: readonly RagRow[]): string[] {
  // The catalog's field names (camelCase) of the rows' Ragas columns.
  const samples = rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([k, v]) => [k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), v]),
    ),
  );
  const ids = metricDescriptors
    .filter((d) => d.needsLlm && d.id !== "llm_evaluator" && canScoreAny(d, samples as never))
    .map((d) => d.id);
  return [...TRIAD, ...ids.filter((id) => !(TRIAD as readonly string[]).includes(id))];
}

/** A built-in metric by id, with the options it cannot do without, and `options` (none by default). */
export function makeJudgeMetric(
  id: string,
  models: { llm: LlamaCppLlm; embeddings: Embeddings },
  options: Record<string, unknown> = {},
): Metric {
  return createMetric(id, models, { ...NEEDED_OPTIONS[id], ...options });
}

/** One metric on one judge. */
export interface MetricTiming {
  metric: string;
  judge: string;
  rows: number;
  secondsPerRow: number;
  /** The judge's work per row: calls, prompt tokens evaluated and reused, answer tokens generated and prefilled. */
  work: JudgeWork;
  /** Row × metric records that errored, and the first error's text. */
  errors: number;
  firstError?: string;
}

/** Times `metrics` over `rows` in one `evaluate()` run at concurrency 1, with the judge's work per row. */
export async function timeMetrics(
  label: string,
  judge: { name: string; llm: LlamaCppLlm },
  metrics: readonly Metric[],
  rows: readonly RagRow[],
): Promise<MetricTiming> {
  const before = judge.llm.stats();
  const run = await timeEvaluate(rows, metrics, 1);
  return {
    metric: label,
    judge: judge.name,
    rows: rows.length,
    secondsPerRow: run.seconds / rows.length,
    work: workPerRow(before, judge.llm.stats(), rows.length),
    errors: run.errors,
    ...(run.firstError !== undefined ? { firstError: run.firstError.slice(0, 200) } : {}),
  };
}
