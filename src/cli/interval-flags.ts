// `--confidence`, `--cluster-by` and `--interval`: how the report commands compute confidence intervals.
import { type Command, InvalidArgumentError, Option } from "commander";
import type { SampleField } from "../metrics/types.js";
import type { AggregateIntervalOptions } from "../results/interval-tally.js";
import { sampleFieldTable } from "../sample/field-table.js";
import { parseDecimal } from "./option-parsers.js";

/** The flags as commander gives them. */
export interface IntervalFlags {
  confidence: number;
  clusterBy?: SampleField;
  interval: NonNullable<AggregateIntervalOptions["method"]>;
}

/**
 * A commander parser for a level strictly between 0 and 1, written as a decimal (`0.9`) or a percent (`90%`), read
 * by the one CLI number reader ({@link parseDecimal}); the error names `flag`.
 *
 * @example
 * new Option("--confidence <level>").argParser(levelFlag("--confidence"));
 */
export function levelFlag(flag: string): (text: string) => number {
  return (text) => {
    const trimmed = text.trim();
    const percent = trimmed.endsWith("%");
    const written = parseDecimal(percent ? trimmed.slice(0, -1) : trimmed);
    const value = written === undefined ? undefined : written / (percent ? 100 : 1);
    if (value === undefined || !(value > 0 && value < 1)) {
      throw new InvalidArgumentError(`${flag} "${text}" must be a level between 0 and 1, e.g. 0.95 or 95%.`);
    }
    return value;
  };
}

/** Parses `--cluster-by`: a sample field by its camelCase name or its Ragas column name. */
export function parseClusterBy(text: string): SampleField {
  const fields = Object.entries(sampleFieldTable) as [SampleField, { ragas?: string }][];
  const found = fields.find(([name, spec]) => name === text || spec.ragas === text);
  if (found === undefined) {
    throw new InvalidArgumentError(
      `"${text}" is not a sample field; give one of ${fields.map(([name, spec]) => spec.ragas ?? name).join(", ")}.`,
    );
  }
  return found[0];
}

/**
 * Adds `--confidence`, `--cluster-by` and `--interval` to a command.
 *
 * @example
 * addIntervalFlags(program.command("report"));
 */
export function addIntervalFlags(command: Command): Command {
  return command
    .addOption(
      new Option("--confidence <level>", "confidence level of every interval and significance verdict")
        .argParser(levelFlag("--confidence"))
        .default(0.95),
    )
    .option(
      "--cluster-by <field>",
      "resample rows that share this sample field's value together, e.g. reference_contexts (one document) or user_input",
      parseClusterBy,
    )
    .addOption(
      new Option(
        "--interval <method>",
        "interval of each mean: auto (Wilson for 0/1 scores, t below 30 rows or clusters, else bootstrap), wilson, t or bootstrap",
      )
        .choices(["auto", "wilson", "t", "bootstrap"])
        .default("auto"),
    );
}

/** The interval options the flags ask for. */
export function intervalOptions(flags: IntervalFlags): AggregateIntervalOptions {
  return {
    level: flags.confidence,
    method: flags.interval,
    ...(flags.clusterBy !== undefined ? { clusterBy: flags.clusterBy } : {}),
  };
}
