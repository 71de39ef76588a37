import type { LongText } from "../embeddings/long-text.js";
import type { CpuBuildOption } from "../llm/cpu-build.js";
import type { GpuOption } from "../llm/load-options.js";
import type { JuryAggregate } from "../metrics/jury/verdict.js";
import { type JuryLoading, juryJudges } from "./eval-jury.js";
import type { FailUnderBar } from "./fail-under.js";
import type { IntervalFlags } from "./interval-flags.js";
import type { MetricOptionFlag } from "./metric-options.js";
import type { ShardFlags } from "./shard-options.js";

/** Flags as commander hands them over: repeatable and boolean flags are absent when not given. */
export type RawEvalFlags = Partial<
  Omit<EvalFlags, "out" | "cache" | "maxUnscored" | "confidence" | "interval" | "llm" | "judges">
> &
  Pick<EvalFlags, "out" | "cache" | "maxUnscored" | "confidence" | "interval" | "juryLoading"> & {
    /** Every `--llm` given (repeatable). */
    llm?: string[];
  };

/** The flags of `eval` with every repeatable flag a list and every boolean flag a boolean. */
export function normalizeFlags(raw: RawEvalFlags): EvalFlags {
  const judges = juryJudges(raw.llm ?? [], raw.jury);
  return {
    ...raw,
    llm: judges[0],
    judges,
    report: raw.report ?? [],
    column: raw.column ?? [],
    metricFile: raw.metricFile ?? [],
    failUnder: raw.failUnder ?? [],
    metricOption: raw.metricOption ?? [],
    resume: raw.resume === true,
    overwrite: raw.overwrite === true,
    strict: raw.strict === true,
    quiet: raw.quiet === true,
    json: raw.json === true,
    verify: raw.verify !== false,
  };
}

/** The flags of `eval` (see registerEvalCommand for each one's help). */
export interface EvalFlags extends ShardFlags, IntervalFlags {
  /** `--metrics`; absent means the default set (see {@link defaultMetricsFor}). */
  metrics?: string;
  /** The first `--llm`: the judge, or the jury's first judge. Defaults to the registry's default judge. */
  llm?: string;
  /** Every `--llm`, in order (two or more with `--jury`). Defaults to none. */
  judges: string[];
  /** `--jury`: how a jury of the `--llm` judges aggregates their values. Defaults to none (one judge). */
  jury?: JuryAggregate;
  /** `--jury-loading`: the jury's judges all loaded, one at a time, or chosen by their size. Defaults to "auto". */
  juryLoading: JuryLoading;
  embeddings?: string;
  longText?: LongText;
  modelsDir?: string;
  out: string;
  report: string[];
  concurrency?: number;
  threads?: number;
  gpu?: GpuOption;
  cpuBuild?: CpuBuildOption;
  /** `--context-size`: the judge's context window. Defaults to the model's training context, at most 4096. */
  contextSize?: number;
  resume: boolean;
  overwrite: boolean;
  strict: boolean;
  cache: boolean;
  cacheFile?: string;
  quiet: boolean;
  json: boolean;
  failUnder: FailUnderBar[];
  /** `--metric-option <metric>.<option>=<value>` (repeatable): options of built-in metrics. Defaults to none. */
  metricOption: MetricOptionFlag[];
  /** Share of rows a gated metric may leave unscored. */
  maxUnscored: number;
  column: string[];
  /** `--candidates a,b`: dataset columns gathered into each row's `candidates`. Defaults to none. */
  candidates?: string[];
  metricFile: string[];
  verify: boolean;
}
