/**
 * Section "cache": `evaluate()` on examples/rag-eval.jsonl with faithfulness (the judge) and semantic
 * similarity (the starter embedder), cold (empty cache) then warm (the same cache), and the ratio.
 * Each round uses a new cache file and freshly loaded models with their memos off, so a cold run is
 * really cold and only the cache makes the warm run fast.
 *
 * Run alone: node --import tsx bench/evaluate-cache.ts [--gguf a.gguf] [--rounds 3] [--json out.json]
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Cache } from "../src/cache/cache.js";
import { CachedEmbeddings } from "../src/embeddings/cached-embeddings.js";
import { evaluate } from "../src/evaluate/evaluate.js";
import { CachedLlm } from "../src/llm/cached-llm.js";
import { Faithfulness } from "../src/metrics/faithfulness/metric.js";
import { SemanticSimilarity } from "../src/metrics/semantic-similarity/metric.js";
import { flag, numberFlag } from "./lib/cli.js";
import { loadJudge, loadStarterEmbeddings } from "./lib/judges.js";
import { markdownTable, num, percent } from "./lib/markdown.js";
import { exampleDataset, modelName, tinyGgufPath } from "./lib/models.js";
import { finishSection, isMain } from "./lib/section.js";
import { median, ratio } from "./lib/stats.js";

/** Options of {@link runEvaluateCache}. */
export interface EvaluateCacheOptions {
  /** Judge GGUF. Required. */
  modelPath: string;
  /** Cold/warm pairs. Defaults to 3. */
  rounds?: number;
}

/** One model's result of the cache section. */
export interface EvaluateCacheResult {
  section: "cache";
  model: string;
  rows: number;
  coldMs: number;
  warmMs: number;
  /** warm / cold wall time. */
  ratio: number;
  rounds: number;
  /** Cache hits and misses of the last warm run. */
  warmCache: { hits: number; misses: number } | undefined;
}

/**
 * Times cold and warm cache runs of `evaluate()`.
 *
 * @example
 * const r = await runEvaluateCache({ modelPath: ".test-models/tiny-llama.gguf" });
 * console.log(r.ratio); // warm / cold
 */
export async function runEvaluateCache(options: EvaluateCacheOptions): Promise<EvaluateCacheResult> {
  const rounds = options.rounds ?? 3;
  const cold: number[] = [];
  const warm: number[] = [];
  let rows = 0;
  let warmCache: EvaluateCacheResult["warmCache"];
  const tmp = mkdtempSync(path.join(os.tmpdir(), "airgap-eval-bench-"));
  try {
    for (let round = 0; round < rounds; round++) {
      const llm = await loadJudge(options.modelPath, { memoSize: 0 });
      const embeddings = await loadStarterEmbeddings(0);
      const cache = Cache.open({ path: path.join(tmp, `cache-${round}.sqlite`) });
      try {
        const metrics = [
          new Faithfulness({ llm: new CachedLlm(llm, cache) }),
          new SemanticSimilarity({ embeddings: new CachedEmbeddings(embeddings, cache) }),
        ];
        for (const [label, out] of [
          ["cold", cold],
          ["warm", warm],
        ] as const) {
          const t0 = performance.now();
          const result = await evaluate(exampleDataset, metrics, { progress: "none", cache });
          out.push(performance.now() - t0);
          rows = result.records.length / metrics.length;
          if (label === "warm") warmCache = result.metadata.cache;
        }
      } finally {
        cache.close();
        await llm.dispose();
        await embeddings.dispose();
      }
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  const coldMs = median(cold);
  const warmMs = median(warm);
  return {
    section: "cache",
    model: modelName(options.modelPath),
    rows,
    coldMs,
    warmMs,
    ratio: ratio(warmMs, coldMs),
    rounds,
    warmCache,
  };
}

/** The cache section as Markdown. */
export function formatEvaluateCache(
  results: ReadonlyArray<EvaluateCacheResult & { peakRssMb?: number }>,
): string {
  return markdownTable(
    ["judge", "rows", "cold ms", "warm ms", "warm / cold", "peak RSS MB"],
    results.map((r) => [
      r.model,
      String(r.rows),
      num(r.coldMs, 0),
      num(r.warmMs, 0),
      percent(r.ratio),
      num(r.peakRssMb, 0),
    ]),
    ["l", "r", "r", "r", "r", "r"],
  );
}

if (isMain(import.meta.url)) {
  const result = await runEvaluateCache({
    modelPath: flag("gguf") ?? tinyGgufPath,
    rounds: numberFlag("rounds", 3),
  });
  finishSection(result, (r) => formatEvaluateCache([r]));
}
