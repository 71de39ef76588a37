import cliProgress from "cli-progress";

/** A row counter drawn on stderr, or a no-op when disabled. */
export interface RowProgress {
  /** Marks one row done; `failed` counts it as a failed row. */
  tick(failed: boolean): void;
  /** Stops drawing. */
  stop(): void;
}

/** Whether progress bars are on by default: when stderr is a terminal. */
export function defaultProgressBar(): boolean {
  return process.stderr.isTTY === true;
}

/** Starts a progress bar on stderr for `total` rows labelled `label`, or a no-op when `enabled` is false. */
export function startProgress(enabled: boolean, label: string, total: number): RowProgress {
  if (!enabled || total === 0) return { tick: () => {}, stop: () => {} };
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      format: `${label} [{bar}] {value}/{total} rows | {failed} failed | {duration_formatted}`,
      hideCursor: null,
    },
    cliProgress.Presets.shades_classic,
  );
  let failed = 0;
  bar.start(total, 0, { failed });
  return {
    tick(rowFailed: boolean) {
      if (rowFailed) failed += 1;
      bar.increment(1, { failed });
    },
    stop() {
      bar.stop();
    },
  };
}
