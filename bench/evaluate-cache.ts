// evaluate() on examples/rag-eval.jsonl with the starter embedder and the tiny generated judge:
// a cold run (empty cache) against a warm run (same cache), and the ratio between them.
// Run: node --import tsx bench/evaluate-cache.ts
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { writeTinyGguf } from "../scripts/tiny-gguf.js";
import { Cache } from "../src/cache/cache.js";
import { CachedEmbeddings } from "../src/cache/cached-embeddings.js";
import { CachedLlm } from "../src/cache/cached-llm.js";
import { TransformersEmbeddings } from "../src/embeddings/transformers-embeddings.js";
import { evaluate } from "../src/evaluate/evaluate.js";
import { LlamaCppLlm } from "../src/llm/llama-cpp-llm.js";
import { Faithfulness } from "../src/metrics/faithfulness/metric.js";
import { SemanticSimilarity } from "../src/metrics/semantic-similarity.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dataset = path.join(root, "examples", "rag-eval.jsonl");
const gguf = path.join(root, ".test-models", "tiny-llama.gguf");
await writeTinyGguf(gguf);

const tmp = mkdtempSync(path.join(os.tmpdir(), "airgap-eval-bench-"));
const llm = await LlamaCppLlm.load({ modelPath: gguf, threads: 1, contextSize: 2048, maxTokens: 96 });
const embeddings = await TransformersEmbeddings.load({
  model: path.join(root, "models", "starter", "glove-100d"),
  id: "starter/glove-100d",
});
const cache = Cache.open({ path: path.join(tmp, "cache.sqlite") });

async function run(label: string): Promise<number> {
  const metrics = [
    new Faithfulness({ llm: new CachedLlm(llm, cache) }),
    new SemanticSimilarity({ embeddings: new CachedEmbeddings(embeddings, cache) }),
  ];
  const started = performance.now();
  const result = await evaluate(dataset, metrics, {
    progress: "none",
    out: path.join(tmp, `${label}.jsonl`),
  });
  const ms = performance.now() - started;
  const rows = result.records.length / metrics.length;
  console.log(`| ${label} | ${rows} | ${ms.toFixed(0)} | ${((rows / ms) * 1000).toFixed(1)} |`);
  return ms;
}

try {
  console.log("| run | rows | wall ms | rows/s |");
  console.log("|---|---:|---:|---:|");
  const cold = await run("cold cache");
  const warm = await run("warm cache");
  console.log(
    `\nwarm/cold wall-time ratio: ${(warm / cold).toFixed(3)}  (cache: ${JSON.stringify(cache.stats())})`,
  );
} finally {
  cache.close();
  await llm.dispose();
  await embeddings.dispose();
  rmSync(tmp, { recursive: true, force: true });
}
