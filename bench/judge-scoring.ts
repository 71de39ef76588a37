/**
 * Section "judge-scoring" (issue 14): per seed judge metric and per lever (verdict probabilities read while the
 * judge writes, with scoring "expected"; reasons off), the work per row (answer tokens generated, prompt tokens
 * run through the model), seconds per row, and how many verdicts agree with the default (argmax = greedy decoding,
 * no reads, reasons on). Each variant gets its own judge (memo off, prompt reuse on), so no answer passes between
 * variants; the rows are the example dataset.
 *
 * With `--proxy`, it also measures on the Qwen2.5-0.5B-shaped proxy (scripts/proxy-gguf.ts, written when missing)
 * what a probability read costs per verdict slot on a model of real size, and turns the levers into an estimate for
 * Qwen2.5-0.5B from docs/performance.md's per-row estimate (the proxy writes no meaningful JSON, so its rows are not
 * scored).
 *
 * Run alone: node --import tsx bench/judge-scoring.ts [--gguf a.gguf] [--rows 4] [--proxy] [--json out.json]
 */
import { z } from "zod";
import { PROXY_GGUF_PATH, writeProxyGguf } from "../scripts/proxy-gguf.js";
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
import { median } from "./lib/stats.js";
import { reasonTokensPerRow, verdictSlotsPerRow } from "./proxy-model.js";

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
  /** Whether verdict probabilities were read (confidence; always with expected). */
  confidence: boolean;
  reasons: boolean;
  rows: number;
  generatedTokensPerRow: number;
  evaluatedPromptTokensPerRow: number;
  secondsPerRow: number;
  /** Verdicts equal to the default's (greedy with reasons) at the same position, and verdicts compared. */
  agreeWithGreedy: { same: number; compared: number };
  /** Mean confidence of the verdicts whose probabilities were read; null without reads. */
  meanConfidence: number | null;
  /** Rows whose result was an error (e.g. a judge answer cut off), and rows with no verdicts to read. */
  errorRows: number;
  emptyRows: number;
}

/** What reading a verdict slot's probabilities costs on a model of real size. */
export interface SlotReadCost {
  model: string;
  threads: number;
  /** Verdict slots per answer (a fixed-length list of 0/1 verdicts, no free text). */
  slots: number;
  /** Answer tokens per call (the same with and without reads). */
  generatedTokens: number;
  /** Median seconds per call without and with reads. */
  secondsPlain: number;
  secondsRead: number;
  /** (read − plain) / slots, in milliseconds. */
  msPerSlot: number;
}

/** The levers applied to docs/performance.md's Qwen2.5-0.5B estimate (seconds per row, 2 threads). */
export interface QwenEstimate {
  /** The documented estimate for the three seed judge metrics with prefix reuse, and its generation rate. */
  baselineSecondsPerRow: number;
  generationTokensPerSecond: number;
  /** Answer tokens per row that faithfulness reasons cost (few-shot ratios, chars / 4). */
  reasonTokensPerRow: number;
  /** Verdict slots per row of the three metrics (few-shot ratios). */
  slotsPerRow: number;
  withProbabilities: number;
  reasonsOff: number;
  reasonsOffWithProbabilities: number;
}

/** The section's result. */
export interface JudgeScoringResult {
  model: string;
  runs: ScoringRun[];
  proxy?: { cost: SlotReadCost; estimate: QwenEstimate };
}

/** docs/performance.md's estimate for Qwen2.5-0.5B on 2 cores: seconds per row (reuse) and generated tokens/s. */
const DOCUMENTED_QWEN = { secondsPerRow: 20.0, generationTokensPerSecond: 24.5 };

/**
 * Times one answer of `slots` 0/1 verdicts (no free text) on `modelPath`, alternately without and with reading the
 * verdict probabilities, `rounds` times each, after a warm-up call (the short prompt is then reused).
 */
export async function measureSlotReadCost(modelPath: string, rounds = 3, slots = 3): Promise<SlotReadCost> {
  const { LlamaCppLlm } = await import("../src/llm/llama-cpp-llm.js");
  const threads = 2;
  const llm = await LlamaCppLlm.load({ modelPath, threads, contextSize: 1024, memoSize: 0, maxTokens: 400 });
  try {
    // A short prompt: the cost measured is per verdict slot, whatever came before.
    const prompt = {
      name: "bench/slot-read",
      version: "1",
      system: "Give one verdict (1 supported, 0 not) per statement, in order. Reply with JSON only.",
      examples: [],
      input: `Context: Rome is the capital of Italy.\nStatements: ${Array.from({ length: slots }, (_, i) => `${i + 1}. Rome is in Italy.`).join(" ")}`,
    };
    const schema = z.object({ verdicts: z.array(z.object({ verdict: z.literal([0, 1]) })).length(slots) });
    const choiceSlots = [{ key: "verdict", values: ["0", "1"] }];
    await llm.generateObject(prompt, schema); // warm-up: the prompt is read once, then reused
    const plain: number[] = [];
    const read: number[] = [];
    let generatedTokens = 0;
    for (let i = 0; i < rounds; i++) {
      for (const withReads of [false, true]) {
        const started = performance.now();
        const out = await llm.generateObject(prompt, schema, withReads ? { choiceSlots } : {});
        (withReads ? read : plain).push((performance.now() - started) / 1000);
        generatedTokens = out.usage.completionTokens;
        if (withReads && out.slots?.length !== slots) throw new Error("the proxy did not report every slot");
      }
    }
    const secondsPlain = median(plain);
    const secondsRead = median(read);
    return {
      model: modelName(modelPath),
      threads,
      slots,
      generatedTokens,
      secondsPlain,
      secondsRead,
      msPerSlot: ((secondsRead - secondsPlain) / slots) * 1000,
    };
  } finally {
    await llm.dispose();
  }
}

/** The levers on the documented Qwen2.5-0.5B estimate: reasons off saves their answer tokens; reads add their cost. */
export function qwenEstimate(cost: SlotReadCost): QwenEstimate {
  const rows = benchRows({});
  const reasonTokens = reasonTokensPerRow(rows, 4);
  const slots = verdictSlotsPerRow(rows, 3);
  const base = DOCUMENTED_QWEN.secondsPerRow;
  const reads = (slots * Math.max(0, cost.msPerSlot)) / 1000;
  const reasonsOff = base - reasonTokens / DOCUMENTED_QWEN.generationTokensPerSecond;
  return {
    baselineSecondsPerRow: base,
    generationTokensPerSecond: DOCUMENTED_QWEN.generationTokensPerSecond,
    reasonTokensPerRow: reasonTokens,
    slotsPerRow: slots,
    withProbabilities: base + reads,
    reasonsOff,
    reasonsOffWithProbabilities: reasonsOff + reads,
  };
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
            `${modelName(modelPath)} ${metric} ${variant.scoring}${variant.confidence ? " read" : ""}${variant.reasons ? "" : " no reasons"} done`,
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
        "probabilities read",
        "reasons",
        "generated tokens/row",
        "prompt tokens evaluated/row",
        "s/row",
        "same verdicts as default",
        "mean confidence",
        "error / empty rows",
      ],
      result.runs.map((r) => [
        r.metric,
        r.scoring,
        r.confidence ? "yes" : "no",
        r.reasons ? "yes" : "no",
        num(r.generatedTokensPerRow, 1),
        num(r.evaluatedPromptTokensPerRow, 0),
        num(r.secondsPerRow, 3),
        `${r.agreeWithGreedy.same}/${r.agreeWithGreedy.compared}`,
        r.meanConfidence === null ? "-" : num(r.meanConfidence, 3),
        `${r.errorRows} / ${r.emptyRows}`,
      ]),
    ),
    ...(result.proxy ? ["", formatProxy(result.proxy.cost, result.proxy.estimate)] : []),
  ].join("\n");
}

/** The proxy's slot-read cost and the levers on the Qwen2.5-0.5B estimate, as Markdown. */
function formatProxy(cost: SlotReadCost, e: QwenEstimate): string {
  const row = (label: string, seconds: number) => [
    label,
    num(seconds, 1),
    `${num(e.baselineSecondsPerRow / seconds, 2)}×`,
    num((seconds * 5000) / 3600, 1),
  ];
  return [
    `Probability reads on ${cost.model} (${cost.threads} threads): an answer of ${cost.slots} verdicts (${cost.generatedTokens} tokens) took ${num(cost.secondsPlain, 3)} s without reads and ${num(cost.secondsRead, 3)} s with them: ${num(cost.msPerSlot, 1)} ms per verdict slot.`,
    "",
    `Qwen2.5-0.5B estimate, three seed judge metrics, 2 threads (from docs/performance.md's ${e.baselineSecondsPerRow} s/row at ${e.generationTokensPerSecond} generated tokens/s; faithfulness reasons cost ${e.reasonTokensPerRow} answer tokens per row; ${e.slotsPerRow} verdict slots per row):`,
    "",
    markdownTable(
      ["levers", "s/row", "speed-up", "h per 5,000 rows"],
      [
        row("default (argmax, no reads, reasons)", e.baselineSecondsPerRow),
        row("probabilities read (confidence / expected)", e.withProbabilities),
        row("reasons off (faithfulness)", e.reasonsOff),
        row("reasons off + probabilities read", e.reasonsOffWithProbabilities),
      ],
    ),
  ].join("\n");
}

if (isMain(import.meta.url)) {
  const model = flag("gguf") ?? tinyGgufPath;
  const rowCount = Number(flag("rows") ?? "4");
  const result = await runJudgeScoring(model, rowCount);
  if (process.argv.includes("--proxy")) {
    await writeProxyGguf();
    const cost = await measureSlotReadCost(PROXY_GGUF_PATH);
    result.proxy = { cost, estimate: qwenEstimate(cost) };
  }
  finishSection(result, formatJudgeScoring);
}
