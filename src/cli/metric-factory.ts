import type { Embeddings } from "../embeddings/types.js";
import { InvalidInputError } from "../errors.js";
import { skippedMetric } from "../evaluate/skipped-metric.js";
import type { Llm } from "../llm/types.js";
import { AnswerRelevancy } from "../metrics/answer-relevancy/metric.js";
import { ContextRelevance } from "../metrics/context-relevance/metric.js";
import { Faithfulness } from "../metrics/faithfulness/metric.js";
import { SemanticSimilarity } from "../metrics/semantic-similarity.js";
import type { Metric, SampleField } from "../metrics/types.js";

/** What each metric id needs, so the CLI can decide which models to load before building anything. */
export const metricCatalog = {
  answer_relevancy: { llm: true, embeddings: true, fields: ["userInput", "response"] },
  semantic_similarity: { llm: false, embeddings: true, fields: ["response", "reference"] },
  faithfulness: { llm: true, embeddings: false, fields: ["userInput", "response", "retrievedContexts"] },
  context_relevance: { llm: true, embeddings: false, fields: ["userInput", "retrievedContexts"] },
} as const satisfies Record<string, { llm: boolean; embeddings: boolean; fields: readonly SampleField[] }>;

export type MetricId = keyof typeof metricCatalog;

/**
 * The interval each metric's value lies in, for checking `--fail-under` bars: the cosine-based metrics are raw
 * cosines (never clamped, so they may be negative), the judge fractions lie in [0, 1].
 */
export const metricRanges: Readonly<Record<MetricId, readonly [min: number, max: number]>> = {
  answer_relevancy: [-1, 1],
  semantic_similarity: [-1, 1],
  faithfulness: [0, 1],
  context_relevance: [0, 1],
};

/** All metric ids the CLI knows, in display order. */
export const metricIds = Object.keys(metricCatalog) as MetricId[];

/** Parses `--metrics a,b` into known ids; an unknown id is bad usage. */
export function parseMetricIds(list: string): MetricId[] {
  const ids = list
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  if (ids.length === 0)
    throw new InvalidInputError(`--metrics is empty; choose from ${metricIds.join(", ")}`);
  for (const id of ids) {
    if (!(id in metricCatalog)) {
      throw new InvalidInputError(`unknown metric "${id}"; choose from ${metricIds.join(", ")}`);
    }
  }
  return [...new Set(ids)] as MetricId[];
}

/** The models available to build metrics with, or why one is missing. */
export interface MetricModels {
  llm?: Llm;
  embeddings?: Embeddings;
  /** Why the judge is missing (names the `models pull` command). */
  llmMissing?: string;
  /** Why the embedder is missing. */
  embeddingsMissing?: string;
}

/** Builds a metric by id; a metric whose model is missing becomes a skipped metric carrying the reason. */
export function createMetric(id: MetricId, models: MetricModels): Metric {
  const needs = metricCatalog[id];
  const reasons: string[] = [];
  if (needs.llm && !models.llm) reasons.push(models.llmMissing ?? "no judge model was loaded");
  if (needs.embeddings && !models.embeddings) {
    reasons.push(models.embeddingsMissing ?? "no embedding model was loaded");
  }
  if (reasons.length > 0) return skippedMetric(id, needs.fields, reasons.join("; "));
  switch (id) {
    case "answer_relevancy":
      return new AnswerRelevancy({ llm: models.llm!, embeddings: models.embeddings! });
    case "semantic_similarity":
      return new SemanticSimilarity({ embeddings: models.embeddings! });
    case "faithfulness":
      return new Faithfulness({ llm: models.llm! });
    case "context_relevance":
      return new ContextRelevance({ llm: models.llm! });
  }
}
