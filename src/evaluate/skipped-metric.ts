import type { MetricDescriptor } from "../metrics/descriptor.js";
import type { Metric, MetricConfig, MetricResult, Sample, SampleField } from "../metrics/types.js";

/** True for the configuration of a {@link skippedMetric}: such a metric produced no numbers to keep. */
export function isSkippedConfig(config: MetricConfig): boolean {
  return config.options?.skipped === true && (config.models ?? []).length === 0;
}

/**
 * A stand-in for a metric that cannot run here (typically: its judge model has not been pulled).
 * Every row gets `status: "skipped"` with `reason`, so a run goes on and the report says why.
 * Resuming later with the real metric re-runs those rows.
 *
 * The metric is named by its catalog descriptor (id and required fields), or by name and fields.
 *
 * @example
 * const metric = skippedMetric(faithfulnessDescriptor,
 *   "judge qwen2.5-0.5b-instruct is not on this machine: run `airgap-eval models pull qwen2.5-0.5b-instruct`");
 */
export function skippedMetric(
  descriptor: Pick<MetricDescriptor, "id" | "requiredFields">,
  reason: string,
): Metric;
export function skippedMetric(name: string, requiredFields: readonly SampleField[], reason: string): Metric;
export function skippedMetric(
  what: string | Pick<MetricDescriptor, "id" | "requiredFields">,
  fieldsOrReason: readonly SampleField[] | string,
  maybeReason?: string,
): Metric {
  const name = typeof what === "string" ? what : what.id;
  const requiredFields =
    typeof what === "string" ? (fieldsOrReason as readonly SampleField[]) : what.requiredFields;
  const reason = typeof what === "string" ? maybeReason! : (fieldsOrReason as string);
  const result = (): MetricResult => ({ value: null, status: "skipped", reason });
  const standIn: Metric = {
    name,
    requiredFields: [...requiredFields],
    needsLlm: false,
    needsEmbeddings: false,
    score: async (_sample: Sample) => result(),
    scoreBatch: async (samples: readonly Sample[]) => samples.map(() => result()),
    config: (): MetricConfig => ({ name, promptVersions: {}, options: { skipped: true }, models: [] }),
  };
  standIns.add(standIn);
  return standIn;
}

/** The metrics {@link skippedMetric} made: they may stand in under a built-in metric's id, scoring nothing. */
const standIns = new WeakSet<Metric>();

/** True for a metric {@link skippedMetric} made. */
export function isSkippedStandIn(metric: Metric): boolean {
  return standIns.has(metric);
}
