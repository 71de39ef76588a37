import { ragasColumnName } from "../dataset/required.js";
import { canScoreAnyRow, type DatasetScan } from "../dataset/scan.js";
import { InvalidInputError } from "../errors.js";
import { canScoreAny, metricDescriptor } from "../metrics/catalog.js";
import type { Sample } from "../metrics/types.js";
import {
  defaultMetricIds,
  type MetricId,
  type ModelPresence,
  missingModelsReason,
} from "./metric-factory.js";

/**
 * The default metric set for a dataset: every metric that is not opt-in and whose required columns some
 * row has, plus the metrics `--fail-under` names. None at all is bad input naming what each metric needs.
 */
export function defaultMetricsFor(
  samples: readonly Sample[] | DatasetScan,
  named: readonly MetricId[],
  file?: string,
): MetricId[] {
  const canScore = (id: MetricId): boolean =>
    Array.isArray(samples)
      ? canScoreAny(metricDescriptor(id), samples as readonly Sample[])
      : canScoreAnyRow(samples as DatasetScan, metricDescriptor(id).requiredFields);
  const ids = defaultMetricIds.filter((id) => named.includes(id) || canScore(id));
  for (const id of named) if (!ids.includes(id)) ids.push(id);
  if (ids.length === 0) {
    const needs = defaultMetricIds.map(
      (id) => `${id} needs ${metricDescriptor(id).requiredFields.map(ragasColumnName).join(", ")}`,
    );
    throw new InvalidInputError(
      `no metric can score any row: ${needs.join("; ")}. Add the columns or map yours with --column`,
      { file },
    );
  }
  return ids;
}

/**
 * Splits the default set into the metrics that can run with the models on this machine and those left out
 * because a default model (judge, embedder, verifier) is not on this machine (named in one summary line). `keep`
 * are metrics the user named (e.g. in `--fail-under`): they stay and are reported as skipped. `options` are the
 * metrics' `--metric-option` values (they choose a verifier metric's verifier).
 */
export function withoutMissingModels(
  ids: readonly MetricId[],
  models: ModelPresence,
  keep: readonly MetricId[],
  options: ReadonlyMap<string, Record<string, unknown>> = new Map(),
): { run: MetricId[]; summary?: string } {
  const reason = (id: MetricId) => missingModelsReason(id, models, options.get(id));
  const left = ids.filter((id) => !keep.includes(id) && reason(id) !== undefined);
  if (left.length === 0) return { run: [...ids] };
  const reasons = [...new Set(left.map((id) => reason(id)!))];
  return {
    run: ids.filter((id) => !left.includes(id)),
    summary: `not running ${left.join(", ")} (ask for them with --metrics to list them as skipped): ${reasons.join("; ")}`,
  };
}
