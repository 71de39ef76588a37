/**
 * Section "levers": rows/s of `evaluate()` with and without each performance lever, the two sides
 * of each pair in alternation (with, without, with, without…) in one process after a warm-up, each
 * side with its own judge so no state passes between them. Every round evaluates rows marked with the
 * round number, so no memo carries answers from one round to the next.
 *
 * - prefix reuse: faithfulness at concurrency 1, `reusePromptPrefix` true vs false (memo off on both);
 * - memo / dedup: faithfulness at concurrency 1 on a dataset where every row appears twice, the
 *   judge's `memoSize` default vs 0 (prefix reuse on both);
 * - BatchingEmbeddings: answer relevancy at concurrency 2 (judge sequences 2), embeddings through
 *   `BatchingEmbeddings` vs straight to the encoder (encoder memo off);
 * - sequences is measured by the rows section (concurrency 1 vs best), and folded in by bench/run.ts.
 *
 * Run alone: node --import tsx bench/levers.ts [--gguf a.gguf] [--levers prefix,memo,batching]
 *            [--rounds 3,5] [--budget-seconds 15] [--rows 20] [--json out.json]
 */
import type { Embeddings } from "../src/embeddings/types.js";
import type { LlamaCppLlm } from "../src/llm/llama-cpp-llm.js";
import { flag, listFlag, numberFlag, roundFlags } from "./lib/cli.js";
import { benchRows, type RagRow } from "./lib/dataset.js";
import {
  type JudgeLevers,
  type JudgeMetricName,
  loadJudge,
  loadStarterEmbeddings,
  makeMetric,
  timeEvaluate,
} from "./lib/judges.js";
import { markdownTable, num, times } from "./lib/markdown.js";
import { modelName, tinyGgufPath } from "./lib/models.js";
import { finishSection, isMain, note } from "./lib/section.js";
import { alternate, median, ratio } from "./lib/stats.js";

/** The levers this section times. */
export type LeverName = "prefix" | "memo" | "batching";

/** One lever's with/without comparison. */
export interface LeverResult {
  lever: LeverName | "sequences";
  /** What was run. */
  setup: string;
  withRowsPerSecond: number;
  withoutRowsPerSecond: number;
  /** with / without: above 1 means the lever helps. */
  speedup: number;
  /** Judge calls per round that ran the model, with and without (the memo answers the rest). */
  modelCalls?: { with: number; without: number };
  samples: { with: number[]; without: number[] };
}

/** One model's result of the levers section. */
export interface LeversResult {
  section: "levers";
  model: string;
  levers: LeverResult[];
}

/** Options of {@link runLevers}. */
export interface LeversOptions {
  /** Judge GGUF. Required. */
  modelPath: string;
  /** Levers timed. Defaults to all three. */
  levers?: LeverName[];
  /** Fewest timed rounds per pair. Defaults to 3. */
  minRounds?: number;
  /** Most timed rounds per pair. Defaults to 5. */
  maxRounds?: number;
  /** Per lever: no new round after this many ms once `minRounds` are done. Defaults to 15,000. */
  budgetMs?: number;
  /** Rows per timed run (the memo pair: half of them, each twice). Defaults to 20, the whole example file. */
  rows?: number;
}

interface Pair {
  setup: string;
  metric: JudgeMetricName;
  concurrency: number;
  withJudge: JudgeLevers;
  withoutJudge: JudgeLevers;
  batching: { with: boolean; without: boolean };
  rows: (tag: string) => RagRow[];
}

/** Each lever's pair, on `n` rows per timed run. */
const pairs = (n: number): Record<LeverName, Pair> => ({
  prefix: {
    setup: `faithfulness, concurrency 1, ${n} rows; memo off`,
    metric: "faithfulness",
    concurrency: 1,
    withJudge: { sequences: 1, reusePromptPrefix: true, memoSize: 0 },
    withoutJudge: { sequences: 1, reusePromptPrefix: false, memoSize: 0 },
    batching: { with: true, without: true },
    rows: (tag) => benchRows({ tag, limit: n }),
  },
  memo: {
    setup: `faithfulness, concurrency 1, ${Math.ceil(n / 2)} rows each twice (${2 * Math.ceil(n / 2)} rows)`,
    metric: "faithfulness",
    concurrency: 1,
    withJudge: { sequences: 1 },
    withoutJudge: { sequences: 1, memoSize: 0 },
    batching: { with: true, without: true },
    rows: (tag) => benchRows({ tag, limit: Math.ceil(n / 2), copies: 2, duplicates: true }),
  },
  batching: {
    setup: `answer relevancy, concurrency 2, ${n} rows; encoder memo off`,
    metric: "answer_relevancy",
    concurrency: 2,
    withJudge: { sequences: 2 },
    withoutJudge: { sequences: 2 },
    batching: { with: true, without: false },
    rows: (tag) => benchRows({ tag, limit: n }),
  },
});

async function timePair(
  modelPath: string,
  lever: LeverName,
  embeddings: Embeddings,
  options: LeversOptions,
): Promise<LeverResult> {
  const pair = pairs(options.rows ?? 20)[lever];
  const judges: Record<"with" | "without", LlamaCppLlm | undefined> = { with: undefined, without: undefined };
  const calls = { with: [] as number[], without: [] as number[] };
  try {
    judges.with = await loadJudge(modelPath, pair.withJudge);
    judges.without = await loadJudge(modelPath, pair.withoutJudge);
    const rates = await alternate(
      ["with", "without"] as const,
      async (side, round) => {
        const llm = judges[side]!;
        const rows =
          round < 0 ? pair.rows(`w${lever}${-round}-`).slice(0, 4) : pair.rows(`${lever}${round}-`);
        const before = llm.stats();
        const metric = makeMetric(pair.metric, llm, embeddings, pair.batching[side]);
        const run = await timeEvaluate(rows, [metric], pair.concurrency);
        const after = llm.stats();
        if (round >= 0) calls[side].push(after.calls - before.calls - (after.memoHits - before.memoHits));
        return run.rowsPerSecond;
      },
      {
        minRounds: options.minRounds,
        maxRounds: options.maxRounds ?? 5,
        budgetMs: options.budgetMs ?? 15_000,
      },
    );
    const withRate = median(rates.with);
    const withoutRate = median(rates.without);
    note(`levers: ${modelName(modelPath)} ${lever} ${(withRate / withoutRate).toFixed(2)}x`);
    return {
      lever,
      setup: pair.setup,
      withRowsPerSecond: withRate,
      withoutRowsPerSecond: withoutRate,
      speedup: ratio(withRate, withoutRate),
      modelCalls: { with: median(calls.with), without: median(calls.without) },
      samples: rates,
    };
  } finally {
    await judges.with?.dispose();
    await judges.without?.dispose();
  }
}

/**
 * Times each lever on and off for one judge model.
 *
 * @example
 * const r = await runLevers({ modelPath: "judge.gguf", levers: ["prefix"] });
 * console.log(r.levers[0]?.speedup);
 */
export async function runLevers(options: LeversOptions): Promise<LeversResult> {
  const embeddings = await loadStarterEmbeddings(0);
  const levers: LeverResult[] = [];
  try {
    for (const lever of options.levers ?? (["prefix", "memo", "batching"] as const)) {
      levers.push(await timePair(options.modelPath, lever, embeddings, options));
    }
  } finally {
    await embeddings.dispose();
  }
  return { section: "levers", model: modelName(options.modelPath), levers };
}

/** Human names of the levers. */
export const leverLabels: Record<LeverResult["lever"], string> = {
  prefix: "prompt-prefix reuse",
  memo: "memo / dedup (judge)",
  batching: "BatchingEmbeddings",
  sequences: "sequences (concurrency)",
};

/** The levers section as Markdown: one line per model and lever. */
export function formatLevers(results: ReadonlyArray<LeversResult & { peakRssMb?: number }>): string {
  const lines = results.flatMap((r) =>
    r.levers.map((l) => [
      r.model,
      leverLabels[l.lever],
      l.setup,
      num(l.withRowsPerSecond, 2),
      num(l.withoutRowsPerSecond, 2),
      times(l.speedup),
      l.modelCalls ? `${num(l.modelCalls.with)} · ${num(l.modelCalls.without)}` : "",
      num(r.peakRssMb, 0),
    ]),
  );
  return markdownTable(
    [
      "judge",
      "lever",
      "setup",
      "rows/s with",
      "rows/s without",
      "with / without",
      "model calls with · without",
      "peak RSS MB",
    ],
    lines,
    ["l", "l", "l", "r", "r", "r", "r", "r"],
  );
}

if (isMain(import.meta.url)) {
  const result = await runLevers({
    modelPath: flag("gguf") ?? tinyGgufPath,
    levers: listFlag("levers") as LeverName[] | undefined,
    rows: numberFlag("rows", 20),
    ...roundFlags([3, 5], 15),
  });
  finishSection(result, (r) => formatLevers([r]));
}
