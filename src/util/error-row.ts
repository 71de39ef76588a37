import { JudgeOutputError } from "../errors.js";
import { errorText } from "./error-text.js";

/** Longest judge text kept on an error row. */
const RAW_TEXT_LIMIT = 2000;

/** A failed row × metric: the shape of `MetricResult` with `status: "error"`. */
export interface ErrorRow {
  value: null;
  status: "error";
  reason?: string;
  error: string;
  details?: Record<string, unknown>;
}

/**
 * Turns an exception into a failed row: `value: null`, `status: "error"`, the error's one-line text
 * (see {@link errorText}), and the judge's raw answer (first 2000 characters) when the error is a
 * `JudgeOutputError`. The one place rows become errors, for `evaluate()` and the metrics alike.
 *
 * @param extra A `reason` for the row and `details` to keep. Defaults to neither.
 * @example
 * try { result = await metric.score(sample); } catch (err) { result = errorRow(err); }
 */
export function errorRow(
  err: unknown,
  extra: { reason?: string; details?: Record<string, unknown> } = {},
): ErrorRow {
  const details: Record<string, unknown> = { ...extra.details };
  if (err instanceof JudgeOutputError) details.rawText = err.rawText.slice(0, RAW_TEXT_LIMIT);
  return {
    value: null,
    status: "error",
    ...(extra.reason !== undefined ? { reason: extra.reason } : {}),
    error: errorText(err),
    ...(Object.keys(details).length > 0 ? { details } : {}),
  };
}
