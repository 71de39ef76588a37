/**
 * Embedding throughput benchmark: texts per second of {@link TransformersEmbeddings} for several batch sizes and
 * onnxruntime thread counts, on the generated tiny encoder and, when it has been built, the starter GloVe model.
 *
 * Run: `node --import tsx bench/embeddings.ts` (options: `--texts N`, `--repeats N`, `--batch 1,8,32`,
 * `--threads 1,2`). Timings belong here, never in tests.
 */
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { writeTinyOnnxEncoder } from "../scripts/tiny-onnx-encoder.js";
import { TransformersEmbeddings } from "../src/embeddings/index.js";

/** One measured configuration. */
export interface EmbeddingsBenchRow {
  /** Display name of the model. */
  model: string;
  /** `batchSize` option of the run. */
  batchSize: number;
  /** `threads` option of the run (onnxruntime intra-op threads). */
  threads: number;
  /** Distinct texts per `embed` call. */
  texts: number;
  /** Median over the repeats. */
  textsPerSecond: number;
  /** Median wall time of one `embed` call over all texts, in milliseconds. */
  medianMs: number;
  /** Median process CPU time (all threads) of one `embed` call, in milliseconds: steadier than wall time on a busy machine. */
  medianCpuMs: number;
}

/** Options of {@link runEmbeddingsBench}. */
export interface EmbeddingsBenchOptions {
  /** Model directories to measure, by display name. Defaults to the tiny encoder and the starter model if built. */
  models?: Record<string, string>;
  /** Distinct texts per `embed` call. Defaults to `256`. */
  texts?: number;
  /** Timed repeats per configuration (after one warm-up call). Defaults to `3`. */
  repeats?: number;
  /** Batch sizes to try. Defaults to `[1, 8, 32, 128]`. */
  batchSizes?: number[];
  /** onnxruntime thread counts to try. Defaults to `[1, 2]`. */
  threads?: number[];
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const WORDS = (
  "the question answer context retrieval model paris france capital europe water fire river mountain " +
  "city people school study learn science physics motion theory time world house family friend music"
).split(" ");

/** Deterministic sentences of 4 to 40 words, like a mix of questions, answers and passages. */
function makeTexts(count: number): string[] {
  let seed = 12345;
  const next = () => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return seed / 2 ** 32;
  };
  return Array.from({ length: count }, (_, i) => {
    const length = 4 + Math.floor(next() * 37);
    const words = Array.from({ length }, () => WORDS[Math.floor(next() * WORDS.length)]!);
    return `${words.join(" ")} ${i}.`;
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * Measures embedding throughput and returns one row per (model, batch size, threads).
 *
 * @example
 * const rows = await runEmbeddingsBench({ batchSizes: [32], threads: [1] });
 */
export async function runEmbeddingsBench(
  options: EmbeddingsBenchOptions = {},
): Promise<EmbeddingsBenchRow[]> {
  const models = options.models ?? (await defaultModels());
  const texts = makeTexts(options.texts ?? 256);
  const repeats = options.repeats ?? 3;
  const rows: EmbeddingsBenchRow[] = [];
  for (const [name, dir] of Object.entries(models)) {
    for (const threads of options.threads ?? [1, 2]) {
      for (const batchSize of options.batchSizes ?? [1, 8, 32, 128]) {
        const embeddings = await TransformersEmbeddings.load({ model: dir, batchSize, threads });
        await embeddings.embed(texts.slice(0, Math.min(texts.length, batchSize * 2))); // warm-up
        const times: number[] = [];
        const cpuTimes: number[] = [];
        for (let r = 0; r < repeats; r++) {
          const cpuStart = process.cpuUsage();
          const start = performance.now();
          await embeddings.embed(texts);
          times.push(performance.now() - start);
          const cpu = process.cpuUsage(cpuStart);
          cpuTimes.push((cpu.user + cpu.system) / 1000);
        }
        await embeddings.dispose();
        const medianMs = median(times);
        rows.push({
          model: name,
          batchSize,
          threads,
          texts: texts.length,
          textsPerSecond: Math.round((texts.length / medianMs) * 1000),
          medianMs: Math.round(medianMs * 10) / 10,
          medianCpuMs: Math.round(median(cpuTimes) * 10) / 10,
        });
      }
    }
  }
  return rows;
}

async function defaultModels(): Promise<Record<string, string>> {
  const tiny = path.join(repoRoot, ".test-models", "tiny-encoder");
  if (!existsSync(path.join(tiny, "onnx", "model.onnx"))) await writeTinyOnnxEncoder(tiny);
  // A compute proxy for all-MiniLM-L6-v2 (hidden 384, 6 feed-forward blocks of width 1536, about 7M
  // multiply-adds per token), so thread counts are measured on real work, not on tokenizer overhead.
  const proxy = path.join(repoRoot, ".test-models", "bench-encoder-384x6");
  if (!existsSync(path.join(proxy, "onnx", "model.onnx"))) {
    await writeTinyOnnxEncoder(proxy, { hiddenSize: 384, layers: 6, maxPositions: 128 });
  }
  const models: Record<string, string> = { "tiny-encoder": tiny, "proxy-384x6": proxy };
  const starter = path.join(repoRoot, "models", "starter", "glove-100d");
  if (existsSync(path.join(starter, "config.json"))) models["starter/glove-100d"] = starter;
  return models;
}

function listArg(name: string): number[] | undefined {
  const i = process.argv.indexOf(name);
  const value = i >= 0 ? process.argv[i + 1] : undefined;
  return value ? value.split(",").map(Number) : undefined;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rows = await runEmbeddingsBench({
    texts: listArg("--texts")?.[0],
    repeats: listArg("--repeats")?.[0],
    batchSizes: listArg("--batch"),
    threads: listArg("--threads"),
  });
  console.log(
    `embeddings throughput (${os.cpus().length} CPUs, load average ${os.loadavg()[0]?.toFixed(2)})`,
  );
  console.log("| model | batch | threads | texts | median ms | median CPU ms | texts/s |");
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  for (const r of rows) {
    console.log(
      `| ${r.model} | ${r.batchSize} | ${r.threads} | ${r.texts} | ${r.medianMs} | ${r.medianCpuMs} | ${r.textsPerSecond} |`,
    );
  }
}
