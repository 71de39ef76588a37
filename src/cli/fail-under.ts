import { InvalidArgumentError } from "commander";
import type { MetricAggregate } from "../results/types.js";

/** One `--fail-under metric=value` bar. */
export interface FailUnderBar {
  metric: string;
  min: number;
}

/** Parses `answer_relevancy=0.8`. */
export function parseFailUnder(text: string): FailUnderBar {
  const match = /^([a-z_]+)=(-?\d+(?:\.\d+)?)$/.exec(text.trim());
  if (!match) {
    throw new InvalidArgumentError(`"${text}" must look like <metric>=<number>, e.g. faithfulness=0.8.`);
  }
  return { metric: match[1]!, min: Number(match[2]) };
}

/**
 * Checks each bar against the aggregates; returns one message per bar not met. A metric with no
 * numeric value (all rows failed or skipped) does not meet its bar.
 */
export function checkFailUnder(
  aggregates: readonly MetricAggregate[],
  bars: readonly FailUnderBar[],
): string[] {
  const failures: string[] = [];
  for (const bar of bars) {
    const agg = aggregates.find((a) => a.metric === bar.metric);
    if (!agg || agg.mean === null) {
      failures.push(
        `${bar.metric}: no score to compare with --fail-under ${bar.min} (every row failed or was skipped)`,
      );
    } else if (agg.mean < bar.min) {
      failures.push(`${bar.metric}: mean ${agg.mean.toFixed(4)} is below --fail-under ${bar.min}`);
    }
  }
  return failures;
}
