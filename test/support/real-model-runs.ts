// Runs of the built CLI on real models for the real-model tier, and what the tier checks in their results files:
// every row × metric scored or given a reason, no judge output that failed its schema or was cut off, and the
// file's bytes apart from what may differ between runs of the same inputs (times, paths, the CPU's name).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "vitest";
import { repoRoot } from "../setup/paths.js";
import { realModelPath, requireBuiltCli } from "./real-models.js";

/** A scratch folder for one test file's runs, made on first use (a skipped file makes none). */
export interface RunFolder {
  /** A path in the folder. */
  file(name: string): string;
  /** Writes rows as JSONL into the folder; returns its path. */
  writeRows(name: string, rows: readonly Record<string, unknown>[]): string;
  /** Kills the runs still going (a test that timed out leaves them), then deletes the folder, if it was made. */
  cleanup(): void;
}

/** CLI runs started by {@link runBuiltCli} that have not ended, per folder. */
const running = new WeakMap<RunFolder, Set<ChildProcess>>();

/** A {@link RunFolder} under the OS temp dir, its name starting with `prefix`. */
export function runFolder(prefix: string): RunFolder {
  let dir: string | undefined;
  const file = (name: string) => {
    dir ??= mkdtempSync(path.join(os.tmpdir(), prefix));
    return path.join(dir, name);
  };
  const folder: RunFolder = {
    file,
    writeRows: (name, rows) => {
      writeFileSync(file(name), `${rows.map((r) => JSON.stringify(r)).join("\n")}\n`);
      return file(name);
    },
    cleanup: () => {
      for (const child of running.get(folder) ?? []) child.kill("SIGKILL");
      if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
    },
  };
  running.set(folder, new Set());
  return folder;
}

/** A finished CLI run: exit code, output, and its wall time. */
export interface BuiltCliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  seconds: number;
}

/**
 * Runs `node dist/cli/main.js <args>` from the repo root (under `wrapper`, e.g. an emulated CPU), with the user's
 * models dir and cache pointed into `folder`, so nothing on the machine changes the numbers.
 */
export function runBuiltCli(
  folder: RunFolder,
  args: readonly string[],
  wrapper: readonly string[] = [],
): Promise<BuiltCliRun> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    AIRGAP_EVAL_MODELS: folder.file("models"),
    AIRGAP_EVAL_CACHE: folder.file("cache.sqlite"),
    XDG_CACHE_HOME: folder.file("xdg-cache"),
    NO_COLOR: "1",
  };
  const [program, ...rest] = [...wrapper, process.execPath, requireBuiltCli(), ...args];
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(program as string, rest, { cwd: repoRoot, env, stdio: ["ignore", "pipe", "pipe"] });
    running.get(folder)?.add(child);
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      stdout += d;
    });
    child.stderr.setEncoding("utf8").on("data", (d: string) => {
      stderr += d;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      running.get(folder)?.delete(child);
      resolve({ code, stdout, stderr, seconds: (Date.now() - started) / 1000 });
    });
  });
}

/**
 * Judge threads in every run of the tier: one, set explicitly. The tier runs two files at a time on CI's 2 cores
 * (vitest.config.ts), and llama.cpp at 2 threads stalls whenever a core is taken (each token waits for both threads:
 * 0.8–1.6 against 25–29 tokens/s at 1 thread under load, docs/performance.md), while 1-thread runs side by side keep
 * both cores busy.
 */
export const JUDGE_THREADS = 1;

/**
 * `eval` of `dataset` into `out` with the real SmolLM2 judge at {@link JUDGE_THREADS} thread, no cache, no
 * progress, then `extra` (the metrics, the embedder, metric files).
 */
export function judgeEvalArgs(dataset: string, out: string, extra: readonly string[]): string[] {
  const judge = realModelPath("judge");
  return [
    "eval",
    dataset,
    "--llm",
    judge,
    "--threads",
    String(JUDGE_THREADS),
    "--no-cache",
    "--quiet",
    "--out",
    out,
    ...extra,
  ];
}

/**
 * Runs `eval` (see {@link judgeEvalArgs}) and expects exit 0 or 1 (1: some rows failed; those rows are checked by
 * the caller, their errors named). Returns the results file and the run's wall time.
 */
export async function judgeEval(
  folder: RunFolder,
  name: string,
  dataset: string,
  extra: readonly string[],
  wrapper: readonly string[] = [],
): Promise<{ file: string; seconds: number }> {
  const file = folder.file(`${name}.jsonl`);
  const run = await runBuiltCli(folder, judgeEvalArgs(dataset, file, extra), wrapper);
  expect([0, 1], `${name}: exit ${run.code}\n${run.stderr}`).toContain(run.code);
  return { file, seconds: run.seconds };
}

/**
 * The tier's checks on a results file: one record per row × metric, each scored or with a reason, none an error or
 * skipped row (an error row carries a reason too, so "a reason" alone would let a crash on every row pass), and no
 * judge answer that failed its schema, was not JSON or was cut off.
 */
export function expectScoredOrReasoned(file: string, rows: number, metrics: number): void {
  const records = resultRecords(file);
  expect(records, file).toHaveLength(rows * metrics);
  expect(records.filter(hasNeitherScoreNorReason), `${file}: rows with neither a score nor a reason`).toEqual(
    [],
  );
  expect(
    records.filter((r) => r.result.status !== "ok"),
    `${file}: error or skipped rows`,
  ).toEqual([]);
  expect(
    records.filter(isParseFailure),
    `${file}: judge answers that failed their schema or were cut off`,
  ).toEqual([]);
}

/** One line of a results file. */
export type ResultsLine = Record<string, unknown> & { type: string };

/** A record line: one row × metric. */
export interface ResultRecord {
  row: number;
  rowHash: string;
  metric: string;
  result: {
    value: number | null;
    status?: string;
    reason?: string;
    error?: string;
    details?: Record<string, unknown>;
  };
}

/** The lines of a results file. */
export function resultsFileLines(file: string): ResultsLine[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as ResultsLine);
}

/** The record lines of a results file. */
export function resultRecords(file: string): ResultRecord[] {
  return resultsFileLines(file).filter((l) => l.type === "record") as unknown as ResultRecord[];
}

/** What may differ between two runs of the same inputs: times, the results file's path, the CPU's name. */
const RUN_SPECIFIC = new Set(["startedAt", "finishedAt", "durationMs", "resultsFile", "cpu"]);

function withoutRunSpecific(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutRunSpecific);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !RUN_SPECIFIC.has(key))
      .map(([key, v]) => [key, withoutRunSpecific(v)]),
  );
}

/** A results file without what may differ between runs of the same inputs: lines in order, as JSON. */
export function comparableResults(file: string): string {
  return resultsFileLines(file)
    .map((line) => JSON.stringify(withoutRunSpecific(line)))
    .join("\n");
}

/** Each record of a results file, keyed `<rowHash> <metric>`, as comparable JSON. */
export function comparableRecords(file: string): Map<string, string> {
  return new Map(
    resultRecords(file).map((r) => [
      `${r.rowHash} ${r.metric}`,
      JSON.stringify(withoutRunSpecific({ ...r, row: undefined, line: undefined })),
    ]),
  );
}

/** A record whose judge answer failed its schema, was not JSON, or was cut off at its token budget. */
export function isParseFailure(record: ResultRecord): boolean {
  return /JudgeOutputError/.test(record.result.error ?? "") || record.result.details?.rawText !== undefined;
}

/** A record with neither a finite value nor a reason. */
export function hasNeitherScoreNorReason(record: ResultRecord): boolean {
  const { value, reason } = record.result;
  return (
    !(typeof value === "number" && Number.isFinite(value)) && !(typeof reason === "string" && reason !== "")
  );
}

/** Per metric: rows scored, rows with a reason and no score, errors by kind, parse failures, tokens per row. */
export interface MetricSummary {
  metric: string;
  rows: number;
  scored: number;
  reasons: Record<string, number>;
  errors: Record<string, number>;
  parseFailures: number;
  meanValue: number | null;
  calls: number;
  promptTokens: number;
  completionTokens: number;
}

function usage(record: ResultRecord): { calls: number; promptTokens: number; completionTokens: number } {
  const u = record.result.details?.usage as Record<string, number> | undefined;
  return {
    calls: u?.calls ?? 0,
    promptTokens: u?.promptTokens ?? 0,
    completionTokens: u?.completionTokens ?? 0,
  };
}

/** Sums up records per metric, in the order metrics first appear. */
export function summarize(records: readonly ResultRecord[]): MetricSummary[] {
  const byMetric = new Map<string, MetricSummary>();
  const values = new Map<string, number[]>();
  for (const record of records) {
    let s = byMetric.get(record.metric);
    if (s === undefined) {
      s = {
        metric: record.metric,
        rows: 0,
        scored: 0,
        reasons: {},
        errors: {},
        parseFailures: 0,
        meanValue: null,
        calls: 0,
        promptTokens: 0,
        completionTokens: 0,
      };
      byMetric.set(record.metric, s);
      values.set(record.metric, []);
    }
    s.rows++;
    const { value, reason, error } = record.result;
    if (typeof value === "number" && Number.isFinite(value)) {
      s.scored++;
      values.get(record.metric)?.push(value);
    } else if (reason !== undefined) {
      // Numbers and quoted text vary per row; the kind of reason is what is counted.
      const kind = reason.replace(/\d+(\.\d+)?/g, "N").slice(0, 90);
      s.reasons[kind] = (s.reasons[kind] ?? 0) + 1;
    }
    if (error !== undefined) {
      const kind = error.split(":")[0] ?? error;
      s.errors[kind] = (s.errors[kind] ?? 0) + 1;
    }
    if (isParseFailure(record)) s.parseFailures++;
    const u = usage(record);
    s.calls += u.calls;
    s.promptTokens += u.promptTokens;
    s.completionTokens += u.completionTokens;
  }
  for (const s of byMetric.values()) {
    const v = values.get(s.metric) ?? [];
    s.meanValue = v.length > 0 ? v.reduce((a, b) => a + b, 0) / v.length : null;
  }
  return [...byMetric.values()];
}

/** The summary as text lines for the test log: share scored, reasons, errors, parse failures, judge work per row. */
export function summaryText(label: string, summaries: readonly MetricSummary[]): string {
  const lines = summaries.map((s) => {
    const perRow = (n: number) => (n / s.rows).toFixed(1);
    const reasons = Object.entries(s.reasons)
      .map(([r, n]) => `${n}× "${r}"`)
      .join("; ");
    const errors = Object.entries(s.errors)
      .map(([e, n]) => `${n}× ${e}`)
      .join("; ");
    return (
      `  ${s.metric}: scored ${s.scored}/${s.rows}, mean ${s.meanValue?.toFixed(3) ?? "-"}, parse failures ` +
      `${s.parseFailures}, per row ${perRow(s.calls)} calls ${perRow(s.promptTokens)}+${perRow(s.completionTokens)} ` +
      `tokens${reasons ? `; reasons: ${reasons}` : ""}${errors ? `; errors: ${errors}` : ""}`
    );
  });
  return [`${label}:`, ...lines].join("\n");
}

/** Prints the {@link summaryText} of a finished run's results file (nothing when the run never finished). */
export function printRunSummary(label: string, run: { file: string; seconds: number } | undefined): void {
  if (run === undefined) return;
  console.info(
    summaryText(`${label} (${run.seconds.toFixed(0)} s wall)`, summarize(resultRecords(run.file))),
  );
}
