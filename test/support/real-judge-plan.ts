// How much the real-model tier's judge runs (test/real-models/) do: the CI tier that `npm test` runs, sized to fit
// 10 minutes of a quiet 2-core machine, or the full run of `npm run test:real-judges`
// (AIRGAP_EVAL_REAL_JUDGE_RUNS=full). Each file states its two sizes at its top; docs/development.md,
// "Real-model tier", gives the measured cost of each.

/** True under `npm run test:real-judges` (AIRGAP_EVAL_REAL_JUDGE_RUNS=full): every file at its full size. */
export const fullJudgeRun = process.env.AIRGAP_EVAL_REAL_JUDGE_RUNS === "full";

/**
 * `tier` in the CI tier, `full` in the full run.
 *
 * @example
 * const rows = tierOrFull([1, 18], allRows);
 */
export function tierOrFull<T>(tier: T, full: T): T {
  return fullJudgeRun ? full : tier;
}

/** The indexes 0 … n-1. */
export function firstRows(n: number): number[] {
  return [...Array(n).keys()];
}
