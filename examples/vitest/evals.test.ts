// An evaluation suite in vitest, as a user writes it: shared local models, one test per row, bars
// per row and on the whole set, and scored assertions with their evidence on failure.
// Run: npx vitest run --config examples/vitest/vitest.config.ts
import { Faithfulness, SemanticSimilarity } from "airgap-eval";
import { describeEval, sharedModels } from "airgap-eval/vitest";
import { afterAll, expect, it } from "vitest";
import { judge, rows } from "./models.js";

const models = () => sharedModels({ llm: judge, cache: process.env.AIRGAP_EVAL_CACHE });

describeEval("RAG answers", {
  data: rows,
  metrics: async () => {
    const { llm, embeddings } = await models();
    return [new Faithfulness({ llm: llm! }), new SemanticSimilarity({ embeddings: embeddings! })];
  },
  // A bar per row: each answer must stay close to its reference.
  thresholds: { semantic_similarity: { atLeast: -1 } },
  // Bars on the whole set: the mean, and how many rows may go without a score.
  aggregate: { semantic_similarity: { meanAtLeast: 0 }, faithfulness: { maxUnscored: rows.length } },
});

it("a single assertion with a matcher", async () => {
  const { embeddings } = await models();
  await expect({ response: "Paris is the capital of France.", reference: "The capital of France is Paris." }).toMatchReference({
    embeddings: embeddings!,
    atLeast: 0.5,
  });
});

afterAll(async () => {
  const { judgeCalls, cacheHits, cacheMisses, judgeLoaded, embeddingsLoaded } = (await models()).stats();
  console.log(`judge model calls: ${judgeCalls}, cache hits: ${cacheHits}, cache misses: ${cacheMisses}`);
  // With every answer in the cache, neither model is loaded: a rerun skips the loads too.
  console.log(`judge loaded: ${judgeLoaded}, embedder loaded: ${embeddingsLoaded}`);
});
