// Every built-in metric and evaluator on the example dataset (examples/rag-eval.jsonl) with a real
// judge and the starter embedder, compared bit for bit with the numbers recorded before the metrics
// were restructured (test/fixtures/metric-parity/*.snap, JSON). JSON keeps every double exactly (shortest
// round-trip form), so equal files mean bit-identical scores, details and error texts.
// The judges' floating point depends on the CPU, so the comparison runs where AIRGAP_EVAL_TEST_GGUF
// names stories260K (the machine the fixtures were recorded on, CI). Re-record only when a change to
// the numbers is intended: `npx vitest run test/metrics/example-parity.test.ts -u`.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TransformersEmbeddings } from "../../src/embeddings/transformers-embeddings.js";
import {
  AnswerRelevancy,
  ContextRelevance,
  ContextRelevanceEvaluator,
  Faithfulness,
  FaithfulnessEvaluator,
  SASEvaluator,
  type Sample,
  SemanticSimilarity,
} from "../../src/index.js";
import { LlamaCppLlm } from "../../src/llm/llama-cpp-llm.js";
import { extraGgufPath, repoRoot, starterModelDir, tinyGgufPath } from "../setup/paths.js";

const samples: Sample[] = readFileSync(path.join(repoRoot, "examples", "rag-eval.jsonl"), "utf8")
  .trim()
  .split("\n")
  .map((line) => {
    const r = JSON.parse(line) as Record<string, unknown>;
    return {
      userInput: r.user_input as string,
      response: r.response as string,
      retrievedContexts: r.retrieved_contexts as string[],
      reference: r.reference as string,
    };
  });

/** Every surface's output on the example rows, as one JSON-able object. */
async function runAll(llm: LlamaCppLlm, embeddings: TransformersEmbeddings): Promise<unknown> {
  const haystack = {
    questions: samples.map((s) => s.userInput!),
    contexts: samples.map((s) => s.retrievedContexts!),
    predictedAnswers: samples.map((s) => s.response!),
    groundTruthAnswers: samples.map((s) => s.reference!),
  };
  return {
    answer_relevancy: await new AnswerRelevancy({ llm, embeddings }).scoreBatch(samples),
    answer_relevancy_any: await new AnswerRelevancy({ llm, embeddings, noncommittalMode: "any" }).scoreBatch(
      samples,
    ),
    semantic_similarity: await new SemanticSimilarity({ embeddings }).scoreBatch(samples),
    semantic_similarity_threshold: await new SemanticSimilarity({ embeddings, threshold: 0.7 }).scoreBatch(
      samples,
    ),
    faithfulness: await new Faithfulness({ llm }).scoreBatch(samples),
    context_relevance: await new ContextRelevance({ llm }).scoreBatch(samples),
    context_relevance_relevant: await new ContextRelevance({ llm, mode: "relevant-statements" }).scoreBatch(
      samples,
    ),
    FaithfulnessEvaluator: await new FaithfulnessEvaluator({
      llm,
      raiseOnFailure: false,
      progressBar: false,
    }).run(haystack),
    ContextRelevanceEvaluator: await new ContextRelevanceEvaluator({
      llm,
      raiseOnFailure: false,
      progressBar: false,
    }).run(haystack),
    SASEvaluator: await new SASEvaluator({ embeddings }).run(haystack),
  };
}

const judges: Array<[string, string | undefined]> = [
  ["stories260K", extraGgufPath],
  ["tiny-llama", extraGgufPath === undefined ? undefined : tinyGgufPath],
];

for (const [name, judgePath] of judges) {
  describe.runIf(judgePath !== undefined)(
    `example dataset parity, judge ${name}`,
    { timeout: 600_000 },
    () => {
      let llm: LlamaCppLlm;
      let embeddings: TransformersEmbeddings;
      beforeAll(async () => {
        llm = await LlamaCppLlm.load({ modelPath: judgePath!, threads: 1 });
        embeddings = await TransformersEmbeddings.load({ model: starterModelDir, id: "starter/glove-100d" });
      });
      afterAll(async () => {
        await llm?.dispose();
        await embeddings?.dispose();
      });

      it("gives bit-identical results to the recorded ones", async () => {
        const out = `${JSON.stringify(await runAll(llm, embeddings), null, 1)}\n`;
        await expect(out).toMatchFileSnapshot(
          path.join(repoRoot, "test", "fixtures", "metric-parity", `examples-${name}.snap`),
        );
      });
    },
  );
}
