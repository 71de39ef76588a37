/**
 * Section "judge-sharing": the work all judge metrics do together per row, with and without sharing
 * the judge steps they have in common (faithfulness, answer correctness, noise sensitivity and
 * context recall send the same statements/verdicts prompts). Sharing is the judge's memo: the same
 * prompt and input answer once per row. Each side runs every non-opt-in judge metric of the catalog
 * in one `evaluate()` on a freshly loaded judge (memo on: the default; memo off: `memoSize: 0`), and
 * counts judge calls, memo hits, prompt tokens evaluated and answer tokens generated per row, plus
 * seconds per row. Scores must be identical on both sides (checked).
 *
 * Run alone: node --import tsx bench/judge-sharing.ts [--gguf a.gguf] [--rows 2] [--json out.json]
 */
import { createMetric, metricDescriptors } from "../src/metrics/catalog.js";
import type { Metric } from "../src/metrics/types.js";
import { flag, numberFlag } from "./lib/cli.js";
import { benchRows } from "./lib/dataset.js";
import { loadJudge, loadStarterEmbeddings, sameScores, timeEvaluate } from "./lib/judges.js";
import { markdownTable, num, percent } from "./lib/markdown.js";
import { modelName, tinyGgufPath } from "./lib/models.js";
import { finishSection, isMain, note } from "./lib/section.js";

/** One side of the comparison, per row. */
export interface SharingSide {
  callsPerRow: number;
  memoHitsPerRow: number;
  evaluatedPromptTokensPerRow: number;
  completionTokensPerRow: number;
  secondsPerRow: number;
}

/** What the section measured. */
export interface JudgeSharingResult {
  model: string;
  rows: number;
  metrics: string[];
  shared: SharingSide;
  unshared: SharingSide;
  /** Every row × metric had the same status and value on both sides. */
  identicalScores: boolean;
}

async function side(modelPath: string, rows: number, memoSize: number | undefined) {
  const llm = await loadJudge(modelPath, memoSize === undefined ? {} : { memoSize });
  const embeddings = await loadStarterEmbeddings(0);
  try {
    const judgeMetrics = metricDescriptors.filter((d) => d.needsLlm && !d.optIn);
    const metrics: Metric[] = judgeMetrics.map((d) => createMetric(d.id, { llm, embeddings }));
    const data = benchRows({ limit: rows });
    const before = llm.stats();
    const run = await timeEvaluate(data, metrics, 1);
    const after = llm.stats();
    const per = (n: number) => n / data.length;
    return {
      metrics: judgeMetrics.map((d) => d.id),
      records: run.records,
      side: {
        callsPerRow: per(after.calls - before.calls),
        memoHitsPerRow: per(after.memoHits - before.memoHits),
        evaluatedPromptTokensPerRow: per(after.evaluatedPromptTokens - before.evaluatedPromptTokens),
        completionTokensPerRow: per(after.completionTokens - before.completionTokens),
        secondsPerRow: run.seconds / data.length,
      } satisfies SharingSide,
    };
  } finally {
    await llm.dispose();
    await embeddings.dispose();
  }
}

/** Runs every judge metric with and without the shared steps answered once. */
export async function runJudgeSharing(modelPath: string, rows: number): Promise<JudgeSharingResult> {
  note(`judge-sharing: ${modelName(modelPath)}, ${rows} rows, memo on`);
  const shared = await side(modelPath, rows, undefined);
  note("judge-sharing: memo off");
  const unshared = await side(modelPath, rows, 0);
  return {
    model: modelName(modelPath),
    rows,
    metrics: shared.metrics,
    shared: shared.side,
    unshared: unshared.side,
    identicalScores: sameScores(shared.records, unshared.records),
  };
}

/** Markdown for one model. */
export function formatJudgeSharing(r: JudgeSharingResult): string {
  const row = (label: string, get: (s: SharingSide) => number, digits = 1) => [
    label,
    num(get(r.unshared), digits),
    num(get(r.shared), digits),
    percent(1 - get(r.shared) / Math.max(get(r.unshared), Number.EPSILON)),
  ];
  return [
    `**${r.model}**, ${r.metrics.length} judge metrics together (${r.metrics.join(", ")}), ${r.rows} rows; scores identical: ${r.identicalScores ? "yes" : "NO"}`,
    "",
    markdownTable(
      ["per row", "not shared", "shared", "saved"],
      [
        row("judge calls reaching the model", (s) => s.callsPerRow - s.memoHitsPerRow),
        row("answer tokens generated", (s) => s.completionTokensPerRow),
        row("prompt tokens evaluated", (s) => s.evaluatedPromptTokensPerRow),
        row("seconds", (s) => s.secondsPerRow, 2),
      ],
    ),
  ].join("\n");
}

if (isMain(import.meta.url)) {
  const modelPath = flag("gguf") ?? tinyGgufPath;
  const rows = numberFlag("rows", 2);
  finishSection(await runJudgeSharing(modelPath, rows), formatJudgeSharing);
}
