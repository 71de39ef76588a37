/**
 * Section "embedding-batching": is batching embeddings across rows worth it? `evaluate()` with semantic
 * similarity alone (two texts per row, 8 rows at once, the default for embedding metrics) with the encoder
 * behind `BatchingEmbeddings` and straight to the encoder, alternately, per encoder; encoder memo off.
 *
 * Run alone: node --import tsx bench/embedding-batching.ts [--onnx dir] [--rounds 3,5] [--json out.json]
 */

import { BatchingEmbeddings } from "../src/embeddings/batching-embeddings.js";
import { TransformersEmbeddings } from "../src/embeddings/index.js";
import type { Embeddings } from "../src/embeddings/types.js";
import { SemanticSimilarity } from "../src/index.js";
import type { LeverResult } from "./levers.js";
import { flag, numberListFlag } from "./lib/cli.js";
import { benchRows } from "./lib/dataset.js";
import { timeEvaluate } from "./lib/judges.js";
import { markdownTable, num, times } from "./lib/markdown.js";
import { minilmShapedDir, modelName } from "./lib/models.js";
import { finishSection, isMain, note } from "./lib/section.js";
import { alternate, median, ratio } from "./lib/stats.js";

/** One encoder's result. */
export interface EmbeddingBatchingResult {
  section: "embedding-batching";
  model: string;
  lever: LeverResult;
  /** Model batches per round with and without. */
  batches: { with: number; without: number };
}

const CONCURRENCY = 8;

/**
 * Times semantic similarity over the example rows (4 copies, 80 rows) with and without `BatchingEmbeddings`.
 *
 * @example
 * const r = await runEmbeddingBatching({ onnxDir: "models/starter/glove-100d" });
 */
export async function runEmbeddingBatching(options: {
  onnxDir: string;
  minRounds?: number;
  maxRounds?: number;
}): Promise<EmbeddingBatchingResult> {
  const encoder = await TransformersEmbeddings.load({ model: options.onnxDir, memoSize: 0 });
  const batches = { with: [] as number[], without: [] as number[] };
  try {
    const rates = await alternate(
      ["with", "without"] as const,
      async (side, round) => {
        const embeddings: Embeddings = side === "with" ? new BatchingEmbeddings(encoder) : encoder;
        const before = encoder.stats().batches;
        const rows = benchRows({ copies: 4, tag: `b${round}-` });
        const run = await timeEvaluate(rows, [new SemanticSimilarity({ embeddings })], CONCURRENCY);
        if (round >= 0) batches[side].push(encoder.stats().batches - before);
        return run.rowsPerSecond;
      },
      { minRounds: options.minRounds ?? 3, maxRounds: options.maxRounds ?? 5, budgetMs: 20_000 },
    );
    const withRate = median(rates.with);
    const withoutRate = median(rates.without);
    note(`embedding-batching: ${modelName(options.onnxDir)} ${(withRate / withoutRate).toFixed(2)}x`);
    return {
      section: "embedding-batching",
      model: modelName(options.onnxDir),
      lever: {
        lever: "batching",
        setup: `semantic similarity only, concurrency ${CONCURRENCY}, 80 rows; ${modelName(options.onnxDir)}`,
        withRowsPerSecond: withRate,
        withoutRowsPerSecond: withoutRate,
        speedup: ratio(withRate, withoutRate),
        samples: rates,
      },
      batches: { with: median(batches.with), without: median(batches.without) },
    };
  } finally {
    await encoder.dispose();
  }
}

/** The section as Markdown. */
export function formatEmbeddingBatching(
  results: ReadonlyArray<EmbeddingBatchingResult & { peakRssMb?: number }>,
): string {
  return markdownTable(
    [
      "encoder",
      "rows/s with",
      "rows/s without",
      "with / without",
      "model batches with · without",
      "peak RSS MB",
    ],
    results.map((r) => [
      r.model,
      num(r.lever.withRowsPerSecond, 1),
      num(r.lever.withoutRowsPerSecond, 1),
      times(r.lever.speedup),
      `${num(r.batches.with)} · ${num(r.batches.without)}`,
      num(r.peakRssMb, 0),
    ]),
    ["l", "r", "r", "r", "r", "r"],
  );
}

if (isMain(import.meta.url)) {
  const [minRounds, maxRounds] = numberListFlag("rounds", [3, 5]);
  const result = await runEmbeddingBatching({
    onnxDir: flag("onnx") ?? minilmShapedDir,
    minRounds,
    maxRounds,
  });
  finishSection(result, (r) => formatEmbeddingBatching([r]));
}
