import { stat } from "node:fs/promises";
import { checkGgufFile } from "../llm/gguf-check.js";
import type { Llm } from "../llm/types.js";
import type { Metric, Sample } from "../metrics/types.js";
import { SharedCalls } from "../util/shared-calls.js";

/**
 * The sizing rule of a scored assertion's time limit (docs/testing.md, "Time limits"): generous ceilings that stop
 * a stuck evaluation with a clear message, not performance bars. A metric on one sample may take
 * `perMetricMs`, plus for each expected judge call `callMs + callMsPerBillion × billions of judge parameters`, plus
 * `loadMs + loadMsPerBillion × billions` in case the judge has to be loaded first.
 */
export const TIME_RULE = {
  /** Every metric on a sample: its formula, the embedder (loading it included) and waiting. */
  perMetricMs: 60_000,
  /** Each expected judge call, whatever the judge's size. */
  callMs: 30_000,
  /**
   * Each expected judge call, per billion judge parameters (a 0.5B judge: 8 min more per call). A faithfulness row on
   * the Qwen2.5-0.5B-shaped proxy took 11 min on a 2-core machine shared by many processes, and 109 s on a quiet one.
   */
  callMsPerBillion: 960_000,
  /** Loading the judge, whatever its size. */
  loadMs: 30_000,
  /** Loading the judge, per billion judge parameters. */
  loadMsPerBillion: 120_000,
  /** Parameters assumed for a judge whose size cannot be read (no GGUF file in its provenance). */
  assumedParameters: 1_000_000_000,
  /** Building a `describeEval` suite's metrics, which loads their models before the judge's size is known. */
  buildMs: 600_000,
} as const;

/** How big a judge is, for the time rule. */
export interface JudgeSize {
  /** The judge's id. */
  id: string;
  /** Parameters: read from its GGUF file, or {@link TIME_RULE.assumedParameters}. */
  parameters: number;
  /** False when the file could not be read and the parameters are assumed. */
  measured: boolean;
}

/** The time one metric may take on one sample, and why. */
export interface MetricAllowance {
  metric: string;
  ms: number;
  /** Judge calls the rule expects the metric to make on the sample (0 without a judge). */
  judgeCalls: number;
  /** The judge, when the metric has one. */
  judge?: JudgeSize;
  /** The rule applied, in words, e.g. "60 s + 2 judge calls × 168 s + 89 s to load the judge". */
  explanation: string;
}

const sizes = new SharedCalls<string, JudgeSize>("until-failure");

/**
 * The judge's parameter count, read from the GGUF file its provenance names (metadata only, once per file and
 * process); a judge without a readable GGUF file is taken to have {@link TIME_RULE.assumedParameters}.
 *
 * @example
 * const { parameters } = await judgeSize(llm); // 494032768 for Qwen2.5-0.5B
 */
export async function judgeSize(llm: Llm): Promise<JudgeSize> {
  const file = llm.provenance().path;
  const assumed = { id: llm.id, parameters: TIME_RULE.assumedParameters, measured: false };
  if (file === undefined) return assumed;
  try {
    const info = await stat(file);
    if (!info.isFile()) return assumed;
    return await sizes.share(`${file}\0${info.size}\0${info.mtimeMs}`, async () => ({
      id: llm.id,
      parameters: (await checkGgufFile(file)).parameters,
      measured: true,
    }));
  } catch {
    return assumed;
  }
}

/**
 * Judge calls the rule expects a metric to make on a sample: one per prompt the metric uses, times its
 * `strictness` option where it has one, times the sample's retrieved contexts (at least 1). It overestimates for
 * most metrics (faithfulness reads all contexts in one call), which keeps the limit generous.
 *
 * @example
 * expectedJudgeCalls(new Faithfulness({ llm }), { response: "…", retrievedContexts: ["…"] }); // 2
 */
export function expectedJudgeCalls(metric: Metric, sample: Sample): number {
  if (metric.llm === undefined) return 0;
  const config = metric.config();
  const prompts = Math.max(1, Object.keys(config.promptVersions).length);
  const strictness = config.options.strictness;
  const votes = typeof strictness === "number" && strictness > 1 ? Math.ceil(strictness) : 1;
  const contexts = Math.max(1, sample.retrievedContexts?.length ?? 0);
  return prompts * votes * contexts;
}

/**
 * Milliseconds as whole seconds for people, e.g. "485 s" (the unit the time rule is given in).
 *
 * @example
 * seconds(484_600); // "485 s"
 * seconds(250); // "0.25 s"
 */
export function seconds(ms: number): string {
  const s = ms / 1000;
  return `${s < 10 ? Number(s.toPrecision(2)) : Math.round(s).toLocaleString("en-US")} s`;
}

/**
 * The time {@link TIME_RULE} gives `metric` on `sample`.
 *
 * @example
 * const { ms, explanation } = await metricAllowance(new Faithfulness({ llm }), sample);
 */
export async function metricAllowance(metric: Metric, sample: Sample): Promise<MetricAllowance> {
  const judgeCalls = expectedJudgeCalls(metric, sample);
  if (metric.llm === undefined || judgeCalls === 0) {
    return {
      metric: metric.name,
      ms: TIME_RULE.perMetricMs,
      judgeCalls: 0,
      explanation: `${seconds(TIME_RULE.perMetricMs)} (no judge)`,
    };
  }
  const judge = await judgeSize(metric.llm);
  const billions = judge.parameters / 1e9;
  const callMs = TIME_RULE.callMs + TIME_RULE.callMsPerBillion * billions;
  const loadMs = TIME_RULE.loadMs + TIME_RULE.loadMsPerBillion * billions;
  const size = judge.measured
    ? `${formatParameters(judge.parameters)} parameters`
    : `size unknown, taken as ${formatParameters(judge.parameters)} parameters`;
  return {
    metric: metric.name,
    ms: Math.ceil(TIME_RULE.perMetricMs + judgeCalls * callMs + loadMs),
    judgeCalls,
    judge,
    explanation:
      `${seconds(TIME_RULE.perMetricMs)} + ${judgeCalls} judge call${judgeCalls === 1 ? "" : "s"} × ` +
      `${seconds(callMs)} + ${seconds(loadMs)} to load the judge (${judge.id}, ${size})`,
  };
}

/** A parameter count for people: "494M", "1.5B", "260K". */
export function formatParameters(n: number): string {
  if (n >= 1e9) return `${Number((n / 1e9).toPrecision(3))}B`;
  if (n >= 1e6) return `${Number((n / 1e6).toPrecision(3))}M`;
  if (n >= 1e3) return `${Number((n / 1e3).toPrecision(3))}K`;
  return String(n);
}

/**
 * The time rule in words, as docs/testing.md states it (a test keeps the two the same).
 *
 * @example
 * console.log(timeRuleText());
 */
export function timeRuleText(): string {
  const s = seconds;
  const b = TIME_RULE.assumedParameters / 1e9;
  return [
    `each metric on a row        ${s(TIME_RULE.perMetricMs)}`,
    `+ each expected judge call  ${s(TIME_RULE.callMs)} + ${s(TIME_RULE.callMsPerBillion)} per billion judge parameters`,
    `+ loading the judge         ${s(TIME_RULE.loadMs)} + ${s(TIME_RULE.loadMsPerBillion)} per billion judge parameters`,
    "expected judge calls        prompts the metric uses × its strictness (votes) × the row's retrieved contexts (at least 1)",
    `judge parameters            read from the judge's GGUF file; ${b} billion when it has none (a judge of your own)`,
    `building a suite's metrics  ${s(TIME_RULE.buildMs)} (loading models), or the suite's timeout when longer`,
  ].join("\n");
}
