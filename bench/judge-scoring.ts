/**
 * Section "judge-scoring" (issue 14): per seed judge metric and per way of deciding verdicts (greedy or read
 * from token probabilities, with or without reasons), the work per row (answer tokens generated, prompt tokens
 * run through the model), seconds per row, and how many verdicts agree with greedy decoding with reasons
 * (today's default). Each variant gets its own judge (memo off, prompt reuse on), so no answer passes between
 * variants; the rows are the example dataset.
 *
 * Run alone: node --import tsx bench/judge-scoring.ts [--gguf a.gguf] [--rows 4] [--json out.json]
 */
import { TransformersEmbeddings } from "../src/embeddings/transformers-embeddings.js";
import type { LlamaCppLlm } from "../src/llm/llama-cpp-llm.js";
import {
  AnswerRelevancy,
  ContextRelevance,
  Faithfulness,
  type Metric,
  type MetricResult,
} from "../src/metrics/index.js";
import type { Scoring } from "../src/metrics/shared/choice-verdicts.js";
import { flag } from "./lib/cli.js";
import { benchRows } from "./lib/dataset.js";
import { BENCH_CONTEXT_SIZE, type JudgeMetricName } from "./lib/judges.js";
import { markdownTable, num } from "./lib/markdown.js";
import { modelName, tinyEncoderDir, tinyGgufPath } from "./lib/models.js";
import { finishSection, isMain, note } from "./lib/section.js";

/** One way of reading verdicts: scoring, whether probabilities are read (confidence), reasons. */
interface Variant {
  scoring: Scoring;
  confidence: boolean;
  reasons: boolean;
}

const DEFAULT: Variant = { scoring: "argmax", confidence: false, reasons: true };
const READ: Variant = { scoring: "expected", confidence: true, reasons: true };

const VARIANTS: Record<JudgeMetricName, Variant[]> = {
  faithfulness: [DEFAULT, READ, { ...DEFAULT, reasons: false }, { ...READ, reasons: false }],
  context_relevance: [DEFAULT, READ],
  answer_relevancy: [DEFAULT, READ],
};

/** One metric × variant on one judge. */
export interface ScoringRun {
  metric: JudgeMetricName;
  scoring: Scoring;
  reasons: boolean;
  rows: number;
  generatedTokensPerRow: number;
  evaluatedPromptTokensPerRow: number;
  secondsPerRow: number;
  /** Verdicts equal to greedy-with-reasons' at the same position, and verdicts compared. */
  agreeWithGreedy: { same: number; compared: number };
  /** Mean confidence of the verdicts read from probabilities; null for greedy. */
  meanConfidence: number | null;
  /** Rows whose result was an error (e.g. a judge answer cut off), and rows with no verdicts to read. */
  errorRows: number;
  emptyRows: number;
}

/** The section's result. */
export interface JudgeScoringResult {
  model: string;
  runs: ScoringRun[];
}

/** The 0/1 verdicts a result holds, in order. */
function verdictsOf(metric: JudgeMetricName, result: MetricResult): number[] {
  const d = (result.details ?? {}) as Record<string, unknown>;
  if (metric === "faithfulness")
    return ((d.verdicts as Array<{ verdict: number }>) ?? []).map((v) => v.verdict);
  if (metric === "context_relevance") return (d.statementScores as number[]) ?? [];
  return ((d.questions as Array<{ noncommittal: number }>) ?? []).map((q) => q.noncommittal);
}

function confidencesOf(metric: JudgeMetricName, result: MetricResult): number[] {
  const d = (result.details ?? {}) as Record<string, unknown>;
  if (metric === "faithfulness") {
    return ((d.verdicts as Array<{ confidence?: number }>) ?? []).flatMap((v) => v.confidence ?? []);
  }
  if (metric === "context_relevance") return (d.confidences as number[]) ?? [];
  return ((d.questions as Array<{ confidence?: number }>) ?? []).flatMap((q) => q.confidence ?? []);
}

function build(
  metric: JudgeMetricName,
  llm: LlamaCppLlm,
  embeddings: TransformersEmbeddings,
  v: Variant,
): Metric {
  const reading = { scoring: v.scoring, confidence: v.confidence };
  if (metric === "faithfulness") return new Faithfulness({ llm, ...reading, reasons: v.reasons });
  if (metric === "context_relevance") return new ContextRelevance({ llm, ...reading });
  return new AnswerRelevancy({ llm, embeddings, ...reading });
}

/** Runs every metric × variant on `modelPath` over the first `rowCount` example rows. */
export async function runJudgeScoring(modelPath: string, rowCount: number): Promise<JudgeScoringResult> {
  const { LlamaCppLlm } = await import("../src/llm/llama-cpp-llm.js");
  const rows = benchRows({ limit: rowCount });
  const embeddings = await TransformersEmbeddings.load({ model: tinyEncoderDir, memoSize: 0 });
  const runs: ScoringRun[] = [];
  try {
    for (const metric of Object.keys(VARIANTS) as JudgeMetricName[]) {
      let greedy: number[][] | undefined;
      for (const variant of VARIANTS[metric]) {
        const llm = await LlamaCppLlm.load({ modelPath, contextSize: BENCH_CONTEXT_SIZE, memoSize: 0 });
        try {
          const scorer = build(metric, llm, embeddings, variant);
          const verdicts: number[][] = [];
          const confidences: number[] = [];
          let errorRows = 0;
          let emptyRows = 0;
          const started = performance.now();
          for (const row of rows) {
            const result = await scorer.score({
              userInput: row.user_input,
              response: row.response,
              retrievedContexts: row.retrieved_contexts,
            });
            if (result.status === "error") errorRows++;
            else if (verdictsOf(metric, result).length === 0) emptyRows++;
            verdicts.push(verdictsOf(metric, result));
            confidences.push(...confidencesOf(metric, result));
          }
          const seconds = (performance.now() - started) / 1000;
          greedy ??= verdicts;
          let same = 0;
          let compared = 0;
          verdicts.forEach((list, r) => {
            list.forEach((v, i) => {
              if (greedy![r]![i] === undefined) return;
              compared++;
              if (greedy![r]![i] === v) same++;
            });
          });
          const stats = llm.stats();
          runs.push({
            metric,
            ...variant,
            rows: rows.length,
            generatedTokensPerRow: stats.completionTokens / rows.length,
            evaluatedPromptTokensPerRow: stats.evaluatedPromptTokens / rows.length,
            secondsPerRow: seconds / rows.length,
            agreeWithGreedy: { same, compared },
            errorRows,
            emptyRows,
            meanConfidence:
              confidences.length > 0 ? confidences.reduce((a, b) => a + b, 0) / confidences.length : null,
          });
          note(
            `${modelName(modelPath)} ${metric} ${variant.scoring}${variant.reasons ? "" : " no reasons"} done`,
          );
        } finally {
          await llm.dispose();
        }
      }
    }
  } finally {
    await embeddings.dispose();
  }
  return { model: modelName(modelPath), runs };
}

/** Markdown table of a result. */
export function formatJudgeScoring(result: JudgeScoringResult): string {
  return [
    `Judge: ${result.model}`,
    "",
    markdownTable(
      [
        "metric",
        "scoring",
        "reasons",
        "generated tokens/row",
        "prompt tokens evaluated/row",
        "s/row",
        "same verdict as greedy",
        "mean confidence",
        "error / empty rows",
      ],
      result.runs.map((r) => [
        r.metric,
        r.scoring,
        r.reasons ? "yes" : "no",
        num(r.generatedTokensPerRow, 1),
        num(r.evaluatedPromptTokensPerRow, 0),
        num(r.secondsPerRow, 3),
        `${r.agreeWithGreedy.same}/${r.agreeWithGreedy.compared}`,
        r.meanConfidence === null ? "-" : num(r.meanConfidence, 3),
        `${r.errorRows} / ${r.emptyRows}`,
      ]),
    ),
  ].join("\n");
}

if (isMain(import.meta.url)) {
  const model = flag("gguf") ?? tinyGgufPath;
  const rowCount = Number(flag("rows") ?? "4");
  finishSection(await runJudgeScoring(model, rowCount), formatJudgeScoring);
}
