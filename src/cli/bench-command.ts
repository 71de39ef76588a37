import type { Command } from "commander";
import { loadDataset } from "../dataset/load.js";
import type { Dataset } from "../dataset/types.js";
import { InvalidInputError } from "../errors.js";
import { evaluate } from "../evaluate/evaluate.js";
import type { ProgressReporter } from "../evaluate/progress.js";
import type { CpuBuildOption } from "../llm/cpu-build.js";
import { describeGpuAvailability, type GpuAvailability, gpuAvailability } from "../llm/gpu-availability.js";
import type { GpuOption } from "../llm/load-options.js";
import { cliCommand } from "../util/cli-command.js";
import { parseColumnMap } from "./column-map.js";
import { disposeModels, type LoadedModels, loadEvalModels } from "./eval-models.js";
import {
  createMetric,
  defaultMetricIds,
  type MetricId,
  metricIds,
  modelNeeds,
  parseMetricIds,
} from "./metric-factory.js";
import {
  CONTEXT_SIZE_FLAG_HELP,
  CPU_BUILD_FLAG_HELP,
  collect,
  cpuBuildFlag,
  GPU_FLAG_HELP,
  gpuFlag,
  positiveInt,
  positiveIntList,
} from "./option-parsers.js";

interface BenchFlags {
  metrics: string;
  llm?: string;
  embeddings?: string;
  modelsDir?: string;
  rows: number;
  threads?: number[];
  gpu?: GpuOption;
  cpuBuild?: CpuBuildOption;
  contextSize?: number;
  column?: string[];
  json?: boolean;
}

/** One timed configuration of `airgap-eval bench`. */
export interface BenchRun {
  /** Judge threads of the run, or null when no metric uses a judge. */
  threads: number | null;
  /** Rows timed (after the warm-up row). */
  rows: number;
  /** Wall time of the timed rows, in seconds. */
  seconds: number;
  /** Wall seconds per row, all metrics together. */
  secondsPerRow: number;
  /** `secondsPerRow` times the dataset's valid rows: the projected time of `eval` on the whole file. */
  projectedSeconds: number;
  /** Mean seconds per row by metric (a row's metrics run together, so these overlap). */
  metricSecondsPerRow: Record<string, number>;
  /** Row × metric outcomes of the timed rows by status. */
  outcomes: { ok: number; error: number; skipped: number };
  /** Judge work per timed row, or null without a judge. */
  judge: {
    calls: number;
    promptTokens: number;
    evaluatedPromptTokens: number;
    completionTokens: number;
  } | null;
  /** Peak resident memory of the process so far, in MB. */
  peakRssMb: number;
}

/** What `bench --json` prints. */
export interface BenchJson {
  dataset: string;
  validRows: number;
  warmupRows: number;
  metrics: MetricId[];
  runs: BenchRun[];
  /** Whether a GPU backend is available for the judge, and what `--gpu auto` would start. */
  gpu: GpuAvailability;
}

function perRow(value: number, rows: number): number {
  return rows > 0 ? value / rows : 0;
}

/**
 * Progress of one thread count's timed rows, a line per row on stderr (bench rows are few and slow):
 * `airgap-eval: bench: threads 2: row 3/5, 12.4s/row so far`.
 *
 * @example
 * await evaluate(rows, metrics, { progress: benchProgress("threads 2", process.stderr) });
 */
export function benchProgress(
  label: string,
  stream: NodeJS.WritableStream,
  now: () => number = () => performance.now(),
): ProgressReporter {
  let total = 0;
  let started = 0;
  return {
    start(rows) {
      total = rows;
      started = now();
    },
    update(done) {
      const perRowSeconds = (now() - started) / 1000 / Math.max(1, done);
      stream.write(
        `airgap-eval: bench: ${label}: row ${done}/${total}, ${formatDuration(perRowSeconds)}/row so far\n`,
      );
    },
    stop() {},
  };
}

/**
 * Times `metrics` on the first rows of a dataset with the given models: one untimed warm-up row (the judge reads
 * each prompt's instruction once), then `rows` timed rows, for each judge thread count asked for.
 */
async function benchOnce(
  dataset: Dataset,
  ids: MetricId[],
  flags: BenchFlags,
  threads: number | undefined,
): Promise<{ run: BenchRun; warmupRows: number }> {
  const needs = modelNeeds(ids);
  const models: Partial<LoadedModels> = {};
  try {
    const loaded = await loadEvalModels({ ...flags, threads }, needs, models);
    const missing = [loaded.llmMissing, loaded.embeddingsMissing].filter((m) => m !== undefined);
    if (missing.length > 0) {
      throw new InvalidInputError(
        `bench needs every model its metrics use, and ${missing.join("; ")}. Or leave those metrics out with --metrics.`,
      );
    }
    const metrics = ids.map((id) => createMetric(id, loaded));
    const warmupRows = dataset.samples.length > 1 ? 1 : 0;
    const subset = (from: number, to: number): Dataset => ({
      ...dataset,
      samples: dataset.samples.slice(from, to),
      invalid: [],
    });
    const label = `threads ${loaded.llm?.threads ?? "-"}`;
    if (warmupRows > 0) {
      process.stderr.write(`airgap-eval: bench: ${label}: warm-up row\n`);
      await evaluate(subset(0, 1), metrics, { progress: "none" });
    }
    const before = loaded.llm?.stats();
    const started = performance.now();
    const result = await evaluate(subset(warmupRows, warmupRows + flags.rows), metrics, {
      progress: benchProgress(label, process.stderr),
    });
    const seconds = (performance.now() - started) / 1000;
    const after = loaded.llm?.stats();
    const rows = result.records.length / ids.length;
    const metricSecondsPerRow: Record<string, number> = {};
    for (const id of ids) {
      const ms = result.records.filter((r) => r.metric === id).reduce((sum, r) => sum + r.durationMs, 0);
      metricSecondsPerRow[id] = perRow(ms / 1000, rows);
    }
    const count = (status: string) => result.records.filter((r) => r.result.status === status).length;
    const judge =
      before && after
        ? {
            calls: perRow(after.calls - before.calls, rows),
            promptTokens: perRow(after.promptTokens - before.promptTokens, rows),
            evaluatedPromptTokens: perRow(after.evaluatedPromptTokens - before.evaluatedPromptTokens, rows),
            completionTokens: perRow(after.completionTokens - before.completionTokens, rows),
          }
        : null;
    const secondsPerRow = perRow(seconds, rows);
    return {
      warmupRows,
      run: {
        threads: loaded.llm?.threads ?? null,
        rows,
        seconds,
        secondsPerRow,
        projectedSeconds: secondsPerRow * dataset.samples.length,
        metricSecondsPerRow,
        outcomes: { ok: count("ok"), error: count("error"), skipped: count("skipped") },
        judge,
        peakRssMb: process.resourceUsage().maxRSS / 1024,
      },
    };
  } finally {
    await disposeModels(models);
  }
}

/** Seconds as `1 h 05 min`, `3 min 20 s`, `12.3 s` or `42.0 ms`. */
export function formatDuration(seconds: number): string {
  if (seconds >= 3600) {
    const minutes = Math.round(seconds / 60);
    return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")} min`;
  }
  if (seconds >= 60) {
    const whole = Math.round(seconds);
    return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, "0")} s`;
  }
  if (seconds >= 1) return `${seconds.toFixed(1)} s`;
  return `${(seconds * 1000).toFixed(1)} ms`;
}

function formatBench(json: BenchJson): string {
  const lines = [
    `Timed ${json.runs[0]?.rows ?? 0} row(s) of ${json.dataset} after ${json.warmupRows} warm-up row(s); ` +
      `projected for all ${json.validRows} valid rows.`,
    "",
  ];
  for (const run of json.runs) {
    lines.push(
      `${run.threads === null ? "no judge" : `judge threads ${run.threads}`}: ${formatDuration(run.secondsPerRow)}/row, ` +
        `projected ${formatDuration(run.projectedSeconds)} for ${json.validRows} rows; peak memory ${Math.round(run.peakRssMb)} MB`,
    );
    lines.push("  time inside each metric per row (overlaps when rows or metrics run at once):");
    for (const [metric, s] of Object.entries(run.metricSecondsPerRow)) {
      lines.push(`    ${metric.padEnd(20)} ${formatDuration(s)}/row`);
    }
    if (run.judge) {
      lines.push(
        `  judge per row: ${run.judge.calls.toFixed(1)} calls, ${Math.round(run.judge.evaluatedPromptTokens)} of ` +
          `${Math.round(run.judge.promptTokens)} prompt tokens evaluated (the rest reused), ` +
          `${Math.round(run.judge.completionTokens)} generated`,
      );
    }
    const { ok, error, skipped } = run.outcomes;
    if (error + skipped > 0) lines.push(`  outcomes: ${ok} ok, ${error} error, ${skipped} skipped`);
  }
  lines.push("", describeGpuAvailability(json.gpu));
  return lines.join("\n");
}

async function runBench(datasetPath: string, flags: BenchFlags): Promise<void> {
  const ids = parseMetricIds(flags.metrics);
  const dataset = loadDataset(datasetPath, { columnMap: parseColumnMap(flags.column ?? []) });
  if (dataset.samples.length === 0) {
    throw new InvalidInputError(
      `${datasetPath} has no valid row to time; run eval on it to see what is wrong`,
    );
  }
  const runs: BenchRun[] = [];
  let warmupRows = 0;
  const counts = flags.threads ?? [undefined];
  for (const [i, threads] of counts.entries()) {
    if (counts.length > 1) {
      process.stderr.write(
        `airgap-eval: bench: thread count ${i + 1} of ${counts.length} (threads ${threads}): loading models\n`,
      );
    }
    const once = await benchOnce(dataset, ids, flags, threads);
    runs.push(once.run);
    warmupRows = once.warmupRows;
    process.stderr.write(
      `airgap-eval: bench: threads ${once.run.threads ?? "-"} done: ${formatDuration(once.run.secondsPerRow)}/row\n`,
    );
  }
  const json: BenchJson = {
    dataset: datasetPath,
    validRows: dataset.samples.length,
    warmupRows,
    metrics: ids,
    runs,
    gpu: await gpuAvailability(),
  };
  process.stdout.write(`${flags.json ? JSON.stringify(json, null, 2) : formatBench(json)}\n`);
}

/**
 * Registers `airgap-eval bench`: times the metrics on the first rows of your dataset with your models on this
 * machine, and projects how long `eval` on the whole file will take.
 */
export function registerBenchCommand(program: Command): Command {
  const run = cliCommand();
  return program
    .command("bench")
    .description(
      "Time the metrics on the first rows of a dataset with your models on this machine, and project the whole run.",
    )
    .argument("<dataset>", "dataset file: .jsonl, .json or .csv, as for eval")
    .option(
      "-m, --metrics <ids>",
      `comma-separated metric ids: ${metricIds.join(", ")}`,
      defaultMetricIds.join(","),
    )
    .option(
      "--llm <id|path>",
      "judge model: registry id or .gguf file (default: the registry's default judge)",
    )
    .option(
      "--embeddings <id|path>",
      "embedding model: registry id or ONNX model directory (default: the registry's default embedder)",
    )
    .option(
      "--models-dir <dir>",
      "where pulled models live (default: $AIRGAP_EVAL_MODELS, else the user cache)",
    )
    .option("--rows <n>", "rows timed after one warm-up row", positiveInt("--rows"), 5)
    .option(
      "--threads <list>",
      "judge thread counts to compare, e.g. 1,2 (default: the judge's default, 1 under 400M parameters)",
      positiveIntList("--threads"),
    )
    .option("--gpu <backend>", GPU_FLAG_HELP, gpuFlag)
    .option("--cpu-build <build>", CPU_BUILD_FLAG_HELP, cpuBuildFlag)
    .option("--context-size <tokens>", CONTEXT_SIZE_FLAG_HELP, positiveInt("--context-size"))
    .option("--column <name=field>", "read dataset column <name> as <field> (repeatable)", collect(String))
    .option("--json", "print the measurements as JSON")
    .addHelpText(
      "after",
      `
Examples:
  $ ${run} bench data.jsonl --llm ./qwen2.5-0.5b-instruct-q4_k_m.gguf --threads 1,2
  $ ${run} bench data.csv --metrics semantic_similarity --rows 50 --json

Nothing is cached or written: each run loads the models, evaluates one warm-up row, then times --rows rows.
Exit codes: 0 ok; 2 bad usage or input (also when a model the metrics need is not on this machine).`,
    )
    .action((dataset: string, flags: BenchFlags) => runBench(dataset, flags));
}
