import { AirgapEvalError } from "../errors.js";

/** A scored assertion or a dataset row that ran out of its time: the message names what, the limit and how to raise it. */
export class EvalTimeoutError extends AirgapEvalError {
  override name = "EvalTimeoutError";
}

/** Options of {@link withDeadline}. */
export interface DeadlineOptions {
  /** Milliseconds the task may take. */
  ms: number;
  /** The error to reject with once the time is up (built then, so it can say what was running). */
  onTimeout: () => Error;
  /** Another signal that stops the task, e.g. the test's own (vitest aborts it when the run is cancelled). Defaults to none. */
  signal?: AbortSignal;
}

/**
 * Runs `task` with a signal that aborts after `ms`, and rejects with `onTimeout()` at that moment even when the
 * task does not listen to its signal (a metric of one's own), so a stuck judge never holds a test beyond its limit.
 * The judge calls in flight are aborted, so the next test does not queue behind them.
 *
 * @example
 * const result = await withDeadline((signal) => metric.score(sample, { signal }), {
 *   ms: 60_000,
 *   onTimeout: () => new EvalTimeoutError("faithfulness did not finish within 60 s"),
 * });
 */
export async function withDeadline<T>(
  task: (signal: AbortSignal) => Promise<T>,
  options: DeadlineOptions,
): Promise<T> {
  const timer = new AbortController();
  const signal = options.signal ? AbortSignal.any([timer.signal, options.signal]) : timer.signal;
  let timeout: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timeout = setTimeout(() => {
      const error = options.onTimeout();
      timer.abort(error);
      reject(error);
    }, options.ms);
  });
  const running = task(signal);
  // Once the time is up the task's own rejection (an AbortError) is not the news: it is swallowed here.
  running.catch(() => undefined);
  try {
    return await Promise.race([running, expired]);
  } finally {
    clearTimeout(timeout);
  }
}
