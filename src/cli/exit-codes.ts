/** Exit codes of the `airgap-eval` command. Documented in the README. */
export const ExitCode = {
  /** Everything ran and every row × metric is ok (or skipped by design). */
  ok: 0,
  /** Some rows failed (status "error"). */
  rowsFailed: 1,
  /** Bad usage or bad input (flags, dataset, model not found). */
  badInput: 2,
  /** A `--fail-under` bar was not met, or `report compare` found a drop past a `--fail-on-drop` limit. */
  belowThreshold: 3,
  /** Interrupted by Ctrl-C (SIGINT); resume with `--resume`. */
  interrupted: 130,
} as const;

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];
