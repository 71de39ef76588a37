/**
 * Section "real": speed on the real small models (`npm run real-models` fetches them; their paths come from the
 * environment, see {@link REAL_MODEL_ENV}). Three parts, each printed with its goal, met or not, and the ratios:
 *
 * 1. Seconds and judge work per row (calls, prompt tokens evaluated and reused, answer tokens generated and
 *    prefilled: counts that a busy machine does not change) of every built-in judge metric that can score
 *    examples/rag-eval.jsonl rows, on SmolLM2-135M-Instruct (49k vocabulary, chat template) and Gemma-3-270M (262k
 *    vocabulary, the base model: completion format), both at `--threads` (2, set explicitly), memo off, the real int8
 *    all-MiniLM-L6-v2 as answer relevancy's embedder. The judges take turns metric by metric.
 * 2. The RAG triad (faithfulness, answer_relevancy, context_relevance in one `evaluate()` run), defaults (A) against
 *    the prefill levers (B), A B A B on each judge, with the work per judge step and the scores compared
 *    (bench/lib/triad-ab.ts). Goal: the triad ≤ 3 s per row on SmolLM2.
 * 3. The grammar's share of generation time: the calls the metrics made above (first call of each judge step),
 *    replayed with the library's grammar and without any, alternating call by call (bench/lib/grammar-share.ts).
 *    Goal: ≤ 20% on both vocabularies.
 * 4. The real MiniLM, int8 and fp32, through TransformersEmbeddings against raw onnxruntime-node on the same
 *    session inputs (bench/embeddings-vs-raw.ts), at batch 1 and 32. Goal: ≥ 0.95× raw.
 *
 * The load average is printed at the start and end: on a shared machine absolute times are inflated, ratios hold.
 * Without the environment variables the section prints one line saying so and exits 0.
 *
 * Run alone: node --import tsx bench/real-models.ts [--quick] [--threads 2] [--rows 2] [--metrics a,b]
 *   [--triad-only] [--rounds 2] [--json out.json]
 * --quick: the triad's three metrics on 1 row, one grammar replay round, 32 texts and 2 samples for the encoders.
 * --triad-only: no per-metric timings (the triad A/B, the grammar on the triad's calls, the encoders).
 * --judges smollm2,gemma: the judges to run (both by default). --no-triad: no triad A/B.
 */
import os from "node:os";
import { TransformersEmbeddings } from "../src/embeddings/transformers-embeddings.js";
import { LlamaCppLlm } from "../src/llm/llama-cpp-llm.js";
import { type EmbeddingsVsRawResult, runEmbeddingsVsRaw } from "./embeddings-vs-raw.js";
import { flag, hasFlag, listFlag, numberFlag } from "./lib/cli.js";
import { benchRows } from "./lib/dataset.js";
import {
  type GrammarShareResult,
  type JudgeCall,
  measureGrammarShare,
  recordingJudge,
} from "./lib/grammar-share.js";
import { WORK_COLUMNS } from "./lib/judge-work.js";
import { BENCH_CONTEXT_SIZE } from "./lib/judges.js";
import { runtimeVersions } from "./lib/machine.js";
import { markdownTable, num, percent, times } from "./lib/markdown.js";
import {
  judgeMetricIds,
  type MetricTiming,
  makeJudgeMetric,
  TRIAD,
  timeMetrics,
} from "./lib/real-judge-metrics.js";
import { finishSection, isMain, note } from "./lib/section.js";
import { formatTriadAb, runTriadAb, type TriadAbResult } from "./lib/triad-ab.js";

/** The environment variables naming the real models (as `npm run real-models` and CI export them). */
export const REAL_MODEL_ENV = {
  smollm2: "AIRGAP_EVAL_REAL_JUDGE",
  gemma: "AIRGAP_EVAL_REAL_JUDGE_GEMMA",
  minilmInt8: "AIRGAP_EVAL_REAL_MINILM_INT8",
  minilmFp32: "AIRGAP_EVAL_REAL_MINILM_FP32",
} as const;

/** Goals of the section. */
const GOALS = { triadSecondsPerRow: 3, grammarShare: 0.2, encoderRatio: 0.95 };

/** One judge's grammar measurement. */
interface JudgeGrammar extends GrammarShareResult {
  judge: string;
}

/** The section's result. */
export interface RealModelsResult {
  section: "real";
  /** Set when the models are not configured: why the section did nothing. */
  skipped?: string;
  quick?: boolean;
  threads?: number;
  loadAverage?: { start: number[]; end: number[] };
  startedAt?: string;
  runtimes?: Record<string, string>;
  timings?: MetricTiming[];
  triad?: TriadAbResult[];
  grammar?: JudgeGrammar[];
  encoders?: EmbeddingsVsRawResult;
  peakRssMb?: number;
}

const loadAverage = () => os.loadavg().map((x) => Math.round(x * 100) / 100);

/** Runs the section, or returns `skipped` when an environment variable is unset. */
export async function runRealModels(): Promise<RealModelsResult> {
  const missing = Object.values(REAL_MODEL_ENV).filter((name) => !process.env[name]);
  if (missing.length > 0) {
    return {
      section: "real",
      skipped: `real models not configured: set ${missing.join(", ")} (npm run real-models prints them)`,
    };
  }
  const env = (key: keyof typeof REAL_MODEL_ENV) => process.env[REAL_MODEL_ENV[key]]!;
  const quick = hasFlag("quick");
  const threads = numberFlag("threads", 2);
  const rowCount = numberFlag("rows", quick ? 1 : 2);
  const rounds = numberFlag("rounds", quick ? 1 : 2);
  const start = loadAverage();
  const startedAt = new Date().toISOString();
  note(`real: load average ${start.join(", ")} at start; judges at ${threads} threads`);

  const rows = benchRows({ limit: rowCount });
  const metricIds = hasFlag("triad-only")
    ? []
    : (listFlag("metrics") ?? (quick ? [...TRIAD] : judgeMetricIds(rows)));
  const embeddings = await TransformersEmbeddings.load({ model: env("minilmInt8") });
  const wanted = listFlag("judges") ?? ["smollm2", "gemma"];
  const judges = [
    { key: "smollm2", name: "SmolLM2-135M-Instruct Q4_1", path: env("smollm2") },
    { key: "gemma", name: "Gemma-3-270M Q4_K_M", path: env("gemma") },
  ].filter((j) => wanted.includes(j.key));
  const calls = new Map(judges.map((j) => [j.name, [] as JudgeCall[]]));
  let current = "";
  const loaded = [];
  for (const j of judges) {
    const llm = await LlamaCppLlm.load({
      modelPath: j.path,
      threads,
      contextSize: BENCH_CONTEXT_SIZE,
      memoSize: 0,
    });
    loaded.push({
      name: j.name,
      path: j.path,
      llm,
      recorded: recordingJudge(llm, calls.get(j.name)!, () => current),
    });
  }
  const timings: MetricTiming[] = [];
  const triad: TriadAbResult[] = [];
  try {
    for (const id of metricIds) {
      for (const j of loaded) {
        current = id;
        let metric: ReturnType<typeof makeJudgeMetric>;
        try {
          metric = makeJudgeMetric(id, { llm: j.recorded, embeddings });
        } catch (err) {
          note(`${id}: not built (${err instanceof Error ? err.message : String(err)})`);
          break;
        }
        timings.push(await timeMetrics(id, { name: j.name, llm: j.llm }, [metric], rows));
        note(`${id} on ${j.name}: ${num(timings.at(-1)!.secondsPerRow, 2)} s/row`);
      }
    }
    // The triad, A B A B, on rows marked so that no kept prompt of the runs above covers more than the few-shot start.
    for (const j of hasFlag("no-triad") ? [] : loaded) {
      current = "triad";
      triad.push(await runTriadAb({ name: j.name, llm: j.recorded }, embeddings, rowCount, note));
    }
  } finally {
    for (const j of loaded) await j.llm.dispose();
    await embeddings.dispose();
  }

  const grammar: JudgeGrammar[] = [];
  for (const j of judges) {
    // The first call of each judge step (prompt name): its prompt and schema as the metric made them.
    const recorded = calls.get(j.name)!;
    const firsts = [...new Set(recorded.map((c) => c.prompt.name))].map((name) => ({
      ...recorded.find((c) => c.prompt.name === name)!,
      metric: name,
    }));
    note(`grammar on ${j.name}: replaying ${firsts.length} calls, ${rounds} round(s)`);
    const result = await measureGrammarShare(j.path, firsts, {
      threads,
      contextSize: BENCH_CONTEXT_SIZE,
      rounds,
    });
    grammar.push({ judge: j.name, ...result });
  }

  note("encoders: TransformersEmbeddings vs raw onnxruntime-node");
  const encoders = await runEmbeddingsVsRaw({
    models: [
      { name: "all-MiniLM-L6-v2 int8", dir: env("minilmInt8") },
      { name: "all-MiniLM-L6-v2 fp32", dir: env("minilmFp32") },
    ],
    batchSizes: [1, 32],
    runs: quick ? 2 : 5,
    texts: quick ? 32 : 128,
    log: note,
  });
  return {
    section: "real",
    quick,
    threads,
    loadAverage: { start, end: loadAverage() },
    startedAt,
    runtimes: runtimeVersions(),
    timings,
    triad,
    grammar,
    encoders,
  };
}

/** The goals, each with the measured figure and met / not met. */
function goalsTable(r: RealModelsResult): string {
  const rows: string[][] = [];
  const triad = r.triad?.find((t) => t.judge.startsWith("SmolLM2"));
  for (const v of triad?.variants ?? []) {
    rows.push([
      `RAG triad, SmolLM2-135M-Instruct, ${v.variant}: ${v.label}`,
      `${num(v.secondsPerRow, 2)} s/row at ${r.threads} threads`,
      `≤ ${GOALS.triadSecondsPerRow} s/row`,
      v.secondsPerRow <= GOALS.triadSecondsPerRow ? "met" : "not met",
    ]);
  }
  for (const g of r.grammar ?? []) {
    rows.push([
      `grammar's share of generation, ${g.judge} (${num(g.vocabularySize)} tokens)`,
      `${percent(g.total.share)} (with ÷ without ${times(g.total.secondsWith / g.total.secondsWithout)})`,
      `≤ ${percent(GOALS.grammarShare)}`,
      g.total.share <= GOALS.grammarShare ? "met" : "not met",
    ]);
  }
  for (const e of r.encoders?.rows ?? []) {
    rows.push([
      `${e.model} texts/s, batch ${e.batchSize}, library ÷ raw`,
      `${times(e.ratio)} (paired ${times(e.pairedRatio)})`,
      `≥ ${times(GOALS.encoderRatio)}`,
      e.ratio >= GOALS.encoderRatio ? "met" : "not met",
    ]);
  }
  return markdownTable(["goal", "measured", "target", "verdict"], rows);
}

/** The section as Markdown. */
export function formatRealModels(r: RealModelsResult): string {
  if (r.skipped) return `Skipped: ${r.skipped}.`;
  const v = r.runtimes ?? {};
  const header =
    `${r.startedAt}; ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}); node ${v.node}, node-llama-cpp ${v["node-llama-cpp"]}, ` +
    `onnxruntime-node ${v["onnxruntime-node"]}; judges at ${r.threads} threads, memo off, context ${BENCH_CONTEXT_SIZE}; ` +
    `load average (1, 5, 15 min) ${r.loadAverage?.start.join(", ")} at start, ${r.loadAverage?.end.join(", ")} at end` +
    `${r.quick ? "; QUICK RUN, not for publishing" : ""}.`;
  const metricRows = (r.timings ?? []).map((t) => {
    const first = r.timings!.find((x) => x.metric === t.metric)!;
    return [
      t.metric,
      t.judge,
      String(t.rows),
      num(t.secondsPerRow, 2) + (t.errors > 0 ? ` (${t.errors} error rows)` : ""),
      first === t ? "–" : times(t.secondsPerRow / first.secondsPerRow),
      ...WORK_COLUMNS.map(([key]) => num(t.work[key], key === "calls" ? 1 : 0)),
    ];
  });
  const errors = (r.timings ?? [])
    .filter((t) => t.firstError)
    .map((t) => `- ${t.metric} on ${t.judge}: ${t.firstError}`);
  const grammarRows = (r.grammar ?? []).flatMap((g) =>
    g.rows.map((x) => [
      g.judge,
      num(g.vocabularySize),
      x.metric,
      num(x.tokensPerCall, 0),
      num(x.tokensPerSecondWith, 1),
      num(x.tokensPerSecondWithout, 1),
      percent(x.share),
    ]),
  );
  const grammarTotals = (r.grammar ?? []).map(
    (g) =>
      `- ${g.judge}: all replays ${num(g.total.secondsWith, 2)} s with the grammar, ${num(g.total.secondsWithout, 2)} s without, ` +
      `${num(g.total.tokens)} tokens: share ${percent(g.total.share)}; building a grammar (JSON Schema → GBNF → llama.cpp) ` +
      `${num(g.grammarBuildSeconds * 1000, 2)} ms (median), ${g.rounds} round(s)`,
  );
  const encoderRows = (r.encoders?.rows ?? []).map((e) => [
    e.model,
    String(e.batchSize),
    num(e.libraryTextsPerSecond),
    num(e.rawTextsPerSecond),
    times(e.ratio),
    times(e.pairedRatio),
    times(e.tokenizerCeiling),
  ]);
  return [
    header,
    "",
    "Goals:",
    "",
    goalsTable(r),
    "",
    ...formatTriadAb(r.triad ?? []),
    "",
    ...(metricRows.length === 0
      ? []
      : [
          `Each metric alone: seconds per row (rows of examples/rag-eval.jsonl, \`evaluate()\` at concurrency 1), the second judge ÷ the first, and the judge's work per row:`,
          "",
          markdownTable(
            [
              "metric",
              "judge",
              "rows",
              "s/row",
              "÷ first judge",
              ...WORK_COLUMNS.map(([, head]) => `${head}/row`),
            ],
            metricRows,
          ),
        ]),
    ...(errors.length > 0 ? ["", "Errors:", ...errors] : []),
    "",
    "Grammar: the metrics' own calls replayed with the library's grammar and without any, same prompt, same token count, alternating (generation only; the prompt is read before the clock starts):",
    "",
    markdownTable(
      [
        "judge",
        "vocabulary",
        "metric call",
        "tokens",
        "tok/s with grammar",
        "tok/s without",
        "grammar share",
      ],
      grammarRows,
    ),
    "",
    ...grammarTotals,
    "",
    "Encoders: TransformersEmbeddings.embed() vs raw onnxruntime-node session.run on pre-tokenized inputs (ceiling = raw ÷ raw with the same tokenizer):",
    "",
    markdownTable(
      ["model", "batch", "library texts/s", "raw texts/s", "ratio", "paired ratio", "ceiling"],
      encoderRows,
    ),
  ].join("\n");
}

if (isMain(import.meta.url)) {
  const result = await runRealModels();
  // Under bench/run.ts (--json) stdout is not shown: the one line goes to stderr there.
  if (result.skipped && flag("json") !== undefined)
    process.stderr.write(`bench real: skipped: ${result.skipped}\n`);
  finishSection(result, formatRealModels);
}
