// `airgap-eval report size <results>`: how many rows a decision needs, from one run.
import { type Command, InvalidArgumentError, Option } from "commander";
import { formatSampleSizes, sampleSizes } from "../report/sample-size.js";
import type { ClusterColumn } from "../results/interval-tally.js";
import { loadResults } from "../results/load.js";
import { cliCommand } from "../util/cli-command.js";
import { levelFlag, namingResultsFile, parseClusterBy } from "./interval-flags.js";
import { parseDecimal } from "./option-parsers.js";

interface SizeFlags {
  detect?: number;
  power: number;
  confidence: number;
  clusterBy?: ClusterColumn;
}

/** Parses `--detect`: a difference above 0 on the metric's scale. */
export function parseDetect(text: string): number {
  const value = parseDecimal(text);
  if (value === undefined || !(value > 0)) {
    throw new InvalidArgumentError(
      `--detect "${text}" must be a difference above 0 on the metric's scale, e.g. 0.05.`,
    );
  }
  return value;
}

/**
 * Adds `size <results>` under `report`.
 *
 * @example
 * registerReportSizeCommand(report);
 */
export function registerReportSizeCommand(report: Command): Command {
  const run = cliCommand();
  return report
    .command("size")
    .description(
      "How many rows a comparison needs: per metric the smallest detectable difference, and the rows to detect one.",
    )
    .argument("<results>", "results JSONL file written by `airgap-eval eval`")
    .option(
      "--detect <difference>",
      "also give the rows needed to detect this difference between two runs' means",
      parseDetect,
    )
    .addOption(
      new Option("--power <p>", "chance of detecting a true difference of that size")
        .argParser(levelFlag("--power"))
        .default(0.8),
    )
    .addOption(
      new Option("--confidence <level>", "confidence level of the two-sided test")
        .argParser(levelFlag("--confidence"))
        .default(0.95),
    )
    .option(
      "--cluster-by <column>",
      "a column whose equal values make one cluster: a sample field (e.g. reference_contexts) or a dataset column eval kept with --cluster-by (e.g. doc_id); the error counts clusters; every scored row must have it (default: every row its own cluster)",
      parseClusterBy,
    )
    .addHelpText(
      "after",
      `
Figures use the normal approximation and take two runs' scores as uncorrelated (conservative for runs of one
system on the same rows, which report compare pairs).

Examples:
  $ ${run} report size results.jsonl
  $ ${run} report size results.jsonl --detect 0.05 --power 0.9`,
    )
    .action((file: string, flags: SizeFlags) => {
      const notice = (m: string) => process.stderr.write(`airgap-eval: ${m}\n`);
      const options = {
        level: flags.confidence,
        power: flags.power,
        ...(flags.detect !== undefined ? { detect: flags.detect } : {}),
        ...(flags.clusterBy !== undefined ? { clusterBy: flags.clusterBy } : {}),
      };
      process.stdout.write(
        formatSampleSizes(
          namingResultsFile(file, () => sampleSizes(loadResults(file, { onNotice: notice }), options)),
          options,
        ),
      );
    });
}
