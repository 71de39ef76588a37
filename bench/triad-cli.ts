/**
 * Section "triad-cli": the RAG triad (faithfulness, answer_relevancy, context_relevance) as a user runs it, through
 * the CLI (`airgap-eval eval`, from src/ through tsx, so it is always the checkout's code) on SmolLM2-135M-Instruct with the real int8 MiniLM, in four variants: the
 * defaults and the fast options (no verdict reasons, the statements and the contexts' sentences planned for the judge,
 * one answer relevancy question), each on the portable llama.cpp build (the default, the same numbers on every x86-64
 * CPU) and on the fastest build for this CPU (`--cpu-build fastest`). A CLI process loads the judge and the encoder,
 * so a variant's seconds per row are the difference of an N-row and a 1-row run over N - 1 rows: loading, tsx's start
 * and the first row's reading of each step's instruction and examples (kept for the rows after it) cancel.
 * Variants alternate within each round (A AF C CF, A AF C CF, ...). Printed: seconds per row per variant (the median
 * over rounds, and each round), the rows scored, whether the two builds gave the same values, and the goal line
 * (the triad ≤ 3 s per row on 2 cores).
 *
 * Needs the real models' variables (`npm run real-models`); without them it prints one line and exits 0.
 *
 * Run alone: node --import tsx bench/triad-cli.ts [--rows 5] [--rounds 2] [--threads 2] [--json out.json]
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { readResultsFile } from "../src/results/read-file.js";
import { numberFlag } from "./lib/cli.js";
import { markdownTable, num, times } from "./lib/markdown.js";
import { repoRoot } from "./lib/models.js";
import { TRIAD } from "./lib/real-judge-metrics.js";
import { finishSection, isMain, note } from "./lib/section.js";
import { median } from "./lib/stats.js";
import { REAL_MODEL_ENV } from "./real-models.js";

/** The fast options: what each one gives up is in docs/performance.md ("Real models"). */
const FAST_OPTIONS = [
  "faithfulness.reasons=false",
  "faithfulness.prefill=true",
  "context_relevance.prefill=true",
  "answer_relevancy.strictness=1",
].flatMap((o) => ["--metric-option", o]);

/** The variants, in the order each round runs them. */
export const TRIAD_CLI_VARIANTS = [
  { name: "A", label: "defaults, portable build", args: [] },
  { name: "AF", label: "defaults, fastest build", args: ["--cpu-build", "fastest"] },
  { name: "C", label: "fast options, portable build", args: FAST_OPTIONS },
  { name: "CF", label: "fast options, fastest build", args: [...FAST_OPTIONS, "--cpu-build", "fastest"] },
] as const;

/** The goal of issue "Real models in the loop": the triad at most this many seconds per row. */
const GOAL_SECONDS = 3;

export interface TriadCliVariantResult {
  name: string;
  label: string;
  /** Median over rounds of (N-row seconds - 1-row seconds) / (N - 1). */
  secondsPerRow: number;
  /** Each round's seconds per row, in run order. */
  rounds: number[];
  /** Row × metric results of the N-row runs that scored, and that failed (over all rounds). */
  scored: number;
  failed: number;
  /** The llama.cpp CPU build that ran (from the results' provenance). */
  cpuBuild: string;
}

export interface TriadCliResult {
  section: "triad-cli";
  rows: number;
  threads: number;
  variants: TriadCliVariantResult[];
  /**
   * Per pair of variants that differ only in the build: row × metric values scored in both (compared), and how many
   * were equal to the bit.
   */
  sameValues: Array<{ variants: [string, string]; compared: number; equal: number }>;
}

interface RunOutcome {
  seconds: number;
  /** Row/metric to value (null for a failed row). */
  values: Map<string, number | null>;
  cpuBuild: string;
}

/** One CLI run of the triad on `dataset`; its wall time and its results. */
function runCli(dataset: string, out: string, args: readonly string[], threads: number): RunOutcome {
  const env = (key: keyof typeof REAL_MODEL_ENV) => process.env[REAL_MODEL_ENV[key]]!;
  const started = performance.now();
  const child = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      path.join(repoRoot, "src", "cli", "main.ts"),
      "eval",
      dataset,
      ...["--metrics", TRIAD.join(","), "--llm", env("smollm2"), "--embeddings", env("minilmInt8")],
      ...["--threads", String(threads), "--no-cache", "--overwrite", "-o", out],
      ...args,
    ],
    { cwd: repoRoot, encoding: "utf8", env: { ...process.env, CI: undefined } },
  );
  const seconds = (performance.now() - started) / 1000;
  if (child.status !== 0 && child.status !== 1) {
    throw new Error(`triad-cli: airgap-eval eval exited ${child.status}: ${child.stderr.slice(-600)}`);
  }
  const values = new Map<string, number | null>();
  let cpuBuild = "";
  for (const line of readResultsFile(out).lines) {
    if (line.type === "header") {
      const models = Object.values(line.metadata.metrics).flatMap((m) => m.models ?? []);
      cpuBuild = String(models.find((m) => m.kind === "llm")?.settings?.cpuBuild ?? "");
    }
    if (line.type === "record") values.set(`${line.row}/${line.metric}`, line.result.value);
  }
  return { seconds, values, cpuBuild };
}

/**
 * Runs every variant `rounds` times on `rows` rows (and on 1 row), alternating, and returns the per-row seconds.
 *
 * @example
 * const r = runTriadCli({ rows: 5, rounds: 2, threads: 2 });
 */
export function runTriadCli(options: { rows: number; rounds: number; threads: number }): TriadCliResult {
  const { rows, rounds, threads } = options;
  if (rows < 2) throw new Error("triad-cli: --rows must be at least 2 (the 1-row run is subtracted)");
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-triad-cli-"));
  try {
    const lines = readFileSync(path.join(repoRoot, "examples", "rag-eval.jsonl"), "utf8")
      .split("\n")
      .filter((line) => line.trim() !== "")
      .slice(0, rows);
    const one = path.join(dir, "rows-1.jsonl");
    const many = path.join(dir, `rows-${rows}.jsonl`);
    writeFileSync(one, `${lines[0]}\n`);
    writeFileSync(many, `${lines.join("\n")}\n`);
    const perRound = new Map<string, number[]>();
    const last = new Map<string, RunOutcome>();
    const counts = new Map<string, { scored: number; failed: number }>();
    for (let round = 0; round < rounds; round++) {
      for (const variant of TRIAD_CLI_VARIANTS) {
        const small = runCli(one, path.join(dir, `${variant.name}-1.jsonl`), variant.args, threads);
        const big = runCli(many, path.join(dir, `${variant.name}-${rows}.jsonl`), variant.args, threads);
        const perRow = (big.seconds - small.seconds) / (rows - 1);
        perRound.set(variant.name, [...(perRound.get(variant.name) ?? []), perRow]);
        last.set(variant.name, big);
        const c = counts.get(variant.name) ?? { scored: 0, failed: 0 };
        for (const value of big.values.values()) value === null ? c.failed++ : c.scored++;
        counts.set(variant.name, c);
        note(`triad-cli: round ${round + 1}, ${variant.name} (${variant.label}): ${perRow.toFixed(2)} s/row`);
      }
    }
    const variants = TRIAD_CLI_VARIANTS.map((v) => ({
      name: v.name,
      label: v.label,
      secondsPerRow: median(perRound.get(v.name)!),
      rounds: perRound.get(v.name)!,
      ...counts.get(v.name)!,
      cpuBuild: last.get(v.name)!.cpuBuild,
    }));
    const sameValues = (
      [
        ["A", "AF"],
        ["C", "CF"],
      ] as Array<[string, string]>
    ).map((pair) => {
      const [a, b] = pair.map((name) => last.get(name)!.values);
      let compared = 0;
      let equal = 0;
      for (const [key, value] of a!) {
        const other = b!.get(key);
        if (value === null || other === null || other === undefined) continue;
        compared++;
        if (other === value) equal++;
      }
      return { variants: pair, compared, equal };
    });
    return { section: "triad-cli", rows, threads, variants, sameValues };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The section as Markdown: seconds per row per variant against the goal, and the builds' values compared. */
export function formatTriadCli(result: TriadCliResult): string {
  const base = result.variants[0]!.secondsPerRow;
  const table = markdownTable(
    ["variant", "cpuBuild", "s/row", "per round", "÷ A", "scored", "failed", `≤ ${GOAL_SECONDS} s`],
    result.variants.map((v) => [
      `${v.name}: ${v.label}`,
      v.cpuBuild,
      num(v.secondsPerRow, 2),
      v.rounds.map((s) => s.toFixed(2)).join(", "),
      times(v.secondsPerRow / base),
      String(v.scored),
      String(v.failed),
      v.secondsPerRow <= GOAL_SECONDS ? "met" : "not met",
    ]),
    ["l", "l", "r", "r", "r", "r", "r", "l"],
  );
  const same = result.sameValues.map(
    (s) => `- ${s.variants.join(" and ")}: ${s.equal} of ${s.compared} row × metric values equal to the bit.`,
  );
  return [
    `The RAG triad through the CLI, SmolLM2-135M-Instruct and the int8 MiniLM, ${result.threads} threads, rows 1-${result.rows} ` +
      `of examples/rag-eval.jsonl (per row: the ${result.rows}-row run minus the 1-row run, over ${result.rows - 1}).`,
    "",
    table,
    "",
    ...same,
  ].join("\n");
}

if (isMain(import.meta.url)) {
  const missing = [REAL_MODEL_ENV.smollm2, REAL_MODEL_ENV.minilmInt8].filter((key) => !process.env[key]);
  if (missing.length > 0) {
    console.log(
      `triad-cli: skipped (${missing.join(", ")} unset; fetch the models with: npm run real-models)`,
    );
  } else {
    const result = runTriadCli({
      rows: numberFlag("rows", 5),
      rounds: numberFlag("rounds", 2),
      threads: numberFlag("threads", 2),
    });
    finishSection(result, formatTriadCli);
  }
}
