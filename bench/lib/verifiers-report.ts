/**
 * The verifiers section's result (bench/verifiers.ts) and its Markdown: faithfulness per row (each verifier, by
 * size and precision, against the judge), then the RAG triad per row at two answer_relevancy strictness settings
 * beside the three judge metrics.
 */
import type { MachineInfo } from "./machine.js";
import { markdownTable, num, times } from "./markdown.js";
import type { VerifierPrecision, VerifierSize } from "./verifier-models.js";

/** The faithfulness goal: a verifier row at least this many times faster than a judge row. */
export const FAITHFULNESS_GOAL = 50;
/** The triad goal: seconds per row on 2 cores. */
export const TRIAD_GOAL_SECONDS = 3;
/**
 * docs/performance.md's estimate of the three seed judge metrics on Qwen2.5-0.5B-Instruct, 2 threads, with prefix
 * reuse ("Estimate for Qwen2.5-0.5B-Instruct on a 2-core CPU"): the recorded baseline when none is measured.
 */
export const RECORDED_THREE_JUDGE_SECONDS = 20.0;

/** Which rows of examples/rag-eval.jsonl a part scored: `[first, first + count)`, 0-based. */
export interface RowRange {
  first: number;
  count: number;
}

/** What the judge did during one part (differences of `LlamaCppLlm.stats()`). */
export interface JudgeWork {
  /** Judge calls that reached the model. */
  calls: number;
  /** Calls answered from the judge's in-process memo (0: every row was judged afresh). */
  memoHits: number;
  /** Answer tokens generated per row (mean, retries included). */
  generatedTokensPerRow: number;
  /** Prompt tokens evaluated per row (mean, after prefix reuse). */
  evaluatedPromptTokensPerRow: number;
}

/** One metric's seconds per row. */
export interface TimedMetric {
  /** The metric's id. */
  metric: string;
  /** The model: the verifier's family and size, or the judge's file name. */
  model: string;
  rows: RowRange;
  /** Median seconds per row. */
  secondsPerRow: number;
  /** Mean seconds per row. */
  meanSecondsPerRow: number;
  /** Seconds of each row, in order. */
  seconds: number[];
  /** Rows by status. */
  ok: number;
  errors: number;
  firstError?: string;
}

/** A verifier's faithfulness timing and its ratio to the judge's. */
export interface VerifierTiming extends TimedMetric {
  family: string;
  size: VerifierSize;
  precision: VerifierPrecision;
  /** Judge seconds per row ÷ this verifier's (medians). */
  ratio: number;
}

/** A run of metrics involving the judge through `evaluate()`, one row at a time. */
export interface JudgedRun {
  rows: RowRange;
  secondsPerRow: number;
  /** Row × metric records by status. */
  ok: number;
  errors: number;
  firstError?: string;
  judge: JudgeWork;
}

/** One run of the triad. */
export interface TriadRun extends JudgedRun {
  /** answer_relevancy's `strictness`: questions the judge writes per row. */
  strictness: number;
}

/** Result of the verifiers section. */
export interface VerifiersResult {
  section: "verifiers";
  machine: MachineInfo;
  runtimeVersions: Record<string, string>;
  threads: number;
  judge: { model: string; sha256: string; maxTokens: number; retryFactor: number; loadSeconds: number };
  faithfulness: {
    judge: TimedMetric & { work: JudgeWork };
    verifiers: VerifierTiming[];
    goal: number;
  };
  triad: {
    /** The verifiers of the triad, e.g. `consistency bert-base int8`. */
    faithfulnessVerifier: string;
    contextRelevanceVerifier: string;
    /** Seconds per row of the two verifiers alone on the triad's rows: their share of a triad row. */
    verifiersSecondsPerRow: number;
    runs: TriadRun[];
    goalSeconds: number;
    baseline: { source: "recorded"; secondsPerRow: number } | (JudgedRun & { source: "measured" });
  };
  /** 1-minute load average at the end of the section. */
  loadAverageAtEnd: number;
}

/** `rows 3–5` (1-based, as a reader counts the lines of examples/rag-eval.jsonl). */
export const rowsLabel = (r: RowRange) =>
  r.count === 1 ? `row ${r.first + 1}` : `rows ${r.first + 1}–${r.first + r.count}`;

const errorsCell = (errors: number, firstError: string | undefined) =>
  errors > 0 ? `${errors} (${firstError ?? ""})` : "0";

const judgeCells = (w: JudgeWork) => [
  num(w.generatedTokensPerRow, 0),
  num(w.evaluatedPromptTokensPerRow, 0),
  `${w.calls} (${w.memoHits})`,
];

function faithfulnessTable(r: VerifiersResult): string {
  const f = r.faithfulness;
  return markdownTable(
    [
      "faithfulness per row",
      "model (random weights, real size)",
      "precision",
      "rows",
      "s/row (median)",
      "s/row (mean)",
      "judge ÷ this",
      `goal ≥ ${f.goal}×`,
      "error rows",
    ],
    [
      ...f.verifiers.map((v) => [
        v.metric,
        v.model,
        v.precision,
        String(v.rows.count),
        num(v.secondsPerRow, 3),
        num(v.meanSecondsPerRow, 3),
        times(v.ratio),
        v.ratio >= f.goal ? "yes" : "no",
        errorsCell(v.errors, v.firstError),
      ]),
      [
        `${f.judge.metric} (judge)`,
        f.judge.model,
        "GGUF as named",
        String(f.judge.rows.count),
        num(f.judge.secondsPerRow, 1),
        num(f.judge.meanSecondsPerRow, 1),
        "1.00×",
        "–",
        errorsCell(f.judge.errors, f.judge.firstError),
      ],
    ],
    ["l", "l", "l", "r", "r", "r", "r", "l", "l"],
  );
}

function triadTable(r: VerifiersResult): string {
  const t = r.triad;
  const b = t.baseline;
  const goal = (s: number) => (s <= t.goalSeconds ? "yes" : "no");
  return markdownTable(
    [
      "per row, through evaluate()",
      "answer_relevancy strictness",
      "rows",
      "s/row",
      `goal ≤ ${t.goalSeconds} s`,
      "judge tokens generated/row",
      "judge prompt tokens evaluated/row",
      "judge calls (memo hits)",
      "error records",
    ],
    [
      ...t.runs.map((run) => [
        "RAG triad: two int8 verifiers + the judge's answer_relevancy",
        String(run.strictness),
        rowsLabel(run.rows),
        num(run.secondsPerRow, 2),
        goal(run.secondsPerRow),
        ...judgeCells(run.judge),
        errorsCell(run.errors, run.firstError),
      ]),
      b.source === "measured"
        ? [
            "three judge metrics (faithfulness, context_relevance, answer_relevancy), measured",
            "3",
            rowsLabel(b.rows),
            num(b.secondsPerRow, 2),
            "–",
            ...judgeCells(b.judge),
            errorsCell(b.errors, b.firstError),
          ]
        : [
            "three judge metrics, RECORDED estimate (docs/performance.md, Qwen2.5-0.5B-Instruct, 2 threads), not measured here",
            "3",
            "–",
            num(b.secondsPerRow, 1),
            "–",
            "–",
            "–",
            "–",
            "–",
          ],
    ],
    ["l", "r", "l", "r", "l", "r", "r", "r", "l"],
  );
}

/** The section as Markdown: faithfulness per row with the ratios, then the triad. */
export function formatVerifiers(r: VerifiersResult & { peakRssMb?: number }): string {
  const j = r.faithfulness.judge;
  return [
    `${r.threads} threads for the verifiers and the judge (${r.judge.model}, sha256 ${r.judge.sha256.slice(0, 12)}…, ` +
      `maxTokens ${r.judge.maxTokens}, retryBudgetFactor ${r.judge.retryFactor}, loaded in ${num(r.judge.loadSeconds, 1)} s). ` +
      `Load average ${r.machine.loadAverage} at start, ${r.loadAverageAtEnd} at end, ${r.machine.cpus} cores. ` +
      "The verifiers are random-weight graphs of real size: fp32 is onnx/model.onnx, int8 the same weights " +
      "dynamically quantized (onnx/model_quantized.onnx, what the verifiers users download are).",
    "",
    faithfulnessTable(r),
    "",
    `- Verifier rows: ${rowsLabel(r.faithfulness.verifiers[0]?.rows ?? { first: 0, count: 0 })} after one untimed ` +
      `warm-up row, fp32 and int8 of a size scoring each row in turn; the judge's: ${rowsLabel(j.rows)}, from a ` +
      `cold start, in ${j.seconds.map((x) => `${num(x, 1)} s`).join(", ")} (the first reads its whole prompt; ` +
      "later rows reuse the few-shot prefix, as most of a user's rows do). The judge generated " +
      `${num(j.work.generatedTokensPerRow, 0)} answer tokens and evaluated ${num(j.work.evaluatedPromptTokensPerRow, 0)} ` +
      "prompt tokens per row. Its weights are random: it writes JSON of no meaning, of a length set by its grammar " +
      "and `maxTokens`, not a real judge's answer; compare with docs/performance.md's estimate for Qwen2.5-0.5B-Instruct.",
    "",
    triadTable(r),
    "",
    `- RAG triad: verifier_faithfulness (${r.triad.faithfulnessVerifier}), verifier_context_relevance ` +
      `(${r.triad.contextRelevanceVerifier}) and answer_relevancy (the judge, with the starter embedder), one row at ` +
      "a time. answer_relevancy writes `strictness` questions in one answer (Ragas' option; 3 by default): its " +
      `time per row grows with them. The two verifiers alone take ${num(r.triad.verifiersSecondsPerRow, 2)} s per ` +
      "row on the triad's rows: the rest of a triad row is the judge's answer_relevancy call.",
    "- Each judged part scores its own rows of examples/rag-eval.jsonl, so the judge's in-process memo cannot serve " +
      "a row an earlier part judged (the two triad runs share theirs: their answer_relevancy prompts differ, so " +
      "neither serves the other); the memo hits column shows it.",
    ...(r.peakRssMb !== undefined ? ["", `- Peak RSS of this process: ${num(r.peakRssMb, 0)} MB.`] : []),
  ].join("\n");
}
