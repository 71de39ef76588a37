/**
 * Section "embeddings-threads": texts per second of {@link TransformersEmbeddings} at onnxruntime
 * thread counts 1 and 2 (one batch size), thread counts in alternation (1, 2, 1, 2…) after a
 * warm-up, with the memo off so every run does the model work. Says which count is faster and
 * whether it is the library default (read back from a model loaded without a `threads` option).
 * Batch sizes against the raw runtime are measured by bench/embeddings-vs-raw.ts.
 *
 * Run alone: node --import tsx bench/embeddings.ts [--onnx dir] [--threads 1,2] [--batch 32]
 *            [--texts 256] [--rounds 3,7] [--budget-seconds 10] [--json out.json]
 */
import { TransformersEmbeddings } from "../src/embeddings/transformers-embeddings.js";
import { flag, numberFlag, numberListFlag, roundFlags } from "./lib/cli.js";
import { markdownTable, num, times } from "./lib/markdown.js";
import { modelName, tinyEncoderDir } from "./lib/models.js";
import { finishSection, isMain, note } from "./lib/section.js";
import { alternate, fastestThreads, median } from "./lib/stats.js";

/** Options of {@link runEmbeddingsThreads}. */
export interface EmbeddingsThreadsOptions {
  /** Encoder directory (transformers.js layout). Required. */
  modelDir: string;
  /** Thread counts compared. Defaults to `[1, 2]`. */
  threads?: number[];
  /** `batchSize` of the library. Defaults to 32. */
  batchSize?: number;
  /** Distinct texts per timed call. Defaults to 256. */
  texts?: number;
  /** Shortest timed sample: short calls are repeated until it has passed. Defaults to 250 ms. */
  minSampleMs?: number;
  /** Fewest timed rounds. Defaults to 3. */
  minRounds?: number;
  /** Most timed rounds. Defaults to 7. */
  maxRounds?: number;
  /** No new round after this many ms once `minRounds` are done. Defaults to 10,000. */
  budgetMs?: number;
}

/** One model's result of the embeddings threads section. */
export interface EmbeddingsThreadsResult {
  section: "embeddings-threads";
  model: string;
  batchSize: number;
  texts: number;
  rows: Array<{ threads: number; textsPerSecond: number }>;
  fastest: number;
  /** Best / second best rate. */
  margin: number;
  defaultThreads: number;
  rounds: number;
}

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

/**
 * Measures one encoder at each thread count.
 *
 * @example
 * const r = await runEmbeddingsThreads({ modelDir: "models/starter/glove-100d" });
 * console.log(r.fastest === r.defaultThreads);
 */
export async function runEmbeddingsThreads(
  options: EmbeddingsThreadsOptions,
): Promise<EmbeddingsThreadsResult> {
  const threadCounts = options.threads ?? [1, 2];
  const batchSize = options.batchSize ?? 32;
  const texts = makeTexts(options.texts ?? 256);
  const minSampleMs = options.minSampleMs ?? 250;
  const probe = await TransformersEmbeddings.load({ model: options.modelDir });
  const performance_ = probe.provenance().performance as { threads?: unknown } | undefined;
  const defaultThreads = typeof performance_?.threads === "number" ? performance_.threads : Number.NaN;
  await probe.dispose();
  const models = new Map<number, TransformersEmbeddings>();
  try {
    for (const threads of threadCounts) {
      // memoSize 0: every timed call runs all texts through the model.
      models.set(
        threads,
        await TransformersEmbeddings.load({ model: options.modelDir, batchSize, threads, memoSize: 0 }),
      );
    }
    const labels = threadCounts.map(String);
    const rates = await alternate(
      labels,
      async (label) => {
        // Several calls per sample when one is short, so timer and scheduler noise does not dominate.
        const model = models.get(Number(label))!;
        const t0 = performance.now();
        let calls = 0;
        do {
          await model.embed(texts);
          calls++;
        } while (performance.now() - t0 < minSampleMs);
        return (calls * texts.length) / ((performance.now() - t0) / 1000);
      },
      { minRounds: options.minRounds, maxRounds: options.maxRounds, budgetMs: options.budgetMs ?? 10_000 },
    );
    const rows = threadCounts.map((threads) => ({
      threads,
      textsPerSecond: median(rates[String(threads)] ?? []),
    }));
    const fastest = fastestThreads(rows, (r) => r.textsPerSecond);
    return {
      section: "embeddings-threads",
      model: modelName(options.modelDir),
      batchSize,
      texts: texts.length,
      rows,
      fastest: fastest.threads,
      margin: fastest.margin,
      defaultThreads,
      rounds: rates[labels[0]!]?.length ?? 0,
    };
  } finally {
    for (const model of models.values()) await model.dispose();
  }
}

/** The embeddings threads section as Markdown. */
export function formatEmbeddingsThreads(
  results: ReadonlyArray<EmbeddingsThreadsResult & { peakRssMb?: number }>,
): string {
  const rows = results.flatMap((r) =>
    r.rows.map((row) => [
      r.model,
      String(r.batchSize),
      String(row.threads),
      num(row.textsPerSecond, 0),
      row.threads === r.fastest ? `fastest (${times(r.margin)})` : "",
      row.threads === r.defaultThreads ? "yes" : "",
      num(r.peakRssMb, 0),
    ]),
  );
  const verdicts = results.map(
    (r) =>
      `- ${r.model}: ${r.fastest} thread(s) fastest by ${times(r.margin)}; the library default (${r.defaultThreads}) ` +
      (r.fastest === r.defaultThreads
        ? "is the faster setting."
        : r.margin < 1.05
          ? "is within 5% (a tie on this machine)."
          : "is NOT the fastest here."),
  );
  return [
    markdownTable(["encoder", "batch", "threads", "texts/s", "", "library default", "peak RSS MB"], rows, [
      "l",
      "r",
      "r",
      "r",
      "l",
      "l",
      "r",
    ]),
    "",
    ...verdicts,
  ].join("\n");
}

if (isMain(import.meta.url)) {
  const result = await runEmbeddingsThreads({
    modelDir: flag("onnx") ?? tinyEncoderDir,
    threads: numberListFlag("threads", [1, 2]),
    batchSize: numberFlag("batch", 32),
    texts: numberFlag("texts", 256),
    ...roundFlags([3, 7], 10),
  });
  note(`embeddings threads: ${result.model} fastest at ${result.fastest} thread(s)`);
  finishSection(result, (r) => formatEmbeddingsThreads([r]));
}
