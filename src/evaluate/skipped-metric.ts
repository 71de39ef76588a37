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
 * @example
 * const metric = skippedMetric("faithfulness", ["userInput", "response", "retrievedContexts"],
 *   "judge qwen2.5-0.5b-instruct is not on this machine: run `airgap-eval models pull qwen2.5-0.5b-instruct`");
 */
export function skippedMetric(name: string, requiredFields: readonly SampleField[], reason: string): Metric {
  const result = (): MetricResult => ({ value: null, status: "skipped", reason });
  return {
    name,
    requiredFields: [...requiredFields],
    usesLlm: false,
    usesEmbeddings: false,
    score: async (_sample: Sample) => result(),
    scoreBatch: async (samples: readonly Sample[]) => samples.map(() => result()),
    config: (): MetricConfig => ({ name, promptVersions: {}, options: { skipped: true }, models: [] }),
  };
}
