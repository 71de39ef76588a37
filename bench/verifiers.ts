/**
 * Section "verifiers": what a local verifier saves against the judge, on models of real size, in one process.
 * 1. Faithfulness per row: `VerifierFaithfulness` with a BERT-base-size (~110M) consistency verifier (HHEM-2.1-Open's
 *    size) and a MiniLM-L6-size (~22M) NLI verifier, each as float32 (onnx/model.onnx) and as int8 (the same
 *    weights dynamically quantized, onnx/model_quantized.onnx: what the verifiers users download are), against
 *    `Faithfulness` (the judge metric) on the Qwen2.5-0.5B-shaped random-weight proxy judge (scripts/proxy-gguf.ts),
 *    on the rows of examples/rag-eval.jsonl, printed as judge seconds per row ÷ verifier seconds per row (goal ≥ 50×).
 *    `--sizes minilm-l6` measures the MiniLM-size verifiers only (what --quick does: the BERT-base graph is 435 MB).
 * 2. The RAG triad per row through `evaluate()`: faithfulness and context relevance by int8 verifiers
 *    (`verifier_faithfulness` at the largest size measured, `verifier_context_relevance` a MiniLM-size
 *    cross-encoder) and answer relevancy by the proxy judge (starter embedder), goal ≤ 3 s per row on 2 cores; run
 *    twice on the same rows, with answer_relevancy's default `strictness` (3 questions per row) and with
 *    `strictness: 1`. Beside them the three judge metrics per row on the proxy when `--baseline-rows` > 0, else the
 *    recorded estimate from docs/performance.md (labelled as recorded).
 * Each judged part scores rows no earlier judged part scored (judge faithfulness, then the triad, then the baseline,
 * in the order of the file), so the judge's in-process memo cannot serve a row from an earlier part; its memo hits
 * are recorded to show it. Every metric is used through its public class, as a user would; the verifiers and the
 * judge run at the same `--threads` (default 2: what the judge sections use for the proxy, and the library's default
 * for a model of its size on 2 cores). The verifiers are random-weight graphs from scripts/verifier-fixtures,
 * written once to .test-models/verifiers/ (bench/lib/verifier-models.ts). Verifier seconds are medians over rows
 * after one untimed warm-up row (which loads the session), the fp32 and int8 verifiers of a size scoring each row in
 * turn (so a change of load falls on both alike); the judge's rows are timed from the first (no warm-up:
 * each judge row costs seconds to minutes), so its first row reads the whole prompt without prefix reuse, as a
 * user's first row does.
 *
 * The proxy has random weights: it writes JSON of no meaning and of whatever length its grammar lets it reach, up
 * to `--judge-max-tokens` (then one retry with a larger budget, `retryBudgetFactor`, and the row fails as cut
 * off). Its time per row is the cost of the work it did; the tokens it generated are printed beside it so the
 * time can be compared with a real judge's answer lengths (docs/performance.md's estimate).
 *
 * Run alone: node --import tsx bench/verifiers.ts [--rows 20] [--judge-rows 3] [--judge-max-tokens 512]
 *            [--retry-factor 4] [--triad-rows 9] [--baseline-rows 0] [--threads 2] [--sizes bert-base,minilm-l6]
 *            [--json out.json]
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
import { flag, listFlag, numberFlag } from "./lib/cli.js";
import { benchRows, type RagRow } from "./lib/dataset.js";
import { loadStarterEmbeddings, timeEvaluate } from "./lib/judges.js";
import { machineInfo, runtimeVersions } from "./lib/machine.js";
import { describeModel } from "./lib/models.js";
import { finishSection, isMain, note } from "./lib/section.js";
import { median, ratio } from "./lib/stats.js";
import { benchVerifierDir, type VerifierPrecision, type VerifierSize } from "./lib/verifier-models.js";
import {
  FAITHFULNESS_GOAL,
  formatVerifiers,
  type JudgedRun,
  type JudgeWork,
  RECORDED_THREE_JUDGE_SECONDS,
  type RowRange,
  rowsLabel,
  type TimedMetric,
  TRIAD_GOAL_SECONDS,
  type TriadRun,
  type VerifiersResult,
  type VerifierTiming,
} from "./lib/verifiers-report.js";

export {
  FAITHFULNESS_GOAL,
  formatVerifiers,
  RECORDED_THREE_JUDGE_SECONDS,
  TRIAD_GOAL_SECONDS,
  type VerifiersResult,
} from "./lib/verifiers-report.js";

/** answer_relevancy's strictness settings the triad runs with: the default (3) and Ragas' cheapest (1). */
export const TRIAD_STRICTNESS = [3, 1] as const;

/** Options of {@link runVerifiers}. */
export interface VerifiersOptions {
  /** Example rows the verifiers score, after an untimed warm-up on the first. Defaults to 20 (all). */
  rows?: number;
  /**
   * Example rows the judge's faithfulness scores (each costs seconds to minutes on the proxy; the first reads its
   * whole prompt, the later ones reuse its few-shot prefix, as most of a user's rows do). Defaults to 3.
   */
  judgeRows?: number;
  /** The judge's answer budget (`maxTokens`). Defaults to 512 (the library default). */
  judgeMaxTokens?: number;
  /** The judge's `retryBudgetFactor`. Defaults to 4 (the library default). */
  retryFactor?: number;
  /**
   * Rows of each triad run (the rows after the judge's): enough that the first row's full prompt, which every run
   * pays once, weighs as it does in a real run's mean. Defaults to 9.
   */
  triadRows?: number;
  /** Rows of the three-judge-metric baseline (the rows after the triad's); 0 uses the recorded estimate. Defaults to 0. */
  baselineRows?: number;
  /** Threads of the verifiers and of the judge. Defaults to 2. */
  threads?: number;
  /** Verifier sizes measured: `bert-base` (consistency) and `minilm-l6` (NLI). Defaults to both. */
  sizes?: readonly VerifierSize[];
  /** The judge GGUF. Defaults to the Qwen2.5-0.5B-shaped proxy (written when missing). */
  modelPath?: string;
}

const sampleOf = (row: RagRow) => ({
  userInput: row.user_input,
  response: row.response,
  retrievedContexts: row.retrieved_contexts,
});

/**
 * Scores the rows `range` of `all` one by one with each of `timed` in turn (row 1 with each, then row 2…), so a
 * change of the machine's load while they run falls on all of them alike; times each score.
 */
async function timeRows(
  timed: ReadonlyArray<{ metric: Metric; model: string; precision?: string }>,
  all: readonly RagRow[],
  range: RowRange,
): Promise<TimedMetric[]> {
  const rows = all.slice(range.first, range.first + range.count);
  const runs = timed.map(() => ({
    seconds: [] as number[],
    ok: 0,
    firstError: undefined as string | undefined,
  }));
  for (const [i, row] of rows.entries())
    for (const [k, { metric, model, precision }] of timed.entries()) {
      const run = runs[k]!;
      const t0 = performance.now();
      const r = await metric.score(sampleOf(row));
      run.seconds.push((performance.now() - t0) / 1000);
      if (r.status === "ok") run.ok++;
      else run.firstError ??= r.error ?? r.reason;
      note(
        `verifiers: ${metric.name} (${model}${precision ? ` ${precision}` : ""}), row ${i + 1}/${rows.length}: ${run.seconds.at(-1)!.toFixed(3)} s (${r.status})`,
      );
    }
  return timed.map(({ metric, model }, k) => {
    const { seconds, ok, firstError } = runs[k]!;
    return {
      metric: metric.name,
      model,
      rows: range,
      secondsPerRow: median(seconds),
      meanSecondsPerRow: seconds.reduce((a, b) => a + b, 0) / seconds.length,
      seconds: seconds.map((x) => Math.round(x * 1000) / 1000),
      ok,
      errors: rows.length - ok,
      ...(firstError !== undefined ? { firstError } : {}),
    };
  });
}

/** Runs `work` and returns its result with what the judge did meanwhile, per row of `rows`. */
async function judged<T>(llm: LlamaCppLlm, rows: number, work: () => Promise<T>): Promise<[T, JudgeWork]> {
  const before = llm.stats();
  const result = await work();
  const after = llm.stats();
  return [
    result,
    {
      calls: after.calls - before.calls,
      memoHits: after.memoHits - before.memoHits,
      generatedTokensPerRow: (after.completionTokens - before.completionTokens) / rows,
      evaluatedPromptTokensPerRow: (after.evaluatedPromptTokens - before.evaluatedPromptTokens) / rows,
    },
  ];
}

/** Runs `metrics` on the rows `range` of `all` through `evaluate()`, one row at a time, with the judge's work. */
async function judgedRun(
  llm: LlamaCppLlm,
  all: readonly RagRow[],
  range: RowRange,
  metrics: readonly Metric[],
): Promise<JudgedRun> {
  const [run, judge] = await judged(llm, range.count, () =>
    timeEvaluate(all.slice(range.first, range.first + range.count), metrics, 1),
  );
  return {
    rows: range,
    secondsPerRow: run.seconds / run.rows,
    ok: run.ok,
    errors: run.errors,
    ...(run.firstError !== undefined ? { firstError: run.firstError } : {}),
    judge,
  };
}

/** The faithfulness verifier family of each size: HHEM-2.1-Open (consistency) is BERT-base-size, NLI MiniLM-size. */
const FAITHFULNESS_FAMILY: Record<VerifierSize, "consistency" | "nli"> = {
  "bert-base": "consistency",
  "minilm-l6": "nli",
  tiny: "nli",
};
const PRECISIONS: readonly VerifierPrecision[] = ["fp32", "int8"];

/**
 * Consecutive, disjoint ranges of `counts` rows (in order) among `available` rows, so no judged part scores a row an
 * earlier one scored; throws naming the parts when they need more rows than the dataset has.
 */
export function judgedRanges(counts: Record<string, number>, available: number): Record<string, RowRange> {
  let first = 0;
  const ranges: Record<string, RowRange> = {};
  for (const [part, count] of Object.entries(counts)) {
    ranges[part] = { first, count };
    first += count;
  }
  if (first > available)
    throw new Error(
      `verifiers: the judged parts need ${first} distinct rows (${Object.entries(counts)
        .map(([p, c]) => `${p} ${c}`)
        .join(
          ", ",
        )}) but examples/rag-eval.jsonl has ${available}: lower --judge-rows, --triad-rows or --baseline-rows`,
    );
  return ranges;
}

/**
 * Measures verifier against judge faithfulness per row and the verifier RAG triad per row (see the header).
 *
 * @example
 * const r = await runVerifiers({ rows: 4, judgeRows: 1, sizes: ["minilm-l6"] });
 * console.log(r.faithfulness.verifiers.map((v) => v.ratio), r.triad.runs.map((t) => t.secondsPerRow));
 */
export async function runVerifiers(options: VerifiersOptions = {}): Promise<VerifiersResult> {
  const threads = options.threads ?? 2;
  const maxTokens = options.judgeMaxTokens ?? 512;
  const retryFactor = options.retryFactor ?? 4;
  const sizes = options.sizes ?? (["bert-base", "minilm-l6"] as const);
  const unknown = sizes.filter((s) => !(s in FAITHFULNESS_FAMILY));
  if (unknown.length > 0 || sizes.length === 0)
    throw new Error(
      `verifiers: --sizes ${sizes.join(",") || "(empty)"}: expected one or more of ${Object.keys(FAITHFULNESS_FAMILY).join(", ")}`,
    );
  const machine = machineInfo();
  const all = benchRows();
  const verifierRows: RowRange = { first: 0, count: Math.min(options.rows ?? 20, all.length) };
  const ranges = judgedRanges(
    { judge: options.judgeRows ?? 3, triad: options.triadRows ?? 9, baseline: options.baselineRows ?? 0 },
    all.length,
  );

  const measured = sizes.flatMap((size) =>
    PRECISIONS.map((precision) => ({ family: FAITHFULNESS_FAMILY[size], size, precision })),
  );
  const dirs = new Map<string, string>();
  const key = (v: { family: string; size: string; precision: string }) =>
    `${v.family} ${v.size} ${v.precision}`;
  const relevance = { family: "relevance" as const, size: "minilm-l6" as const, precision: "int8" as const };
  for (const v of [...measured, relevance]) {
    note(`verifiers: ${key(v)} verifier (written when missing)…`);
    dirs.set(key(v), await benchVerifierDir(v.family, v.size, v.precision));
  }
  let modelPath = options.modelPath;
  if (modelPath === undefined) {
    note("verifiers: the Qwen2.5-0.5B-shaped proxy GGUF (written when missing)…");
    modelPath = (await writeProxyGguf(PROXY_GGUF_PATH)).path;
  }
  const [info] = await describeModel(modelPath);

  // 1. Faithfulness: the verifiers of each size (fp32 and int8 alternately, after a warm-up row each), then the
  // judge, in one process.
  const timings: Array<TimedMetric & (typeof measured)[number]> = [];
  for (const size of sizes) {
    const ofSize = measured.filter((v) => v.size === size);
    const metrics = ofSize.map((v) => new VerifierFaithfulness({ verifier: dirs.get(key(v))!, threads }));
    for (const metric of metrics) await metric.score(sampleOf(all[0]!)); // warm-up: loads the session (no memo)
    const timed = await timeRows(
      metrics.map((metric, k) => ({
        metric,
        model: `${ofSize[k]!.family} ${size}`,
        precision: ofSize[k]!.precision,
      })),
      all,
      verifierRows,
    );
    timings.push(...timed.map((t, k) => ({ ...t, ...ofSize[k]! })));
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
  let judge: VerifiersResult["faithfulness"]["judge"];
  let triad: VerifiersResult["triad"];
  try {
    const [[timed], work] = await judged(llm, ranges.judge!.count, () =>
      timeRows([{ metric: new Faithfulness({ llm }), model: info!.name }], all, ranges.judge!),
    );
    judge = { ...timed!, work };

    // 2. The triad through evaluate(), as a user runs it: int8 verifiers, the faithfulness one of the first size.
    const embeddings = await loadStarterEmbeddings();
    const faithfulnessVerifier = key({ ...measured[0]!, precision: "int8" });
    const triadVerifiers = () => [
      new VerifierFaithfulness({ verifier: dirs.get(faithfulnessVerifier)!, threads }),
      new VerifierContextRelevance({ verifier: dirs.get(key(relevance))!, threads }),
    ];
    // Warm-up: loads the relevance session (the faithfulness one is shared with part 1).
    await triadVerifiers()[1]!.score(sampleOf(all.at(-1)!));
    // The verifiers' share of a triad row: the two verifiers alone on the triad's rows (they keep no memo).
    const triadRowsOnly = all.slice(ranges.triad!.first, ranges.triad!.first + ranges.triad!.count);
    const verifiersOnly = await timeEvaluate(triadRowsOnly, triadVerifiers(), 1);
    const runs: TriadRun[] = [];
    for (const strictness of TRIAD_STRICTNESS) {
      note(`verifiers: the triad, answer_relevancy strictness ${strictness}, ${rowsLabel(ranges.triad!)}…`);
      const metrics = [...triadVerifiers(), new AnswerRelevancy({ llm, embeddings, strictness })];
      runs.push({ strictness, ...(await judgedRun(llm, all, ranges.triad!, metrics)) });
    }
    let baseline: VerifiersResult["triad"]["baseline"] = {
      source: "recorded",
      secondsPerRow: RECORDED_THREE_JUDGE_SECONDS,
    };
    if (ranges.baseline!.count > 0) {
      note(`verifiers: three judge metrics on ${rowsLabel(ranges.baseline!)}…`);
      const judgeMetrics = [
        new Faithfulness({ llm }),
        new ContextRelevance({ llm }),
        new AnswerRelevancy({ llm, embeddings }),
      ];
      baseline = { source: "measured", ...(await judgedRun(llm, all, ranges.baseline!, judgeMetrics)) };
    }
    triad = {
      verifiersSecondsPerRow: verifiersOnly.seconds / verifiersOnly.rows,
      faithfulnessVerifier,
      contextRelevanceVerifier: key(relevance),
      runs,
      goalSeconds: TRIAD_GOAL_SECONDS,
      baseline,
    };
  } finally {
    await llm.dispose();
    await closeSharedVerifiers();
  }
  const verifiers: VerifierTiming[] = timings.map((t) => ({
    ...t,
    ratio: ratio(judge.secondsPerRow, t.secondsPerRow),
  }));
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
    faithfulness: { judge, verifiers, goal: FAITHFULNESS_GOAL },
    triad,
    loadAverageAtEnd: machineInfo().loadAverage,
  };
}

if (isMain(import.meta.url)) {
  const gguf = flag("gguf");
  const sizes = listFlag("sizes") as VerifierSize[] | undefined;
  const result = await runVerifiers({
    rows: numberFlag("rows", 20),
    judgeRows: numberFlag("judge-rows", 3),
    judgeMaxTokens: numberFlag("judge-max-tokens", 512),
    retryFactor: numberFlag("retry-factor", 4),
    triadRows: numberFlag("triad-rows", 9),
    baselineRows: numberFlag("baseline-rows", 0),
    threads: numberFlag("threads", 2),
    ...(sizes !== undefined ? { sizes } : {}),
    ...(gguf !== undefined ? { modelPath: path.resolve(gguf) } : {}),
  });
  finishSection(result, formatVerifiers);
}
