import { InvalidInputError } from "../errors.js";
import type { MetricDefinition } from "../metric-file/definition.js";
import { metricDescriptor } from "../metrics/catalog.js";
import type { EvalFlags } from "./eval-flags.js";
import { checkBarInRange } from "./fail-under.js";
import { type MetricId, metricRange, parseMetricIds } from "./metric-factory.js";
import { parseMetricFiles } from "./metric-file.js";

/** The metrics an `eval` run asks for, from its flags alone (before the dataset is read). */
export interface EvalSelection {
  /** `--metrics`; none with a metric file and no `--metrics`; undefined for the default set. */
  requested: MetricId[] | undefined;
  /** The `--metric-file` metrics. */
  custom: MetricDefinition[];
  /** Their ids. */
  customIds: string[];
  /** Built-in metrics named by `--fail-under` or `--metric-option`: they run even without `--metrics`, where the dataset allows. */
  named: MetricId[];
}

/**
 * Reads `--metrics` and `--metric-file`, and checks each `--fail-under` bar against them: a bar must
 * name a metric of the run, with a value in the metric's range.
 */
export function selectEvalMetrics(flags: EvalFlags): EvalSelection {
  // --metric-file (custom judges): with a metric file and no --metrics, only the file's metrics run.
  const requested =
    flags.metrics === undefined
      ? flags.metricFile.length > 0
        ? []
        : undefined
      : parseMetricIds(flags.metrics);
  const custom = parseMetricFiles(flags.metricFile, requested ?? []);
  const customIds = custom.map((c) => c.id);
  const bars = flags.failUnder;
  for (const bar of bars) {
    if (customIds.includes(bar.metric)) continue;
    if (requested === undefined) metricDescriptor(bar.metric);
    else if (!requested.includes(bar.metric)) {
      throw new InvalidInputError(
        `--fail-under names ${bar.metric}, which is not among --metrics or the --metric-file metrics (${[...requested, ...customIds].join(", ")})`,
      );
    }
    const range = metricRange(bar.metric);
    if (range !== undefined) checkBarInRange(bar, range);
  }
  const named = [
    ...new Set([...bars.map((b) => b.metric), ...flags.metricOption.map((o) => o.metric)]),
  ].filter((id) => !customIds.includes(id));
  return { requested, custom, customIds, named };
}
