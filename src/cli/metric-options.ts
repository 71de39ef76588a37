import { InvalidArgumentError } from "commander";
import { z } from "zod";
import { InvalidInputError } from "../errors.js";
import { findMetricDescriptor, metricDescriptor, metricDescriptorIds } from "../metrics/catalog.js";
import { didYouMean } from "../util/did-you-mean.js";
import { zodIssueText } from "../util/zod-issues.js";
import { shownExampleMetricFile } from "./example-dataset.js";

/** One `--metric-option <metric>.<option>=<value>` flag. */
export interface MetricOptionFlag {
  metric: string;
  option: string;
  /** The value as JSON when it parses as JSON (`true`, `0.7`, `[0.5,0.5]`, `"text"`), else the text itself. */
  value: unknown;
}

/**
 * A commander parser for `--metric-option faithfulness.prefill=true`: the value is read as JSON when it is JSON,
 * else as text (`mode=recall`).
 *
 * @example
 * parseMetricOption("faithfulness.reasons=false"); // { metric: "faithfulness", option: "reasons", value: false }
 */
export function parseMetricOption(text: string): MetricOptionFlag {
  const match = /^([a-z_][a-z0-9_]*)\.([A-Za-z][A-Za-z0-9]*)=(.*)$/s.exec(text.trim());
  if (!match) {
    throw new InvalidArgumentError(
      `"${text}" must look like <metric>.<option>=<value>, e.g. faithfulness.reasons=false.`,
    );
  }
  const raw = match[3]!;
  let value: unknown = raw;
  try {
    value = JSON.parse(raw);
  } catch {
    // not JSON: the text itself (an enum value such as recall)
  }
  return { metric: match[1]!, option: match[2]!, value };
}

/** The metrics an `eval` run has, as `--metric-option` flags are checked against them. */
export interface MetricOptionRun {
  /** `--metrics` (empty with a metric file and no `--metrics`); undefined for the default set, which a built-in metric named by a flag joins. */
  requested: readonly string[] | undefined;
  /** The `--metric-file` metrics' ids. Defaults to none. */
  customIds?: readonly string[];
  /** The flag that names the run's metrics, in errors. Defaults to `--metrics` (`calibrate` has `--metric`). */
  metricsFlag?: string;
  /** Options a metric already has from elsewhere (a labelled data set's own), which its flags add to. Defaults to none. */
  given?: ReadonlyMap<string, Record<string, unknown>>;
}

/** The metrics of the run in words, for an error about a flag that names another one. */
function runMetricsText(run: MetricOptionRun): string {
  const builtIn = run.requested ?? [];
  const custom = run.customIds ?? [];
  const parts = [
    builtIn.length > 0 ? `${builtIn.join(", ")} (${run.metricsFlag ?? "--metrics"})` : "",
    custom.length > 0 ? `${custom.join(", ")} (--metric-file)` : "",
  ].filter(Boolean);
  return parts.length > 0 ? `this run's metrics are ${parts.join(" and ")}` : "this run has no metrics";
}

/** ` (did you mean x?)` when `word` is close to one of `known`, else "". */
function guessText(word: string, known: readonly string[]): string {
  const guess = didYouMean(word, known);
  return guess === undefined ? "" : ` (${guess})`;
}

/** Checks that a flag names a built-in metric of the run; the error says which metrics the run has and what to do. */
function checkFlagMetric(flag: MetricOptionFlag, run: MetricOptionRun): void {
  const name = `--metric-option ${flag.metric}.${flag.option}`;
  if (run.customIds?.includes(flag.metric)) {
    throw new InvalidInputError(
      `${name}: ${flag.metric} is a --metric-file metric, and --metric-option sets options of built-in metrics only; ` +
        `set ${flag.option} in the metric file, in the entry with id: ${flag.metric} (docs/custom-judges.md)`,
    );
  }
  if (findMetricDescriptor(flag.metric) === undefined) {
    throw new InvalidInputError(
      `${name}: ${flag.metric} is not a built-in metric${guessText(flag.metric, metricDescriptorIds())} (${runMetricsText(run)}); built-in ids are ${metricDescriptorIds().join(", ")}`,
    );
  }
  if (run.requested !== undefined && !run.requested.includes(flag.metric)) {
    throw new InvalidInputError(
      `${name}: ${flag.metric} is not among the metrics of this run: ${runMetricsText(run)}; add ${flag.metric} to ${run.metricsFlag ?? "--metrics"}, or drop the flag`,
    );
  }
  const schema = metricDescriptor(flag.metric).options;
  const known = schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
  if (!known.includes(flag.option)) {
    throw new InvalidInputError(
      `${name}: ${flag.metric} has no option "${flag.option}"${guessText(flag.option, known)}; its options are ${known.join(", ") || "none"} (docs/judge-speed.md and the metric's docs describe them)`,
    );
  }
}

/**
 * Checks one metric's options, from all its flags together, against its descriptor's schema. An issue on a given
 * option names that flag; options the metric requires but no flag gives are listed together, and for a user-defined
 * judge (`definable`) the error points to `--metric-file` and to the flags that would define it.
 */
function checkMetricOptions(id: string, options: Record<string, unknown>, namedBy: string): void {
  const descriptor = metricDescriptor(id);
  const checked = descriptor.options.safeParse(options);
  if (checked.success) return;
  const missing = new Set<string>();
  const wrong: string[] = [];
  for (const issue of checked.error.issues) {
    const option = issue.path[0];
    if (typeof option === "string" && !(option in options)) missing.add(option);
    else if (option === undefined) wrong.push(`${namedBy}: ${issue.message}`);
    else wrong.push(`--metric-option ${id}.${String(option)}: ${zodIssueText(issue)}`);
  }
  if (wrong.length > 0) throw new InvalidInputError(wrong.join("; "));
  const list = [...missing];
  const flagsText = list.map((o) => `--metric-option ${id}.${o}=...`).join(" ");
  if (descriptor.definable) {
    throw new InvalidInputError(
      `${namedBy}: ${id} is a judge you define, and it needs its definition: ${list.join(", ")} not given. ` +
        `Define it in a metric file and pass --metric-file <file> (docs/custom-judges.md; an example: ${shownExampleMetricFile()}), ` +
        `or give ${flagsText}`,
    );
  }
  const shape = descriptor.options.shape as Record<string, { description?: string } | undefined>;
  const what = list.flatMap((o) =>
    shape[o]?.description !== undefined ? [`${o}: ${shape[o].description}`] : [],
  );
  throw new InvalidInputError(
    `${namedBy}: ${id} needs ${list.join(", ")}; give ${flagsText}${what.length > 0 ? ` (${what.join("; ")})` : ""}`,
  );
}

/**
 * Groups the flags by metric and checks them against the metric's options (its descriptor's schema): the metric must
 * be a built-in one of the run, each option must exist, and each metric's options, all its flags together, must be
 * valid. A metric of `--metrics` with no flags must be valid with no options (a user-defined judge needs its
 * definition). Throws `InvalidInputError` naming the flag (or `--metrics`) and what to do, before any model loads.
 *
 * @example
 * metricOptionsById([{ metric: "faithfulness", option: "prefill", value: true }], { requested: ["faithfulness"] });
 * // Map { "faithfulness" => { prefill: true } }
 */
export function metricOptionsById(
  flags: readonly MetricOptionFlag[],
  run: MetricOptionRun,
): Map<string, Record<string, unknown>> {
  const byId = new Map<string, Record<string, unknown>>(
    [...(run.given ?? new Map())].map(([id, options]) => [id, { ...options }]),
  );
  const firstFlag = new Map<string, string>();
  for (const flag of flags) {
    checkFlagMetric(flag, run);
    byId.set(flag.metric, { ...byId.get(flag.metric), [flag.option]: flag.value });
    if (!firstFlag.has(flag.metric))
      firstFlag.set(flag.metric, `--metric-option ${flag.metric}.${flag.option}`);
  }
  for (const id of new Set([...(run.requested ?? []), ...byId.keys()])) {
    const namedBy = run.requested?.includes(id)
      ? `${run.metricsFlag ?? "--metrics"} ${id}`
      : (firstFlag.get(id) ?? id);
    checkMetricOptions(id, byId.get(id) ?? {}, namedBy);
  }
  return byId;
}
