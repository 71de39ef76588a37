import { InvalidInputError } from "../../../errors.js";
import { errorRow } from "../../../util/error-row.js";
import type { MetricDescriptor } from "../../descriptor.js";
import type { MetricResult } from "../../types.js";

/**
 * True for errors that must propagate instead of becoming a row's `status: "error"`: bad input
 * (the caller must fix it) and aborts (the caller asked to stop).
 */
export function mustPropagate(err: unknown, signal: AbortSignal | undefined): boolean {
  if (err instanceof InvalidInputError) return true;
  if (signal?.aborted === true) return true;
  return err instanceof Error && err.name === "AbortError";
}

/** The reason of a failed row of a metric that scores with a judge or an embedding model. */
const MODEL_FAILED = "the judge or embedding model failed on this row; see error";

/**
 * The reason of a metric's failed row, naming what it scores with, from its descriptor's needs: the verifier
 * (`verifier`: its models.json id or directory, as the metric was given it) with what to do, and the judge beside
 * it for a metric that needs both (the error says which failed); else the judge or embedding model, else the
 * metric itself.
 *
 * @example
 * failureReason({ needsLlm: false, needsEmbeddings: false, needsVerifier: ["nli"] }, "nli-deberta-v3-small");
 * // "the verifier nli-deberta-v3-small failed on this row; see error. …"
 */
export function failureReason(
  needs: Pick<MetricDescriptor, "needsLlm" | "needsEmbeddings" | "needsVerifier">,
  verifier?: string,
): string {
  if ((needs.needsVerifier ?? []).length > 0) {
    const judge = needs.needsLlm ? "judge or the " : "";
    return (
      `the ${judge}verifier${verifier === undefined ? "" : ` ${verifier}`} failed on this row; see error. Fix the model it ` +
      "names (`airgap-eval models verify` checks a models.json id's files) or give the metric's verifier option " +
      "another verifier (docs/verifiers.md)"
    );
  }
  return needs.needsLlm || needs.needsEmbeddings ? MODEL_FAILED : "the metric failed on this row; see error";
}

/**
 * A failed row of a metric: `errorRow` (the one way rows become errors, shared with `evaluate()`) with `reason`
 * (see {@link failureReason}; defaults to the judge or embedding model's failure), and `details` kept.
 */
export function errorResult(
  err: unknown,
  details?: Record<string, unknown>,
  reason: string = MODEL_FAILED,
): MetricResult {
  return errorRow(err, { reason, ...(details !== undefined ? { details } : {}) });
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
