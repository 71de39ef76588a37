/**
 * The RAG triad (faithfulness, answer_relevancy, context_relevance in one `evaluate()` run) in two variants on one
 * judge, alternated A B A B: A as a user runs it by default, B with `prefill: true` on faithfulness and
 * answer_relevancy (the judge still writes every statement, reason and question; the known JSON around them and the
 * statement copies of the verdict step are read in batches instead of generated one token at a time). Each pass
 * runs its own marked copy of the rows (tags t0, t1: A on t0, t1 and B on t1, t0), so no pass finds a row's prompt
 * kept by an earlier one, and both variants score the same rows: their scores are compared row by row. An untimed
 * warm-up pass on another copy first leaves every step's instruction and few-shot start kept, as it is after the first
 * row of a long run, so the first timed pass does not pay it alone.
 *
 * @example
 * const ab = await runTriadAb({ name: "SmolLM2", llm }, embeddings, 2);
 * ab.variants[1].secondsPerRow / ab.variants[0].secondsPerRow;
 */
import type { Embeddings } from "../../src/embeddings/types.js";
import type { LlamaCppLlm } from "../../src/llm/llama-cpp-llm.js";
import { benchRows } from "./dataset.js";
import {
  addWork,
  type JudgeWork,
  recordingSteps,
  type StepWork,
  scaleWork,
  WORK_COLUMNS,
  workByStep,
  workPerRow,
} from "./judge-work.js";
import { timeEvaluate } from "./judges.js";
import { markdownTable, num, times } from "./markdown.js";
import { makeJudgeMetric, TRIAD } from "./real-judge-metrics.js";

/** A way to run the triad: metric options per metric id. */
export interface TriadVariant {
  name: string;
  label: string;
  options: Readonly<Record<string, Record<string, unknown>>>;
}

/** A: the defaults; B: the levers that leave the judge's statements, reasons and questions its own. */
export const TRIAD_VARIANTS: readonly [TriadVariant, TriadVariant] = [
  { name: "A", label: "defaults", options: {} },
  {
    name: "B",
    label: "prefill: true on faithfulness and answer_relevancy",
    options: { faithfulness: { prefill: true }, answer_relevancy: { prefill: true } },
  },
];

/** One pass: one variant over one marked copy of the rows. */
export interface TriadPass {
  variant: string;
  tag: string;
  seconds: number;
  work: JudgeWork;
  errors: number;
  firstError?: string;
}

/** One variant over its passes. */
export interface TriadVariantResult {
  variant: string;
  label: string;
  /** Seconds per row over all its passes. */
  secondsPerRow: number;
  /** Work per row over all its passes. */
  work: JudgeWork;
  /** Work per row of each judge step (prompt name). */
  steps: StepWork[];
}

/** The A/B comparison on one judge. */
export interface TriadAbResult {
  judge: string;
  /** Rows per pass. */
  rows: number;
  passes: TriadPass[];
  variants: [TriadVariantResult, TriadVariantResult];
  /** Row × metric scores compared between A and B, and how many were equal (same status and value). */
  scores: { compared: number; equal: number; differing: string[] };
}

/** The passes in order: A t0, B t1, A t1, B t0. */
const ORDER = [
  [0, "t0"],
  [1, "t1"],
  [0, "t1"],
  [1, "t0"],
] as const;

/** Runs the triad A B A B on `judge` over `rowCount` rows (at least 2, so a pass never starts on the row just run). */
export async function runTriadAb(
  judge: { name: string; llm: LlamaCppLlm },
  embeddings: Embeddings,
  rowCount: number,
  log: (line: string) => void = () => {},
): Promise<TriadAbResult> {
  const rowsPerPass = Math.max(2, rowCount);
  const passes: TriadPass[] = [];
  const steps: StepWork[][] = [[], []];
  const values = [new Map<string, string>(), new Map<string, string>()];
  const warmUp = TRIAD.map((id) => makeJudgeMetric(id, { llm: judge.llm, embeddings }));
  await timeEvaluate(benchRows({ limit: 1, tag: "triad-warm-up" }), warmUp, 1);
  for (const [index, tag] of ORDER) {
    const variant = TRIAD_VARIANTS[index];
    const rows = benchRows({ limit: rowsPerPass, tag: `triad-${tag}` });
    const llm = recordingSteps(judge.llm, steps[index]!);
    const metrics = TRIAD.map((id) => makeJudgeMetric(id, { llm, embeddings }, variant.options[id]));
    const before = judge.llm.stats();
    const run = await timeEvaluate(rows, metrics, 1);
    for (const r of run.records) {
      values[index]!.set(`${tag} row ${r.row} ${r.metric}`, `${r.result.status} ${r.result.value}`);
    }
    passes.push({
      variant: variant.name,
      tag,
      seconds: run.seconds,
      work: workPerRow(before, judge.llm.stats(), rows.length),
      errors: run.errors,
      ...(run.firstError !== undefined ? { firstError: run.firstError.slice(0, 200) } : {}),
    });
    log(`triad ${variant.name} (${tag}) on ${judge.name}: ${(run.seconds / rows.length).toFixed(2)} s/row`);
  }
  const variants = TRIAD_VARIANTS.map((variant, index) => {
    const mine = passes.filter((p) => p.variant === variant.name);
    return {
      variant: variant.name,
      label: variant.label,
      secondsPerRow: mine.reduce((s, p) => s + p.seconds, 0) / (mine.length * rowsPerPass),
      work: scaleWork(addWork(mine.map((p) => p.work)), 1 / mine.length),
      steps: workByStep(steps[index]!, mine.length * rowsPerPass),
    };
  }) as [TriadVariantResult, TriadVariantResult];
  const differing: string[] = [];
  for (const [key, a] of values[0]!) {
    const b = values[1]!.get(key);
    if (b !== a) differing.push(`${key}: A ${a}, B ${b}`);
  }
  return {
    judge: judge.name,
    rows: rowsPerPass,
    passes,
    variants,
    scores: { compared: values[0]!.size, equal: values[0]!.size - differing.length, differing },
  };
}

/** The A/B results as Markdown: seconds and work per row of each variant, B ÷ A, the steps, and the scores compared. */
export function formatTriadAb(results: readonly TriadAbResult[]): string[] {
  const heads = WORK_COLUMNS.map(([, head]) => `${head}/row`);
  const cells = (w: JudgeWork) => WORK_COLUMNS.map(([key]) => num(w[key], key === "calls" ? 1 : 0));
  const variantRows = results.flatMap((r) => {
    const [a, b] = r.variants;
    return [
      [r.judge, `A: ${a.label}`, num(a.secondsPerRow, 2), ...cells(a.work)],
      [r.judge, `B: ${b.label}`, num(b.secondsPerRow, 2), ...cells(b.work)],
      [
        r.judge,
        "B ÷ A",
        times(b.secondsPerRow / a.secondsPerRow),
        ...WORK_COLUMNS.map(([key]) => (a.work[key] > 0 ? times(b.work[key] / a.work[key]) : "–")),
      ],
    ];
  });
  const stepRows = results.flatMap((r) =>
    r.variants.flatMap((v) => v.steps.map((s) => [r.judge, v.variant, s.step, ...cells(s.work)])),
  );
  const passes = results.map(
    (r) =>
      `- ${r.judge}, passes in order: ${r.passes.map((p) => `${p.variant} (${p.tag}) ${num(p.seconds / r.rows, 2)} s/row${p.errors > 0 ? `, ${p.errors} errors: ${p.firstError}` : ""}`).join("; ")}. ` +
      `Scores equal in A and B: ${r.scores.equal} of ${r.scores.compared} row × metric` +
      (r.scores.differing.length > 0 ? ` (differing: ${r.scores.differing.join("; ")})` : ""),
  );
  return [
    `The RAG triad, A B A B in one run (${results[0]?.rows ?? 0} rows per pass, each pass its own marked copy of the rows; per row over both passes of a variant):`,
    "",
    markdownTable(["judge", "variant", "s/row", ...heads], variantRows),
    "",
    ...passes,
    "",
    "Where the triad's work is, per judge step (per row):",
    "",
    markdownTable(["judge", "variant", "step", ...heads], stepRows),
  ];
}
