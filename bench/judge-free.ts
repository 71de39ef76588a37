/**
 * Section "judge-free": every metric that needs no judge and no embeddings (src/metrics/catalog.ts),
 * each with its default options, on generated short rows, streamed in chunks so memory stays flat:
 * rows/s per metric, total seconds for all of them, and peak RSS after each tenth of the rows.
 * Rows are generated outside the timed loops; each metric is timed on each chunk with `scoreSync`
 * (the formula and its input checks; `evaluate()` adds its own per-row bookkeeping on top).
 *
 * Run alone: node --import tsx bench/judge-free.ts [--rows 100000] [--chunk 1000] [--only id,id]
 *   [--baseline <other checkout>] [--json out.json]
 * `--baseline` runs another checkout's metrics (e.g. main's, `git worktree add /tmp/base main`) on the
 * same rows in the same process, alternating chunk by chunk so machine load hits both sides alike, and
 * compares every result; the exit code is 1 when any result differs.
 */
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createMetric, metricDescriptors } from "../src/metrics/catalog.js";
import type { MetricDescriptor } from "../src/metrics/descriptor.js";
import type { JudgeFreeMetric } from "../src/metrics/shared/base/judge-free-metric.js";
import type { MetricResult, Sample } from "../src/metrics/types.js";
import type { HaystackDocument } from "../src/sample/documents.js";
import { readsConversation } from "../src/sample/field-table.js";
import { flag, listFlag, numberFlag } from "./lib/cli.js";
import { markdownTable, num, times } from "./lib/markdown.js";
import { seededRandom as random, benchWords as words } from "./lib/random-words.js";
import { finishSection, isMain, note, peakRssMb } from "./lib/section.js";

/** Options of {@link runJudgeFree}. */
export interface JudgeFreeOptions {
  /** Rows to score. Defaults to 100,000. */
  rows?: number;
  /** Rows generated and scored at once. Defaults to 1,000. */
  chunk?: number;
  /** Metric ids to time (others are left out). Defaults to every judge-free metric. */
  only?: readonly string[];
  /**
   * Another checkout of this repository (e.g. `git worktree add /tmp/base main`) whose metrics run
   * beside these on the same rows, alternating per chunk, with every result compared. Defaults to none.
   */
  baseline?: string;
}

/** CPU and wall time of one metric over all rows. */
export interface MetricTiming {
  id: string;
  seconds: number;
  cpuSeconds: number;
  rowsPerSecond: number;
}

/** Result of the judge-free section. */
export interface JudgeFreeResult {
  section: "judge-free";
  rows: number;
  /** Wall and CPU seconds (user + system of this process) spent in each metric over all rows. */
  metrics: MetricTiming[];
  /** Wall seconds for all metrics on all rows (sum of the timed loops). */
  totalSeconds: number;
  /** CPU seconds for all metrics on all rows: the number that does not grow when other processes load the machine. */
  totalCpuSeconds: number;
  /** Load average (1 min) when the section started and ended: above the core count, wall times are inflated. */
  loadAverage: [number, number];
  /** Peak RSS (MB) after 10%, 20%, ... 100% of the rows: flat when nothing is held. */
  rssByTenth: number[];
  /** With `--baseline`: the other checkout's timings on the same rows, and how many results differed. */
  baseline?: {
    dir: string;
    metrics: MetricTiming[];
    totalSeconds: number;
    totalCpuSeconds: number;
    /** Rows × metrics whose result (value, reason, details) differed from the baseline's. */
    mismatches: number;
    /** The first differing result, as `metric row: baseline ≠ current`. */
    firstMismatch?: string;
  };
}

function generator(seed: number): (row: number) => Sample {
  const rand = random(seed);
  const pick = () => words[Math.floor(rand() * words.length)]!;
  const sentence = (n: number) => `${Array.from({ length: n }, pick).join(" ")}.`;
  return (row) => {
    const contexts = Array.from({ length: 3 }, () => sentence(12));
    const docs: HaystackDocument[] = contexts.map((content, i) => ({
      content,
      id: `d${row}-${i}`,
      meta: { file_id: `f${i}` },
    }));
    const truth = [docs[Math.floor(rand() * 3)]!, { content: sentence(12), id: `g${row}` }];
    return {
      response: sentence(14),
      reference: sentence(12),
      retrievedContexts: contexts,
      referenceContexts: [contexts[0]!, sentence(12)],
      retrievedContextIds: docs.map((d) => d.id!),
      referenceContextIds: truth.map((d) => d.id!),
      retrievedDocuments: docs,
      groundTruthDocuments: truth,
    };
  };
}

type Scorer = Pick<JudgeFreeMetric<unknown>, "scoreSync">;
/** What the bench reads of a checkout's catalog (this one, or `--baseline`'s). */
type Catalog = { metricDescriptors: readonly MetricDescriptor[]; createMetric: typeof createMetric };
type Timed = { id: string; metric: Scorer; seconds: number; cpuSeconds: number };

/** The judge-free metrics of a catalog (default options), restricted to `only` when given. */
function judgeFreeMetrics(catalog: Catalog, only: readonly string[] | undefined): Timed[] {
  const { metricDescriptors: descriptors, createMetric: create } = catalog;
  const unknown = only?.filter((id) => !descriptors.some((d) => d.id === id)) ?? [];
  if (unknown.length > 0) throw new Error(`--only: unknown metric ids ${unknown.join(", ")}`);
  return (
    descriptors
      // Single-turn metrics only: the generated rows hold no conversation for the agent metrics.
      .filter(
        (d) => !d.needsLlm && !d.needsEmbeddings && d.optIn !== true && !readsConversation(d.requiredFields),
      )
      .filter((d) => only === undefined || only.includes(d.id))
      .map((d) => {
        const metric: unknown = create(d.id, {}, {});
        // Duck-typed: a baseline checkout's metrics extend its own copy of JudgeFreeMetric.
        if (typeof (metric as Partial<Scorer>).scoreSync !== "function")
          throw new Error(`${d.id} is not a judge-free metric (no scoreSync)`);
        return { id: d.id, metric: metric as Scorer, seconds: 0, cpuSeconds: 0 };
      })
  );
}

/** Scores `samples` with one metric, adding its wall and CPU time; returns the results when `keep`. */
function timeChunk(m: Timed, samples: readonly Sample[], start: number, keep: boolean): MetricResult[] {
  const results: MetricResult[] = [];
  let sum = 0;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < samples.length; i++) {
    const result = m.metric.scoreSync(samples[i]!, start + i);
    sum += result.value ?? 0;
    if (keep) results.push(result);
  }
  m.seconds += (performance.now() - t0) / 1000;
  const used = process.cpuUsage(c0);
  m.cpuSeconds += (used.user + used.system) / 1e6;
  if (!Number.isFinite(sum)) throw new Error(`${m.id} returned a non-finite value`);
  return results;
}

/** The same result to the last bit: value by `Object.is`, the rest as JSON. */
function sameResult(a: MetricResult, b: MetricResult): boolean {
  return Object.is(a.value, b.value) && JSON.stringify(a) === JSON.stringify(b);
}

function timings(metrics: readonly Timed[], rows: number): MetricTiming[] {
  return metrics.map((m) => ({
    id: m.id,
    seconds: m.seconds,
    cpuSeconds: m.cpuSeconds,
    rowsPerSecond: rows / m.seconds,
  }));
}

/** The catalog of another checkout, for `--baseline`. */
async function baselineCatalog(dir: string): Promise<Catalog> {
  const file = path.resolve(dir, "src/metrics/catalog.ts");
  const module = (await import(pathToFileURL(file).href)) as Partial<Catalog>;
  if (!Array.isArray(module.metricDescriptors) || typeof module.createMetric !== "function")
    throw new Error(`${file} exports no metricDescriptors and createMetric`);
  return module as Catalog;
}

/**
 * Scores `rows` generated rows with every judge-free metric, chunk by chunk. With `baseline`, the
 * other checkout's metrics score each chunk too (which side goes first alternates per chunk) and
 * every result is compared with this checkout's.
 */
export async function runJudgeFree(options: JudgeFreeOptions = {}): Promise<JudgeFreeResult> {
  const rows = options.rows ?? 100_000;
  const chunk = options.chunk ?? 1_000;
  const metrics = judgeFreeMetrics({ metricDescriptors, createMetric }, options.only);
  const base =
    options.baseline === undefined
      ? undefined
      : judgeFreeMetrics(await baselineCatalog(options.baseline), options.only);
  let mismatches = 0;
  let firstMismatch: string | undefined;
  const loadBefore = os.loadavg()[0]!;
  const make = generator(42);
  const rssByTenth: number[] = [];
  for (let start = 0, round = 0; start < rows; start += chunk, round++) {
    const samples = Array.from({ length: Math.min(chunk, rows - start) }, (_, i) => make(start + i));
    metrics.forEach((m, k) => {
      const b = base?.[k];
      if (b === undefined) {
        timeChunk(m, samples, start, false);
        return;
      }
      if (b.id !== m.id) throw new Error(`the baseline lists ${b.id} where this checkout lists ${m.id}`);
      const baseFirst = round % 2 === 0;
      const before = baseFirst ? timeChunk(b, samples, start, true) : undefined;
      const mine = timeChunk(m, samples, start, true);
      const theirs = before ?? timeChunk(b, samples, start, true);
      mine.forEach((result, i) => {
        if (sameResult(theirs[i]!, result)) return;
        mismatches++;
        firstMismatch ??= `${m.id} row ${start + i}: ${JSON.stringify(theirs[i])} ≠ ${JSON.stringify(result)}`;
      });
    });
    const done = start + samples.length;
    // One reading per tenth of the rows crossed by this chunk (chunks larger than a tenth give repeats).
    while (rssByTenth.length < 10 && done >= ((rssByTenth.length + 1) * rows) / 10) {
      rssByTenth.push(peakRssMb());
      note(`${done} rows`);
    }
  }
  const perMetric = timings(metrics, rows);
  const total = (list: readonly MetricTiming[], key: "seconds" | "cpuSeconds") =>
    list.reduce((a, m) => a + m[key], 0);
  const result: JudgeFreeResult = {
    section: "judge-free",
    rows,
    metrics: perMetric,
    totalSeconds: total(perMetric, "seconds"),
    totalCpuSeconds: total(perMetric, "cpuSeconds"),
    loadAverage: [loadBefore, os.loadavg()[0]!],
    rssByTenth,
  };
  if (base !== undefined && options.baseline !== undefined) {
    const baseMetrics = timings(base, rows);
    result.baseline = {
      dir: options.baseline,
      metrics: baseMetrics,
      totalSeconds: total(baseMetrics, "seconds"),
      totalCpuSeconds: total(baseMetrics, "cpuSeconds"),
      mismatches,
      ...(firstMismatch !== undefined ? { firstMismatch } : {}),
    };
  }
  return result;
}

/** Markdown: one row per metric (with the baseline's CPU seconds beside, when run with one), then the total and the RSS curve. */
export function formatJudgeFree(results: ReadonlyArray<JudgeFreeResult & { peakRssMb?: number }>): string {
  return results
    .map((r) => {
      const base = r.baseline;
      const baseCpu = (id: string) => base?.metrics.find((m) => m.id === id)?.cpuSeconds;
      const compared = (cpu: number, before: number | undefined) =>
        base === undefined ? [] : [num(before, 2), times(before === undefined ? undefined : before / cpu)];
      const table = markdownTable(
        ["metric", "rows/s", "wall s", "CPU s", ...(base === undefined ? [] : ["baseline CPU s", "faster"])],
        [
          ...r.metrics.map((m) => [
            m.id,
            num(m.rowsPerSecond),
            num(m.seconds, 2),
            num(m.cpuSeconds, 2),
            ...compared(m.cpuSeconds, baseCpu(m.id)),
          ]),
          [
            "all together",
            num(r.rows / r.totalSeconds),
            num(r.totalSeconds, 2),
            num(r.totalCpuSeconds, 2),
            ...compared(r.totalCpuSeconds, base?.totalCpuSeconds),
          ],
        ],
        ["l", "r", "r", "r", "r", "r"],
      );
      const lines = [
        table,
        "",
        `${num(r.rows)} generated rows; peak RSS (MB) after each tenth of them: ${r.rssByTenth.map((v) => num(v)).join(", ")}` +
          (r.peakRssMb !== undefined ? `; at exit ${num(r.peakRssMb)}` : "") +
          `. Load average ${num(r.loadAverage[0], 1)} → ${num(r.loadAverage[1], 1)} on ${os.cpus().length} cores.`,
      ];
      if (base !== undefined) {
        lines.push(
          "",
          `Baseline: ${base.dir}, run on the same rows, alternating with this checkout chunk by chunk (RSS covers both). ` +
            (base.mismatches === 0
              ? `Every result (value, reason, details) identical on all ${num(r.rows)} rows × ${r.metrics.length} metrics.`
              : `${num(base.mismatches)} results DIFFER; the first: ${base.firstMismatch ?? ""}`),
        );
      }
      return lines.join("\n");
    })
    .join("\n\n");
}

if (isMain(import.meta.url)) {
  const baseline = flag("baseline");
  const only = listFlag("only");
  const result = await runJudgeFree({
    rows: numberFlag("rows", 100_000),
    chunk: numberFlag("chunk", 1_000),
    ...(only !== undefined ? { only } : {}),
    ...(baseline !== undefined ? { baseline } : {}),
  });
  finishSection(result, (r) => formatJudgeFree([r]));
  if ((result.baseline?.mismatches ?? 0) > 0) process.exitCode = 1;
}
