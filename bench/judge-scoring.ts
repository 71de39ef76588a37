/**
 * Section "judge-scoring": per seed judge metric and per lever (verdict probabilities read while the
 * judge writes, with scoring "expected"; reasons off), and per judge metric whose verdict or score step writes a
 * reason first (reasons on and off), the work per row (answer tokens generated, prompt tokens
 * run through the model), seconds per row, and how many verdicts agree with the default (argmax = greedy decoding,
 * no reads, reasons on). Each variant gets its own judge (memo off, prompt reuse on), so no answer passes between
 * variants; the rows are the example dataset.
 *
 * With `--proxy`, it also measures on the Qwen2.5-0.5B-shaped proxy (scripts/proxy-gguf.ts, written when missing)
 * what a probability read costs per verdict slot on a model of real size, and turns the levers into an estimate for
 * Qwen2.5-0.5B from docs/performance.md's per-row estimate (the proxy writes no meaningful JSON, so its rows are not
 * scored).
 *
 * Run alone: node --import tsx bench/judge-scoring.ts [--gguf a.gguf] [--rows 4] [--metrics a,b] [--proxy]
 *   [--json out.json]   (--metrics: only these metric ids; default all)
 */
import { z } from "zod";
import { PROXY_GGUF_PATH, writeProxyGguf } from "../scripts/proxy-gguf.js";
import { TransformersEmbeddings } from "../src/embeddings/transformers-embeddings.js";
import {
  AnswerRelevancy,
  ContextRelevance,
  Faithfulness,
  type Metric,
  type MetricResult,
} from "../src/index.js";
import type { LlamaCppLlm } from "../src/llm/llama-cpp-llm.js";
import { AnswerCorrectness } from "../src/metrics/answer-correctness/metric.js";
import { AspectCritic } from "../src/metrics/aspect-critic/metric.js";
import { ContextPrecision, ContextUtilization } from "../src/metrics/context-precision/metric.js";
import { ContextRecall } from "../src/metrics/context-recall/metric.js";
import { FactualCorrectness } from "../src/metrics/factual-correctness/metric.js";
import { GEval } from "../src/metrics/g-eval/metric.js";
import { NoiseSensitivity } from "../src/metrics/noise-sensitivity/metric.js";
import { InstanceRubrics, RubricsScore } from "../src/metrics/rubrics/metric.js";
import { DEFAULT_RUBRIC_WITHOUT_REFERENCE } from "../src/metrics/rubrics/prompt.js";
import type { Scoring } from "../src/metrics/shared/judge/choice-verdicts.js";
import { SimpleCriteriaScore } from "../src/metrics/simple-criteria/metric.js";
import { flag, listFlag } from "./lib/cli.js";
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

/**
 * The judge metrics (besides faithfulness) whose verdict or score step writes a free-text reason before its value,
 * measured with reasons on and off. The llm_context_precision_with/without_reference ids are context_precision and
 * context_utilization under other names (same prompts), so they are not run twice.
 */
export type ReasonMetricName =
  | "context_precision"
  | "context_utilization"
  | "context_recall"
  | "noise_sensitivity"
  | "factual_correctness"
  | "answer_correctness"
  | "aspect_critic"
  | "simple_criteria"
  | "rubrics_score"
  | "instance_rubrics"
  | "g_eval";

/** A metric this section runs. */
export type BenchMetricName = JudgeMetricName | ReasonMetricName;

const REASONS_ON_OFF: Variant[] = [DEFAULT, { ...DEFAULT, reasons: false }];

const VARIANTS: Record<BenchMetricName, Variant[]> = {
  faithfulness: [DEFAULT, READ, { ...DEFAULT, reasons: false }, { ...READ, reasons: false }],
  context_relevance: [DEFAULT, READ],
  answer_relevancy: [DEFAULT, READ],
  context_precision: REASONS_ON_OFF,
  context_utilization: REASONS_ON_OFF,
  context_recall: REASONS_ON_OFF,
  noise_sensitivity: REASONS_ON_OFF,
  factual_correctness: REASONS_ON_OFF,
  answer_correctness: REASONS_ON_OFF,
  aspect_critic: REASONS_ON_OFF,
  simple_criteria: REASONS_ON_OFF,
  rubrics_score: REASONS_ON_OFF,
  instance_rubrics: REASONS_ON_OFF,
  g_eval: REASONS_ON_OFF,
};

/** One metric × variant on one judge. */
export interface ScoringRun {
  metric: BenchMetricName;
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

/** Every `verdict` and `label` in a result's details, depth first in key order (the verdicts in answer order). */
function writtenChoices(node: unknown, out: Array<number | string> = []): Array<number | string> {
  if (Array.isArray(node)) for (const item of node) writtenChoices(item, out);
  else if (node !== null && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (
        (key === "verdict" || key === "label") &&
        (typeof value === "number" || typeof value === "string")
      ) {
        out.push(value);
      } else writtenChoices(value, out);
    }
  }
  return out;
}

/** The small-choice values a result holds, in order: verdicts, labels, or the written score. */
function verdictsOf(metric: BenchMetricName, result: MetricResult): Array<number | string> {
  const d = (result.details ?? {}) as Record<string, unknown>;
  if (metric === "context_relevance") return (d.statementScores as number[]) ?? [];
  if (metric === "answer_relevancy") {
    return ((d.questions as Array<{ noncommittal: number }>) ?? []).map((q) => q.noncommittal);
  }
  if (metric === "g_eval") return typeof d.greedyScore === "number" ? [d.greedyScore] : [];
  if (metric === "simple_criteria" || metric === "rubrics_score" || metric === "instance_rubrics") {
    return result.value === null ? [] : [result.value];
  }
  return writtenChoices(d);
}

function confidencesOf(metric: BenchMetricName, result: MetricResult): number[] {
  const d = (result.details ?? {}) as Record<string, unknown>;
  if (metric === "faithfulness") {
    return ((d.verdicts as Array<{ confidence?: number }>) ?? []).flatMap((v) => v.confidence ?? []);
  }
  if (metric === "context_relevance") return (d.confidences as number[]) ?? [];
  if (metric !== "answer_relevancy") return [];
  return ((d.questions as Array<{ confidence?: number }>) ?? []).flatMap((q) => q.confidence ?? []);
}

function build(
  metric: BenchMetricName,
  llm: LlamaCppLlm,
  embeddings: TransformersEmbeddings,
  v: Variant,
): Metric {
  const reading = { scoring: v.scoring, confidence: v.confidence };
  const reasons = v.reasons;
  const criterion = { name: "helpful", definition: "Does the response answer the question correctly?" };
  switch (metric) {
    case "faithfulness":
      return new Faithfulness({ llm, ...reading, reasons });
    case "context_relevance":
      return new ContextRelevance({ llm, ...reading });
    case "answer_relevancy":
      return new AnswerRelevancy({ llm, embeddings, ...reading });
    case "context_precision":
      return new ContextPrecision({ llm, reasons });
    case "context_utilization":
      return new ContextUtilization({ llm, reasons });
    case "context_recall":
      return new ContextRecall({ llm, reasons });
    case "noise_sensitivity":
      return new NoiseSensitivity({ llm, reasons });
    case "factual_correctness":
      return new FactualCorrectness({ llm, reasons });
    case "answer_correctness":
      return new AnswerCorrectness({ llm, weights: [1, 0], reasons });
    case "aspect_critic":
      return new AspectCritic({ llm, ...criterion, reasons });
    case "simple_criteria":
      return new SimpleCriteriaScore({ llm, ...criterion, reasons });
    case "rubrics_score":
      return new RubricsScore({ llm, reasons });
    case "instance_rubrics":
      return new InstanceRubrics({ llm, reasons });
    case "g_eval":
      return new GEval({
        llm,
        name: "helpful",
        criteria: criterion.definition,
        evaluationSteps: ["Read the question.", "Check whether the response answers it correctly."],
        reasons,
      });
  }
}

/**
 * Runs every metric × variant on `modelPath` over the first `rowCount` example rows (only `metrics` when given).
 */
export async function runJudgeScoring(
  modelPath: string,
  rowCount: number,
  metrics: readonly BenchMetricName[] = Object.keys(VARIANTS) as BenchMetricName[],
): Promise<JudgeScoringResult> {
  const { LlamaCppLlm } = await import("../src/llm/llama-cpp-llm.js");
  const rows = benchRows({ limit: rowCount });
  const embeddings = await TransformersEmbeddings.load({ model: tinyEncoderDir, memoSize: 0 });
  const runs: ScoringRun[] = [];
  try {
    for (const metric of metrics) {
      let greedy: Array<Array<number | string>> | undefined;
      for (const variant of VARIANTS[metric]) {
        const llm = await LlamaCppLlm.load({ modelPath, contextSize: BENCH_CONTEXT_SIZE, memoSize: 0 });
        try {
          const scorer = build(metric, llm, embeddings, variant);
          const verdicts: Array<Array<number | string>> = [];
          const confidences: number[] = [];
          let errorRows = 0;
          let emptyRows = 0;
          const started = performance.now();
          for (const row of rows) {
            const result = await scorer.score({
              userInput: row.user_input,
              response: row.response,
              retrievedContexts: row.retrieved_contexts,
              ...(row.reference !== undefined ? { reference: row.reference } : {}),
              rubrics: DEFAULT_RUBRIC_WITHOUT_REFERENCE,
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
  const chosen = listFlag("metrics");
  const unknown = chosen?.filter((m) => !(m in VARIANTS));
  if (unknown !== undefined && unknown.length > 0) {
    throw new Error(
      `--metrics: unknown ${unknown.join(", ")}; choose from ${Object.keys(VARIANTS).join(", ")}`,
    );
  }
  const result = await runJudgeScoring(model, rowCount, chosen as BenchMetricName[] | undefined);
  if (process.argv.includes("--proxy")) {
    await writeProxyGguf();
    const cost = await measureSlotReadCost(PROXY_GGUF_PATH);
    result.proxy = { cost, estimate: qwenEstimate(cost) };
  }
  finishSection(result, formatJudgeScoring);
}
