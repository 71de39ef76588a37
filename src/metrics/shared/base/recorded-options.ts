// The options a judge metric records in its config (and so in configHash, resume and the judge cache): its own
// options that change the numbers, read from the parsed options in the schema's key order.
import type { MetricOptionSchema } from "../../descriptor.js";
import type { MetricConfig } from "../../types.js";

/**
 * Options recorded elsewhere or never: the models (recorded as provenance), the judge settings and verdict reading
 * (recorded by `JudgeMetric.config()` itself) and speed-only knobs.
 */
const notOwnOptions: ReadonlySet<string> = new Set([
  "llm",
  "embeddings",
  "temperature",
  "maxTokens",
  "scoring",
  "confidence",
  "reasons",
  "prefill",
  "threads",
  "batchSize",
]);

/**
 * A judge metric's own options as its config records them: every key of its schema but the models, judge settings,
 * verdict reading and speed knobs, in the schema's order; a list is joined with commas, an unset option is null.
 *
 * @example
 * recordedOptions(factualCorrectnessDescriptor.options, parsed); // { mode: "f1", beta: 1, atomicity: "low", coverage: "low" }
 */
export function recordedOptions(schema: MetricOptionSchema, parsed: object): MetricConfig["options"] {
  const values = parsed as Record<string, unknown>;
  const recorded: MetricConfig["options"] = {};
  for (const key of Object.keys(schema.shape)) {
    if (notOwnOptions.has(key)) continue;
    const value = values[key];
    if (Array.isArray(value)) recorded[key] = value.join(",");
    else if (value === undefined || value === null) recorded[key] = null;
    else if (["string", "number", "boolean"].includes(typeof value))
      recorded[key] = value as string | number | boolean;
    else throw new TypeError(`option ${key} is neither a scalar nor a list; record it in metricOptions()`);
  }
  return recorded;
}
