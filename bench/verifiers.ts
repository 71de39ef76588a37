/**
 * Section "verifiers": what a local verifier saves against the judge, on models of real size, in one process.
 * 1. Faithfulness per row: `VerifierFaithfulness` with a BERT-base-size (~110M) consistency verifier (HHEM-2.1-Open's
 *    size) and a MiniLM-L6-size (~22M) NLI verifier, against `Faithfulness` (the judge metric) on the
 *    Qwen2.5-0.5B-shaped random-weight proxy judge (scripts/proxy-gguf.ts), on the rows of examples/rag-eval.jsonl,
 *    printed as judge seconds per row ÷ verifier seconds per row (goal ≥ 50×).
 * 2. The RAG triad per row through `evaluate()`: faithfulness and context relevance by verifiers
 *    (`verifier_faithfulness` BERT-base-size, `verifier_context_relevance` MiniLM-size cross-encoder) and answer
 *    relevancy by the proxy judge (starter embedder), goal ≤ 3 s per row on 2 cores; beside it the three judge
 *    metrics per row on the proxy when `--baseline-rows` > 0, else the recorded estimate from docs/performance.md
 *    (labelled as recorded).
 * Every metric is used through its public class, as a user would; the verifiers and the judge run at the same
 * `--threads` (default 2: what the judge sections use for the proxy, and the library's default for a model of its
 * size on 2 cores). The verifiers are random-weight graphs from scripts/verifier-fixtures, written once to
 * .test-models/verifiers/ (bench/lib/verifier-models.ts). Verifier seconds are medians over rows after one untimed
 * warm-up row (which loads the session); the judge's rows are timed from the first (no warm-up: each judge row costs
 * minutes), so its first row reads the whole prompt without prefix reuse, as a user's first row does.
 *
 * The proxy has random weights: it writes JSON of no meaning and of whatever length its grammar lets it reach, up
 * to `--judge-max-tokens` (then one retry with a larger budget, `retryBudgetFactor`, and the row fails as cut
 * off). Its time per row is the cost of the work it did; the tokens it generated are printed beside it so the
 * time can be compared with a real judge's answer lengths (docs/performance.md's estimate).
 *
 * Run alone: node --import tsx bench/verifiers.ts [--rows 20] [--judge-rows 1] [--judge-max-tokens 512]
 *            [--retry-factor 4] [--triad-rows 1] [--baseline-rows 0] [--threads 2] [--json out.json]
 */
import path from "node:path";
import { PROXY_GGUF_PATH, writeProxyGguf } from "../scripts/proxy-gguf.js";
import {
  AnswerRelevancy,
  ContextRelevance,
  closeSharedVerifiers,
  Faithfulness,
  LlamaCppLlm,
  type Metric,
  VerifierContextRelevance,
  VerifierFaithfulness,
} from "../src/index.js";
import { flag, numberFlag } from "./lib/cli.js";
import { benchRows, type RagRow } from "./lib/dataset.js";
import { loadStarterEmbeddings, timeEvaluate } from "./lib/judges.js";
import { type MachineInfo, machineInfo, runtimeVersions } from "./lib/machine.js";
import { markdownTable, num, times } from "./lib/markdown.js";
import { describeModel } from "./lib/models.js";
import { finishSection, isMain, note } from "./lib/section.js";
import { median, ratio } from "./lib/stats.js";
import { benchVerifierDir, type VerifierSize } from "./lib/verifier-models.js";

/** The faithfulness goal: a verifier row at least this many times faster than a judge row. */
export const FAITHFULNESS_GOAL = 50;
/** The triad goal: seconds per row on 2 cores. */
export const TRIAD_GOAL_SECONDS = 3;
/**
 * docs/performance.md's estimate of the three seed judge metrics on Qwen2.5-0.5B-Instruct, 2 threads, with prefix
 * reuse ("Estimate for Qwen2.5-0.5B-Instruct on a 2-core CPU"): the recorded baseline when none is measured.
 */
export const RECORDED_THREE_JUDGE_SECONDS = 20.0;

/** Options of {@link runVerifiers}. */
export interface VerifiersOptions {
  /** Example rows the verifiers score, after an untimed warm-up on the first. Defaults to 20 (all). */
  rows?: number;
  /** Example rows the judge's faithfulness scores (each costs minutes on the proxy). Defaults to 1. */
  judgeRows?: number;
  /** The judge's answer budget (`maxTokens`). Defaults to 512 (the library default). */
  judgeMaxTokens?: number;
  /** The judge's `retryBudgetFactor`. Defaults to 4 (the library default). */
  retryFactor?: number;
  /** Rows of the triad run. Defaults to 1. */
  triadRows?: number;
  /** Rows of the three-judge-metric baseline on the proxy; 0 uses the recorded estimate. Defaults to 0. */
  baselineRows?: number;
  /** Threads of the verifiers and of the judge. Defaults to 2. */
  threads?: number;
  /** The judge GGUF. Defaults to the Qwen2.5-0.5B-shaped proxy (written when missing). */
  modelPath?: string;
}

/** One metric's seconds per row. */
export interface TimedMetric {
  label: string;
  /** The metric's id. */
  metric: string;
  /** The model: the verifier's family and size, or the judge's file name. */
  model: string;
  rows: number;
  /** Median seconds per row. */
  secondsPerRow: number;
  /** Mean seconds per row. */
  meanSecondsPerRow: number;
  /** Rows by status. */
  ok: number;
  errors: number;
  firstError?: string;
  /** Judge only: answer tokens generated per row (mean, retries included). */
  generatedTokensPerRow?: number;
  /** Judge only: prompt tokens evaluated per row (mean, after prefix reuse). */
  evaluatedPromptTokensPerRow?: number;
}

/** Result of the verifiers section. */
export interface VerifiersResult {
  section: "verifiers";
  machine: MachineInfo;
  runtimeVersions: Record<string, string>;
  threads: number;
  judge: { model: string; sha256: string; maxTokens: number; retryFactor: number; loadSeconds: number };
  faithfulness: {
    judge: TimedMetric;
    verifiers: TimedMetric[];
    /** Judge seconds per row ÷ each verifier's (medians). */
    ratios: Array<{ model: string; ratio: number }>;
    goal: number;
  };
  triad: {
    rows: number;
    secondsPerRow: number;
    ok: number;
    errors: number;
    firstError?: string;
    goalSeconds: number;
    baseline: { secondsPerRow: number; source: "measured" | "recorded"; rows: number; errors: number };
  };
  /** 1-minute load average at the end of the section. */
  loadAverageAtEnd: number;
}

const sampleOf = (row: RagRow) => ({
  userInput: row.user_input,
  response: row.response,
  retrievedContexts: row.retrieved_contexts,
});

/** Scores `rows` one by one with `metric.score`, timing each. */
async function timeRows(
  metric: Metric,
  rows: readonly RagRow[],
  label: string,
  model: string,
): Promise<TimedMetric> {
  const seconds: number[] = [];
  let ok = 0;
  let firstError: string | undefined;
  for (const [i, row] of rows.entries()) {
    const t0 = performance.now();
    const r = await metric.score(sampleOf(row));
    seconds.push((performance.now() - t0) / 1000);
    if (r.status === "ok") ok++;
    else firstError ??= r.error ?? r.reason;
    note(
      `verifiers: ${label} (${model}), row ${i + 1}/${rows.length}: ${seconds.at(-1)!.toFixed(3)} s (${r.status})`,
    );
  }
  return {
    label,
    metric: metric.name,
    model,
    rows: rows.length,
    secondsPerRow: median(seconds),
    meanSecondsPerRow: seconds.reduce((a, b) => a + b, 0) / seconds.length,
    ok,
    errors: rows.length - ok,
    ...(firstError !== undefined ? { firstError } : {}),
  };
}

/** The faithfulness verifiers measured: family and size. */
const FAITHFULNESS_VERIFIERS: ReadonlyArray<{ family: "consistency" | "nli"; size: VerifierSize }> = [
  { family: "consistency", size: "bert-base" },
  { family: "nli", size: "minilm-l6" },
];

/**
 * Measures verifier against judge faithfulness per row and the verifier RAG triad per row (see the header).
 *
 * @example
 * const r = await runVerifiers({ rows: 4, judgeRows: 1 });
 * console.log(r.faithfulness.ratios, r.triad.secondsPerRow);
 */
export async function runVerifiers(options: VerifiersOptions = {}): Promise<VerifiersResult> {
  const threads = options.threads ?? 2;
  const maxTokens = options.judgeMaxTokens ?? 512;
  const retryFactor = options.retryFactor ?? 4;
  const machine = machineInfo();
  const all = benchRows();
  const verifierRows = all.slice(0, options.rows ?? 20);
  const judgeRows = all.slice(0, options.judgeRows ?? 1);
  const triadRows = all.slice(0, options.triadRows ?? 1);
  const baselineRows = all.slice(0, options.baselineRows ?? 0);

  const dirs = new Map<string, string>();
  for (const { family, size } of [
    ...FAITHFULNESS_VERIFIERS,
    { family: "relevance" as const, size: "minilm-l6" as const },
  ]) {
    note(`verifiers: ${family} verifier, ${size} (written when missing)…`);
    dirs.set(`${family}-${size}`, await benchVerifierDir(family, size));
  }
  let modelPath = options.modelPath;
  if (modelPath === undefined) {
    note("verifiers: the Qwen2.5-0.5B-shaped proxy GGUF (written when missing)…");
    modelPath = (await writeProxyGguf(PROXY_GGUF_PATH)).path;
  }
  const [info] = await describeModel(modelPath);

  // 1. Faithfulness: each verifier (warm-up row, then timed rows), then the judge, in one process.
  const verifiers: TimedMetric[] = [];
  for (const { family, size } of FAITHFULNESS_VERIFIERS) {
    const metric = new VerifierFaithfulness({ verifier: dirs.get(`${family}-${size}`)!, threads });
    await metric.score(sampleOf(verifierRows[0]!)); // warm-up: loads the session (verifiers keep no memo)
    verifiers.push(await timeRows(metric, verifierRows, "verifier_faithfulness", `${family} ${size}`));
  }
  const t0 = performance.now();
  const llm = await LlamaCppLlm.load({
    modelPath,
    threads,
    contextSize: 4096,
    maxTokens,
    retryBudgetFactor: retryFactor,
  });
  const loadSeconds = (performance.now() - t0) / 1000;
  let judge: TimedMetric;
  let triad: VerifiersResult["triad"];
  try {
    const before = llm.stats();
    judge = await timeRows(new Faithfulness({ llm }), judgeRows, "faithfulness (judge)", info!.name);
    const after = llm.stats();
    judge.generatedTokensPerRow = (after.completionTokens - before.completionTokens) / judgeRows.length;
    judge.evaluatedPromptTokensPerRow =
      (after.evaluatedPromptTokens - before.evaluatedPromptTokens) / judgeRows.length;

    // 2. The triad through evaluate(), as a user runs it.
    const embeddings = await loadStarterEmbeddings();
    const triadMetrics: Metric[] = [
      new VerifierFaithfulness({ verifier: dirs.get("consistency-bert-base")!, threads }),
      new VerifierContextRelevance({ verifier: dirs.get("relevance-minilm-l6")!, threads }),
      new AnswerRelevancy({ llm, embeddings }),
    ];
    // Warm-up: loads the relevance session (the faithfulness one is shared with part 1).
    await new VerifierContextRelevance({ verifier: dirs.get("relevance-minilm-l6")!, threads }).score(
      sampleOf(all.at(-1)!),
    );
    note(`verifiers: the triad on ${triadRows.length} row(s)…`);
    const run = await timeEvaluate(triadRows, triadMetrics, 1);
    let baseline: VerifiersResult["triad"]["baseline"] = {
      secondsPerRow: RECORDED_THREE_JUDGE_SECONDS,
      source: "recorded",
      rows: 0,
      errors: 0,
    };
    if (baselineRows.length > 0) {
      note(`verifiers: three judge metrics on ${baselineRows.length} row(s)…`);
      const judged = await timeEvaluate(
        baselineRows,
        [new Faithfulness({ llm }), new ContextRelevance({ llm }), new AnswerRelevancy({ llm, embeddings })],
        1,
      );
      baseline = {
        secondsPerRow: judged.seconds / judged.rows,
        source: "measured",
        rows: judged.rows,
        errors: judged.errors,
      };
    }
    triad = {
      rows: run.rows,
      secondsPerRow: run.seconds / run.rows,
      ok: run.ok,
      errors: run.errors,
      ...(run.firstError !== undefined ? { firstError: run.firstError } : {}),
      goalSeconds: TRIAD_GOAL_SECONDS,
      baseline,
    };
  } finally {
    await llm.dispose();
    await closeSharedVerifiers();
  }
  return {
    section: "verifiers",
    machine,
    runtimeVersions: runtimeVersions(),
    threads,
    judge: {
      model: info!.name,
      sha256: info!.sha256,
      maxTokens,
      retryFactor,
      loadSeconds: Math.round(loadSeconds * 10) / 10,
    },
    faithfulness: {
      judge,
      verifiers,
      ratios: verifiers.map((v) => ({ model: v.model, ratio: ratio(judge.secondsPerRow, v.secondsPerRow) })),
      goal: FAITHFULNESS_GOAL,
    },
    triad,
    loadAverageAtEnd: machineInfo().loadAverage,
  };
}

/** The section as Markdown: faithfulness per row with the ratios, then the triad. */
export function formatVerifiers(r: VerifiersResult & { peakRssMb?: number }): string {
  const f = r.faithfulness;
  const errorsCell = (m: TimedMetric) => (m.errors > 0 ? `${m.errors} (${m.firstError ?? ""})` : "0");
  const t = r.triad;
  return [
    `${r.threads} threads for the verifiers and the judge (${r.judge.model}, sha256 ${r.judge.sha256.slice(0, 12)}…, ` +
      `maxTokens ${r.judge.maxTokens}, retryBudgetFactor ${r.judge.retryFactor}, loaded in ${num(r.judge.loadSeconds, 1)} s). ` +
      `Load average ${r.machine.loadAverage} at start, ${r.loadAverageAtEnd} at end, ${r.machine.cpus} cores.`,
    "",
    markdownTable(
      [
        "metric",
        "model",
        "rows",
        "s/row (median)",
        "s/row (mean)",
        "judge ÷ this",
        `goal ≥ ${f.goal}×`,
        "error rows",
      ],
      [
        ...f.verifiers.map((v) => {
          const x = f.ratios.find((q) => q.model === v.model)?.ratio ?? Number.NaN;
          return [
            v.metric,
            v.model,
            String(v.rows),
            num(v.secondsPerRow, 3),
            num(v.meanSecondsPerRow, 3),
            times(x),
            x >= f.goal ? "yes" : "no",
            errorsCell(v),
          ];
        }),
        [
          f.judge.metric,
          `${f.judge.model} (judge)`,
          String(f.judge.rows),
          num(f.judge.secondsPerRow, 1),
          num(f.judge.meanSecondsPerRow, 1),
          "1.00×",
          "–",
          errorsCell(f.judge),
        ],
      ],
      ["l", "l", "r", "r", "r", "r", "l", "l"],
    ),
    "",
    `- The judge generated ${num(f.judge.generatedTokensPerRow, 0)} answer tokens and evaluated ` +
      `${num(f.judge.evaluatedPromptTokensPerRow, 0)} prompt tokens per row. Its weights are random: it writes ` +
      "JSON of no meaning, of a length set by its grammar and `maxTokens`, not a real judge's answer; compare with " +
      "docs/performance.md's estimate for Qwen2.5-0.5B-Instruct.",
    "",
    markdownTable(
      ["RAG triad", "rows", "s/row", `goal ≤ ${t.goalSeconds} s`, "error records"],
      [
        [
          "verifier_faithfulness (consistency bert-base) + verifier_context_relevance (relevance minilm-l6) + answer_relevancy (judge)",
          String(t.rows),
          num(t.secondsPerRow, 2),
          t.secondsPerRow <= t.goalSeconds ? "yes" : "no",
          t.errors > 0 ? `${t.errors} (${t.firstError ?? ""})` : "0",
        ],
        [
          t.baseline.source === "measured"
            ? "three judge metrics (faithfulness, context_relevance, answer_relevancy), measured"
            : "three judge metrics, RECORDED estimate (docs/performance.md, Qwen2.5-0.5B-Instruct, 2 threads), not measured here",
          t.baseline.source === "measured" ? String(t.baseline.rows) : "–",
          num(t.baseline.secondsPerRow, 1),
          "–",
          t.baseline.source === "measured" ? String(t.baseline.errors) : "–",
        ],
      ],
      ["l", "r", "r", "l", "l"],
    ),
    ...(r.peakRssMb !== undefined ? ["", `- Peak RSS of this process: ${num(r.peakRssMb, 0)} MB.`] : []),
  ].join("\n");
}

if (isMain(import.meta.url)) {
  const gguf = flag("gguf");
  const result = await runVerifiers({
    rows: numberFlag("rows", 20),
    judgeRows: numberFlag("judge-rows", 1),
    judgeMaxTokens: numberFlag("judge-max-tokens", 512),
    retryFactor: numberFlag("retry-factor", 4),
    triadRows: numberFlag("triad-rows", 1),
    baselineRows: numberFlag("baseline-rows", 0),
    threads: numberFlag("threads", 2),
    ...(gguf !== undefined ? { modelPath: path.resolve(gguf) } : {}),
  });
  finishSection(result, formatVerifiers);
}
