/**
 * Section "judge-free": every metric that needs no judge and no embeddings (src/metrics/catalog.ts),
 * each with its default options, on generated short rows, streamed in chunks so memory stays flat:
 * rows/s per metric, total seconds for all of them, and peak RSS after each tenth of the rows.
 * Rows are generated outside the timed loops; each metric is timed on each chunk with `scoreSync`
 * (the formula and its input checks; `evaluate()` adds its own per-row bookkeeping on top).
 *
 * Run alone: node --import tsx bench/judge-free.ts [--rows 100000] [--chunk 1000] [--json out.json]
 */
import os from "node:os";
import { metricDescriptors } from "../src/metrics/catalog.js";
import type { HaystackDocument } from "../src/metrics/shared/documents.js";
import { JudgeFreeMetric } from "../src/metrics/shared/judge-free.js";
import type { Sample } from "../src/metrics/types.js";
import { numberFlag } from "./lib/cli.js";
import { markdownTable, num } from "./lib/markdown.js";
import { finishSection, isMain, note, peakRssMb } from "./lib/section.js";

/** Options of {@link runJudgeFree}. */
export interface JudgeFreeOptions {
  /** Rows to score. Defaults to 100,000. */
  rows?: number;
  /** Rows generated and scored at once. Defaults to 1,000. */
  chunk?: number;
}

/** Result of the judge-free section. */
export interface JudgeFreeResult {
  section: "judge-free";
  rows: number;
  /** Wall and CPU seconds (user + system of this process) spent in each metric over all rows. */
  metrics: Array<{ id: string; seconds: number; cpuSeconds: number; rowsPerSecond: number }>;
  /** Wall seconds for all metrics on all rows (sum of the timed loops). */
  totalSeconds: number;
  /** CPU seconds for all metrics on all rows: the number that does not grow when other processes load the machine. */
  totalCpuSeconds: number;
  /** Load average (1 min) when the section started and ended: above the core count, wall times are inflated. */
  loadAverage: [number, number];
  /** Peak RSS (MB) after 10%, 20%, ... 100% of the rows: flat when nothing is held. */
  rssByTenth: number[];
}

const words = (
  "the a of in to and retrieval answer context paris france tower eiffel located capital document " +
  "model judge evaluation offline score metric token river mountain history science 1889 2024 fast local"
).split(" ");

/** A deterministic pseudo-random generator (mulberry32), so every run scores the same rows. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
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

/** Scores `rows` generated rows with every judge-free metric, chunk by chunk. */
export function runJudgeFree(options: JudgeFreeOptions = {}): JudgeFreeResult {
  const rows = options.rows ?? 100_000;
  const chunk = options.chunk ?? 1_000;
  const metrics = metricDescriptors
    .filter((d) => !d.needsLlm && !d.needsEmbeddings && d.optIn !== true)
    .map((d) => ({ id: d.id, metric: d.create({}, d.options.parse({})) }));
  const seconds = new Map(metrics.map((m) => [m.id, 0]));
  const cpu = new Map(metrics.map((m) => [m.id, 0]));
  const loadBefore = os.loadavg()[0]!;
  const make = generator(42);
  const rssByTenth: number[] = [];
  let checksum = 0;
  for (let start = 0; start < rows; start += chunk) {
    const samples = Array.from({ length: Math.min(chunk, rows - start) }, (_, i) => make(start + i));
    for (const { id, metric } of metrics) {
      if (!(metric instanceof JudgeFreeMetric)) throw new Error(`${id} is not a judge-free metric`);
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      for (let i = 0; i < samples.length; i++)
        checksum += metric.scoreSync(samples[i]!, start + i).value ?? 0;
      seconds.set(id, seconds.get(id)! + (performance.now() - t0) / 1000);
      const used = process.cpuUsage(c0);
      cpu.set(id, cpu.get(id)! + (used.user + used.system) / 1e6);
    }
    const done = start + samples.length;
    if (done % Math.max(1, Math.floor(rows / 10)) === 0 || done === rows) {
      rssByTenth.push(peakRssMb());
      note(`${done} rows`);
    }
  }
  if (!Number.isFinite(checksum)) throw new Error("a metric returned a non-finite value");
  const perMetric = metrics.map(({ id }) => ({
    id,
    seconds: seconds.get(id)!,
    cpuSeconds: cpu.get(id)!,
    rowsPerSecond: rows / seconds.get(id)!,
  }));
  return {
    section: "judge-free",
    rows,
    metrics: perMetric,
    totalSeconds: perMetric.reduce((a, m) => a + m.seconds, 0),
    totalCpuSeconds: perMetric.reduce((a, m) => a + m.cpuSeconds, 0),
    loadAverage: [loadBefore, os.loadavg()[0]!],
    rssByTenth,
  };
}

/** Markdown: one row per metric, then the total and the RSS curve. */
export function formatJudgeFree(results: ReadonlyArray<JudgeFreeResult & { peakRssMb?: number }>): string {
  return results
    .map((r) => {
      const table = markdownTable(
        ["metric", "rows/s", "wall s", "CPU s"],
        [
          ...r.metrics.map((m) => [m.id, num(m.rowsPerSecond), num(m.seconds, 2), num(m.cpuSeconds, 2)]),
          ["all together", num(r.rows / r.totalSeconds), num(r.totalSeconds, 2), num(r.totalCpuSeconds, 2)],
        ],
        ["l", "r", "r", "r"],
      );
      return [
        table,
        "",
        `${num(r.rows)} generated rows; peak RSS (MB) after each tenth of them: ${r.rssByTenth.map((v) => num(v)).join(", ")}` +
          (r.peakRssMb !== undefined ? `; at exit ${num(r.peakRssMb)}` : "") +
          `. Load average ${num(r.loadAverage[0], 1)} → ${num(r.loadAverage[1], 1)} on ${os.cpus().length} cores.`,
      ].join("\n");
    })
    .join("\n\n");
}

if (isMain(import.meta.url)) {
  finishSection(runJudgeFree({ rows: numberFlag("rows", 100_000), chunk: numberFlag("chunk", 1_000) }), (r) =>
    formatJudgeFree([r]),
  );
}
