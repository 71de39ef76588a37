/**
 * Section "rows": rows per second of `evaluate()` for answer relevancy and for faithfulness at
 * several concurrencies, each with a judge loaded with `sequences` = concurrency (library defaults
 * otherwise; context 4096 so every seed prompt fits), no cache, no progress output. Concurrencies run
 * in alternation (1, 2, 1, 2…) in one process after a short warm-up. Every round evaluates the example
 * rows marked with the round number, so no memo answers a row from an earlier round; all
 * concurrencies of a round see the same rows. Answer relevancy embeds with the starter GloVe model
 * (memo off, shared by all judges) through `BatchingEmbeddings`, as the CLI does.
 *
 * Run alone: node --import tsx bench/rows.ts [--gguf a.gguf] [--concurrency 1,2] [--copies 1] [--rows 20]
 *            [--metrics answer_relevancy,faithfulness] [--rounds 3,5] [--budget-seconds 20] [--json out.json]
 */
import type { LlamaCppLlm } from "../src/llm/llama-cpp-llm.js";
import { flag, listFlag, numberFlag, numberListFlag, roundFlags } from "./lib/cli.js";
import { benchRows } from "./lib/dataset.js";
import {
  BENCH_CONTEXT_SIZE,
  type JudgeMetricName,
  loadJudge,
  loadStarterEmbeddings,
  makeMetric,
  metricLabels,
  timeEvaluate,
} from "./lib/judges.js";
import { markdownTable, num, times } from "./lib/markdown.js";
import { modelName, tinyGgufPath } from "./lib/models.js";
import { finishSection, isMain, note } from "./lib/section.js";
import { alternate, median, ratio } from "./lib/stats.js";

/** Options of {@link runRows}. */
export interface RowsOptions {
  /** Judge GGUF. Required. */
  modelPath: string;
  /** Concurrencies compared (each also the judge's `sequences`). Defaults to `[1, 2]`. */
  concurrency?: number[];
  /** Metrics timed. Defaults to answer relevancy and faithfulness. */
  metrics?: JudgeMetricName[];
  /** Copies of the example rows per timed run. Defaults to 1. */
  copies?: number;
  /** Example rows taken from the start of the file per copy. Defaults to all 20. */
  rows?: number;
  /** Rows of each warm-up run. Defaults to 4. */
  warmupRows?: number;
  /** Fewest timed rounds. Defaults to 3. */
  minRounds?: number;
  /** Most timed rounds. Defaults to 5. */
  maxRounds?: number;
  /** Per metric: no new round after this many ms once `minRounds` are done. Defaults to 20,000. */
  budgetMs?: number;
}

/** One metric's rows/s at each concurrency. */
export interface RowsMetricResult {
  metric: JudgeMetricName;
  rows: Array<{ concurrency: number; rowsPerSecond: number; samples: number[] }>;
  /** Concurrency with the highest median rows/s. */
  best: number;
  /** Rows/s at `best` over rows/s at concurrency 1. */
  speedup: number;
  /** Row outcomes of the last timed round at concurrency 1. */
  ok: number;
  errors: number;
  /** The first error text, when rows were errors. */
  firstError?: string;
  rounds: number;
}

/** One model's result of the rows section. */
export interface RowsResult {
  section: "rows";
  model: string;
  rowsPerRun: number;
  contextSize: number;
  metrics: RowsMetricResult[];
}

/**
 * Times `evaluate()` per metric and concurrency for one judge model.
 *
 * @example
 * const r = await runRows({ modelPath: "judge.gguf", concurrency: [1, 2] });
 * console.log(r.metrics.map((m) => [m.metric, m.best, m.speedup]));
 */
export async function runRows(options: RowsOptions): Promise<RowsResult> {
  const concurrencies = options.concurrency ?? [1, 2];
  const metrics = options.metrics ?? ["answer_relevancy", "faithfulness"];
  const copies = options.copies ?? 1;
  const warmupRows = options.warmupRows ?? 4;
  const embeddings = await loadStarterEmbeddings(0);
  const judges = new Map<number, LlamaCppLlm>();
  const results: RowsMetricResult[] = [];
  try {
    for (const c of concurrencies) judges.set(c, await loadJudge(options.modelPath, { sequences: c }));
    for (const metric of metrics) {
      const outcome = { ok: 0, errors: 0, firstError: undefined as string | undefined };
      const labels = concurrencies.map(String);
      const rates = await alternate(
        labels,
        async (label, round) => {
          const c = Number(label);
          const rows =
            round < 0
              ? benchRows({ tag: `w${-round}-`, limit: warmupRows })
              : benchRows({ copies, tag: `r${round}-`, limit: options.rows });
          const run = await timeEvaluate(rows, [makeMetric(metric, judges.get(c)!, embeddings)], c);
          if (round >= 0 && c === concurrencies[0]) {
            outcome.ok = run.ok;
            outcome.errors = run.errors;
            outcome.firstError = run.firstError;
          }
          return run.rowsPerSecond;
        },
        {
          minRounds: options.minRounds,
          maxRounds: options.maxRounds ?? 5,
          budgetMs: options.budgetMs ?? 20_000,
        },
      );
      const rows = concurrencies.map((c) => ({
        concurrency: c,
        rowsPerSecond: median(rates[String(c)] ?? []),
        samples: rates[String(c)] ?? [],
      }));
      const best = [...rows].sort((a, b) => b.rowsPerSecond - a.rowsPerSecond)[0]!;
      const base = rows.find((r) => r.concurrency === 1) ?? rows[0]!;
      results.push({
        metric,
        rows,
        best: best.concurrency,
        speedup: ratio(best.rowsPerSecond, base.rowsPerSecond),
        ok: outcome.ok,
        errors: outcome.errors,
        ...(outcome.firstError !== undefined ? { firstError: outcome.firstError } : {}),
        rounds: rates[labels[0]!]?.length ?? 0,
      });
      note(`rows: ${modelName(options.modelPath)} ${metric} best concurrency ${best.concurrency}`);
    }
  } finally {
    for (const llm of judges.values()) await llm.dispose();
    await embeddings.dispose();
  }
  return {
    section: "rows",
    model: modelName(options.modelPath),
    rowsPerRun: benchRows({ copies, limit: options.rows }).length,
    contextSize: BENCH_CONTEXT_SIZE,
    metrics: results,
  };
}

/** A short label for rows that were errors (e.g. the random-weight judge's questions are unknown words). */
function outcomeLabel(m: RowsMetricResult): string {
  if (m.errors === 0) return `${m.ok} ok`;
  const reason = (m.firstError ?? "").replace(/\s+/g, " ");
  const short = reason.length > 90 ? `${reason.slice(0, 90)}…` : reason;
  return `${m.ok} ok, ${m.errors} errors (${short})`;
}

/** The rows section as Markdown: one line per model, metric and concurrency. */
export function formatRows(results: ReadonlyArray<RowsResult & { peakRssMb?: number }>): string {
  const lines = results.flatMap((r) =>
    r.metrics.flatMap((m) =>
      m.rows.map((row) => [
        r.model,
        metricLabels[m.metric],
        String(row.concurrency),
        num(row.rowsPerSecond, 2),
        row.concurrency === m.best ? `best (${times(m.speedup)} vs 1)` : "",
        outcomeLabel(m),
        num(r.peakRssMb, 0),
      ]),
    ),
  );
  return markdownTable(["judge", "metric", "concurrency", "rows/s", "", "rows", "peak RSS MB"], lines, [
    "l",
    "l",
    "r",
    "r",
    "l",
    "l",
    "r",
  ]);
}

if (isMain(import.meta.url)) {
  const result = await runRows({
    modelPath: flag("gguf") ?? tinyGgufPath,
    concurrency: numberListFlag("concurrency", [1, 2]),
    metrics: listFlag("metrics") as JudgeMetricName[] | undefined,
    copies: numberFlag("copies", 1),
    rows: numberFlag("rows", 20),
    ...roundFlags([3, 5], 20),
  });
  finishSection(result, (r) => formatRows([r]));
}
