import { InvalidArgumentError } from "commander";
import { z } from "zod";
import { InvalidInputError } from "../errors.js";
import { metricDescriptor } from "../metrics/catalog.js";
import { zodIssuesText } from "../util/zod-issues.js";

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

/**
 * Groups the flags by metric and checks each against the metric's options (its descriptor's schema): the metric must
 * run (`runIds`), the option must exist and the value must be valid. Throws `InvalidInputError` naming the flag,
 * with the metric's options listed, before any model loads.
 *
 * @example
 * metricOptionsById([{ metric: "faithfulness", option: "prefill", value: true }], ["faithfulness"]);
 * // Map { "faithfulness" => { prefill: true } }
 */
export function metricOptionsById(
  flags: readonly MetricOptionFlag[],
  runIds: readonly string[],
): Map<string, Record<string, unknown>> {
  const byId = new Map<string, Record<string, unknown>>();
  for (const flag of flags) {
    const name = `--metric-option ${flag.metric}.${flag.option}`;
    if (!runIds.includes(flag.metric)) {
      throw new InvalidInputError(
        `${name}: ${flag.metric} is not among the metrics of this run (${runIds.join(", ")})`,
      );
    }
    const schema = metricDescriptor(flag.metric).options;
    const known = schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
    if (!known.includes(flag.option)) {
      throw new InvalidInputError(
        `${name}: ${flag.metric} has no option "${flag.option}"; its options are ${known.join(", ") || "none"} (docs/judge-speed.md and the metric's docs describe them)`,
      );
    }
    const options = { ...byId.get(flag.metric), [flag.option]: flag.value };
    const checked = schema.safeParse(options);
    if (!checked.success) throw new InvalidInputError(`${name}: ${zodIssuesText(checked.error)}`);
    byId.set(flag.metric, options);
  }
  return byId;
}
