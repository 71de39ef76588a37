/**
 * Section "prompt-work": prompt tokens actually run through the judge per row (the change of
 * `llm.stats().evaluatedPromptTokens` over an `evaluate()` run, divided by the rows), with
 * prompt-prefix reuse on and off, for each seed judge metric alone and for the three together (as
 * the CLI runs them: one judge, concurrent calls of a row queue). Each run starts from a freshly
 * loaded judge (sequences 1, memo off so only the prefix lever acts), so the first row pays for the
 * whole prompt as in a real run. Token counts are deterministic: one run per setting. Also checks that
 * both settings gave identical scores (status and value of every row × metric). The three metrics
 * together are run with reuse only: without reuse each call starts from an empty sequence, so that
 * side equals the sum of the single-metric runs without reuse (figures and scores are taken from them).
 *
 * Run alone: node --import tsx bench/prompt-work.ts [--gguf a.gguf] [--copies 1] [--rows 20] [--json out.json]
 */
import type { Embeddings } from "../src/embeddings/types.js";
import type { RowMetricRecord } from "../src/results/types.js";
import { flag, numberFlag } from "./lib/cli.js";
import { benchRows } from "./lib/dataset.js";
import {
  type JudgeMetricName,
  loadJudge,
  loadStarterEmbeddings,
  makeMetric,
  metricLabels,
  sameScores,
  timeEvaluate,
} from "./lib/judges.js";
import { markdownTable, num, percent } from "./lib/markdown.js";
import { modelName, tinyGgufPath } from "./lib/models.js";
import { finishSection, isMain, note } from "./lib/section.js";
import { ratio } from "./lib/stats.js";

/** Options of {@link runPromptWork}. */
export interface PromptWorkOptions {
  /** Judge GGUF. Required. */
  modelPath: string;
  /** Copies of the example rows. Defaults to 1. */
  copies?: number;
  /** Example rows taken from the start of the file per copy. Defaults to all 20. */
  rows?: number;
}

/** Per-row prompt work of one metric set under one setting. */
export interface PromptWorkSide {
  /** Prompt tokens per row (what the prompts hold). */
  promptTokensPerRow: number;
  /** Prompt tokens per row actually evaluated by the model. */
  evaluatedPerRow: number;
  /** Judge calls per row. */
  callsPerRow: number;
  /** Answer tokens generated per row. */
  completionPerRow: number;
  /** Wall seconds of the run (one run: indicative only; the levers section times it properly). */
  seconds: number;
}

/** One metric set's comparison. */
export interface PromptWorkRow {
  /** A metric, or "all" for the three seed judge metrics together. */
  metric: JudgeMetricName | "all";
  reuse: PromptWorkSide;
  noReuse: PromptWorkSide;
  /** Evaluated per row with reuse / without. */
  ratio: number;
  /** 1 - ratio. Goal: at least 0.6. */
  fewer: number;
  /** Same status and value for every row × metric with and without reuse. */
  sameScores: boolean;
  /** Row × metric records by status (with reuse). */
  ok: number;
  errors: number;
}

/** One model's result of the prompt-work section. */
export interface PromptWorkResult {
  section: "prompt-work";
  model: string;
  rows: number;
  results: PromptWorkRow[];
}

const METRICS: JudgeMetricName[] = ["answer_relevancy", "faithfulness", "context_relevance"];

type Measured = Awaited<ReturnType<typeof measure>>;

async function measure(
  modelPath: string,
  names: JudgeMetricName[],
  reusePromptPrefix: boolean,
  embeddings: Embeddings,
  copies: number,
  limit: number | undefined,
): Promise<{ side: PromptWorkSide; records: readonly RowMetricRecord[]; ok: number; errors: number }> {
  const llm = await loadJudge(modelPath, { sequences: 1, reusePromptPrefix, memoSize: 0 });
  try {
    const rows = benchRows({ copies, limit });
    const before = llm.stats();
    const run = await timeEvaluate(
      rows,
      names.map((n) => makeMetric(n, llm, embeddings)),
      1,
    );
    const after = llm.stats();
    return {
      side: {
        promptTokensPerRow: (after.promptTokens - before.promptTokens) / rows.length,
        evaluatedPerRow: (after.evaluatedPromptTokens - before.evaluatedPromptTokens) / rows.length,
        callsPerRow: (after.calls - before.calls) / rows.length,
        completionPerRow: (after.completionTokens - before.completionTokens) / rows.length,
        seconds: run.seconds,
      },
      records: run.records,
      ok: run.ok,
      errors: run.errors,
    };
  } finally {
    await llm.dispose();
  }
}

/**
 * Counts prompt tokens evaluated per row with and without prefix reuse, per seed judge metric.
 *
 * @example
 * const r = await runPromptWork({ modelPath: "judge.gguf" });
 * console.log(r.results.map((x) => [x.metric, x.fewer]));
 */
export async function runPromptWork(options: PromptWorkOptions): Promise<PromptWorkResult> {
  const copies = options.copies ?? 1;
  // Memo off: each row's texts are embedded as in a first run.
  const embeddings = await loadStarterEmbeddings(0);
  const results: PromptWorkRow[] = [];
  try {
    const offRuns: Measured[] = [];
    const push = (label: JudgeMetricName | "all", on: Measured, off: PromptWorkSide, same: boolean) => {
      const r = ratio(on.side.evaluatedPerRow, off.evaluatedPerRow);
      results.push({
        metric: label,
        reuse: on.side,
        noReuse: off,
        ratio: r,
        fewer: 1 - r,
        sameScores: same,
        ok: on.ok,
        errors: on.errors,
      });
      note(`prompt work: ${modelName(options.modelPath)} ${label} ${(100 * (1 - r)).toFixed(1)}% fewer`);
    };
    for (const name of METRICS) {
      const on = await measure(options.modelPath, [name], true, embeddings, copies, options.rows);
      const off = await measure(options.modelPath, [name], false, embeddings, copies, options.rows);
      offRuns.push(off);
      push(name, on, off.side, sameScores(on.records, off.records));
    }
    // The three metrics together on one judge (as the CLI runs them), with reuse. Without reuse every call
    // starts from an empty sequence, so that run would do exactly the three single-metric runs' work: its
    // figures are their sums, and its scores theirs.
    const all = await measure(options.modelPath, METRICS, true, embeddings, copies, options.rows);
    const sum = (pick: (s: PromptWorkSide) => number) => offRuns.reduce((t, r) => t + pick(r.side), 0);
    push(
      "all",
      all,
      {
        promptTokensPerRow: sum((s) => s.promptTokensPerRow),
        evaluatedPerRow: sum((s) => s.evaluatedPerRow),
        callsPerRow: sum((s) => s.callsPerRow),
        completionPerRow: sum((s) => s.completionPerRow),
        seconds: sum((s) => s.seconds),
      },
      sameScores(
        all.records,
        offRuns.flatMap((r) => r.records),
      ),
    );
  } finally {
    await embeddings.dispose();
  }
  const rows = benchRows({ copies, limit: options.rows }).length;
  return { section: "prompt-work", model: modelName(options.modelPath), rows, results };
}

/** The prompt-work section as Markdown: one line per model and metric set. */
export function formatPromptWork(results: ReadonlyArray<PromptWorkResult & { peakRssMb?: number }>): string {
  const lines = results.flatMap((r) =>
    r.results.map((x) => [
      r.model,
      x.metric === "all" ? "all three together" : metricLabels[x.metric],
      num(x.reuse.callsPerRow, 2),
      num(x.noReuse.promptTokensPerRow, 0),
      num(x.noReuse.evaluatedPerRow, 0),
      num(x.reuse.evaluatedPerRow, 0),
      num(x.ratio, 3),
      `${percent(x.fewer)}${x.fewer >= 0.6 ? "" : " (goal ≥ 60%)"}`,
      x.sameScores ? "yes" : "NO",
      x.errors > 0 ? `${x.ok} ok, ${x.errors} errors` : `${x.ok} ok`,
      num(r.peakRssMb, 0),
    ]),
  );
  return markdownTable(
    [
      "judge",
      "metric",
      "calls/row",
      "prompt tokens/row",
      "evaluated/row, no reuse",
      "evaluated/row, reuse",
      "ratio",
      "fewer",
      "same scores",
      "records",
      "peak RSS MB",
    ],
    lines,
    ["l", "l", "r", "r", "r", "r", "r", "r", "l", "l", "r"],
  );
}

if (isMain(import.meta.url)) {
  const result = await runPromptWork({
    modelPath: flag("gguf") ?? tinyGgufPath,
    copies: numberFlag("copies", 1),
    rows: numberFlag("rows", 20),
  });
  finishSection(result, (r) => formatPromptWork([r]));
}
