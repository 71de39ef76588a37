import { InvalidInputError } from "../../errors.js";
import { errorRow } from "../../util/error-row.js";
import type { MetricResult } from "../types.js";

/**
 * True for errors that must propagate instead of becoming a row's `status: "error"`: bad input
 * (the caller must fix it) and aborts (the caller asked to stop).
 */
export function mustPropagate(err: unknown, signal: AbortSignal | undefined): boolean {
  if (err instanceof InvalidInputError) return true;
  if (signal?.aborted === true) return true;
  return err instanceof Error && err.name === "AbortError";
}

/**
 * A failed row of a metric: `errorRow` (the one way rows become errors, shared with `evaluate()`) with the reason
 * that the judge or embedding model failed, and `details` kept.
 */
export function errorResult(err: unknown, details?: Record<string, unknown>): MetricResult {
  return errorRow(err, {
    reason: "the judge or embedding model failed on this row; see error",
    ...(details !== undefined ? { details } : {}),
  });
}

/**
 * Adds the prompt versions that produced a result to its `details.promptVersions` (an empty object
 * for metrics without a judge), keeping every other field.
 */
export function withPromptVersions(
  result: MetricResult,
  promptVersions: Record<string, string>,
): MetricResult {
  return { ...result, details: { ...result.details, promptVersions: { ...promptVersions } } };
}
