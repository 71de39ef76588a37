import os from "node:os";
import { InvalidInputError } from "../errors.js";

/**
 * Parallel sequences one llama.cpp context can hold (`LLAMA_MAX_SEQ` in llama.cpp, which
 * node-llama-cpp 3.21 bundles); the CLI's `--concurrency` is also the judge's sequence count.
 */
export const llamaCppMaxSequences = 256;

/** What {@link checkRunLimits} looks at. */
export interface RunLimitsInput {
  /** `--threads`, when given. */
  threads?: number;
  /** `--concurrency`, when given. */
  concurrency?: number;
  /** True when a metric of the run uses the judge. */
  usesJudge: boolean;
  /** Cores available to this process. Defaults to `os.availableParallelism()`. */
  cores?: number;
}

/**
 * Checks `--threads` and `--concurrency` against the machine and llama.cpp before any model loads:
 * a concurrency above llama.cpp's sequence limit (with a judge) throws an `InvalidInputError` naming
 * that limit; threads above the available cores return a warning (oversubscribed threads were measured
 * 2-8x slower, see the README), since it is slow, not wrong.
 *
 * @example
 * for (const w of checkRunLimits({ threads: 16, usesJudge: true })) process.stderr.write(`${w}\n`);
 */
export function checkRunLimits(input: RunLimitsInput): string[] {
  const cores = input.cores ?? os.availableParallelism();
  if (input.usesJudge && input.concurrency !== undefined && input.concurrency > llamaCppMaxSequences) {
    throw new InvalidInputError(
      `--concurrency ${input.concurrency} is above llama.cpp's limit of ${llamaCppMaxSequences} parallel sequences ` +
        `per context (the judge runs one sequence per row in flight); use --concurrency ${llamaCppMaxSequences} or less`,
    );
  }
  const warnings: string[] = [];
  if (input.threads !== undefined && input.threads > cores) {
    warnings.push(
      `airgap-eval: warning: --threads ${input.threads} is more than the ${cores} cores available; ` +
        `threads beyond the cores compete for them and slow the judge down (use --threads ${cores} or less)`,
    );
  }
  return warnings;
}
