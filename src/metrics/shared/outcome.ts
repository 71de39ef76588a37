import { InvalidInputError, JudgeOutputError } from "../../errors.js";
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

/** One-line text of an error, e.g. `JudgeOutputError: judge answer ... does not match its schema`. */
export function errorText(err: unknown): string {
  if (err instanceof Error) return `${err.name}: ${err.message}`;
  return String(err);
}

/** A failed row: `value: null`, `status: "error"`, the error text, and the judge's raw text when there is one. */
export function errorResult(err: unknown, details?: Record<string, unknown>): MetricResult {
  const extra: Record<string, unknown> = { ...details };
  if (err instanceof JudgeOutputError) extra.rawText = err.rawText.slice(0, 2000);
  return {
    value: null,
    status: "error",
    reason: "the judge or embedding model failed on this row; see error",
    error: errorText(err),
    ...(Object.keys(extra).length > 0 ? { details: extra } : {}),
  };
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
