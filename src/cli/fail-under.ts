import { InvalidArgumentError } from "commander";
import { InvalidInputError } from "../errors.js";
import type { MetricAggregate, RowMetricRecord, UnscoredRow } from "../results/types.js";
import { parseDecimal } from "./option-parsers.js";

/** One `--fail-under metric=value` bar. */
export interface FailUnderBar {
  metric: string;
  min: number;
}

/**
 * Parses a gate flag's `<metric>=<number>` (a metric id: a lowercase letter or `_`, then a-z, 0-9 or `_`), or
 * `*=<number>` when `all` allows it; `example` is shown in the message for anything else.
 *
 * @example
 * parseMetricGate("faithfulness=0.8", "faithfulness=0.8"); // { metric: "faithfulness", value: 0.8 }
 */
export function parseMetricGate(
  text: string,
  example: string,
  options: { all?: boolean; negative?: boolean } = {},
): { metric: string; value: number } {
  const metric = options.all ? "(\\*|[a-z_][a-z0-9_]*)" : "([a-z_][a-z0-9_]*)";
  const number = options.negative === false ? "(\\d+(?:\\.\\d+)?)" : "(-?\\d+(?:\\.\\d+)?)";
  const match = new RegExp(`^${metric}=${number}$`).exec(text.trim());
  if (!match) {
    const what = options.all ? "<metric>=<number> or *=<number>" : "<metric>=<number>";
    const sign = options.negative === false ? " (a number of 0 or more)" : "";
    throw new InvalidArgumentError(`"${text}" must look like ${what}${sign}, e.g. ${example}.`);
  }
  return { metric: match[1]!, value: Number(match[2]) };
}

/** Parses `answer_relevancy=0.8`. */
export function parseFailUnder(text: string): FailUnderBar {
  const { metric, value } = parseMetricGate(text, "faithfulness=0.8");
  return { metric, min: value };
}

/**
 * Rejects a bar outside the metric's range (e.g. `faithfulness=1.5`, which no run can meet, or `-2`, which every
 * run meets): an {@link InvalidInputError} naming the bar and the range.
 */
export function checkBarInRange(bar: FailUnderBar, range: readonly [min: number, max: number]): void {
  const [lo, hi] = range;
  if (bar.min < lo || bar.min > hi) {
    throw new InvalidInputError(
      `--fail-under ${bar.metric}=${bar.min} is outside ${bar.metric}'s range [${lo}, ${hi}]; give a value in it`,
    );
  }
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

/** Parses `--max-unscored 0.1`: the share of rows (0 to 1) a gated metric may leave without a score. */
export function parseMaxUnscored(text: string): number {
  const value = parseDecimal(text);
  if (value === undefined || value < 0 || value > 1) {
    throw new InvalidArgumentError(
      `"${text}" must be a share between 0 and 1, e.g. 0.1 for 10% of the rows.`,
    );
  }
  return value;
}

const listedRows = 10;

/**
 * The second half of the `--fail-under` gate: for each metric with a bar, fails when more than `maxUnscored` (a
 * share, 0 to 1) of its rows have no score (an error, skipped, or no value), naming those rows. A mean over 2 of 5
 * rows does not say the system meets the bar.
 */
export function checkUnscored(
  aggregates: readonly MetricAggregate[],
  records: readonly RowMetricRecord[] | Readonly<Record<string, readonly UnscoredRow[]>>,
  bars: readonly FailUnderBar[],
  maxUnscored: number,
): string[] {
  const failures: string[] = [];
  for (const metric of new Set(bars.map((b) => b.metric))) {
    const agg = aggregates.find((a) => a.metric === metric);
    if (!agg) continue;
    const total = agg.count + agg.errors + agg.skipped + agg.nulls;
    const unscored = total - agg.count;
    // No score at all is already a checkFailUnder failure.
    if (agg.count === 0 || unscored / total <= maxUnscored) continue;
    const lowest: readonly UnscoredRow[] = Array.isArray(records)
      ? (records as readonly RowMetricRecord[])
          .filter((r) => r.metric === metric && (r.result.status !== "ok" || r.result.value === null))
          .sort((a, b) => a.row - b.row)
          .slice(0, listedRows)
          .map((r) => ({
            row: r.row,
            ...(r.line !== undefined ? { line: r.line } : {}),
            status: r.result.status,
          }))
      : ((records as Readonly<Record<string, readonly UnscoredRow[]>>)[metric] ?? []).slice(0, listedRows);
    const shown = lowest
      .map(
        (r) =>
          `${r.line !== undefined ? `line ${r.line}` : `row ${r.row}`} ${r.status === "ok" ? "no value" : r.status}`,
      )
      .join(", ");
    const more = unscored > lowest.length ? `, and ${unscored - lowest.length} more` : "";
    failures.push(
      `${metric}: scored ${agg.count} of ${total} rows; ${unscored} have no score (${shown}${more}), ` +
        `more than --max-unscored ${maxUnscored} allows`,
    );
  }
  return failures;
}
