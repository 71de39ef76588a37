// A run of evaluate() stopped, as Ctrl-C stops it, right after its `stopAfter`-th record is on disk.
import { evaluate } from "../../src/evaluate/index.js";
import type { EvaluationResult } from "../../src/evaluate/result.js";
import type { Metric } from "../../src/metrics/types.js";

/** Scores `rows` one at a time into `out` and aborts after `stopAfter` records; resolves to the partial result. */
export function interruptedRun(
  rows: readonly Record<string, unknown>[],
  metrics: readonly Metric[],
  out: string,
  stopAfter: number,
): Promise<EvaluationResult> {
  const controller = new AbortController();
  let n = 0;
  return evaluate(rows, metrics, {
    out,
    concurrency: 1,
    progress: "none",
    signal: controller.signal,
    onRecord: () => {
      if (++n === stopAfter) controller.abort();
    },
  });
}
