import { z } from "zod";
import type { Verifier } from "../../../verifiers/types.js";
import { DEFAULT_RELEVANCE_VERIFIER, EXPORT_RECIPE } from "./defaults.js";

/** True for an object shaped like a loaded verifier (`identity`, `maxTokens`, a `score` or `unsupportedSpans` call). */
export function isVerifier(value: unknown): value is Verifier {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Partial<Record<string, unknown>>;
  return (
    typeof v.identity === "object" &&
    v.identity !== null &&
    typeof v.maxTokens === "number" &&
    (typeof v.score === "function" || typeof v.unsupportedSpans === "function")
  );
}

/** A verifier option: a models.json id or a model directory (loaded on first use), or a loaded `Verifier`. */
export const verifierSourceOption = z.union([
  z.string().min(1, "give a models.json verifier id or a model directory"),
  z.custom<Verifier>(isVerifier, {
    error: "pass a models.json verifier id, a model directory, or a Verifier (await loadVerifier(source))",
  }),
]);

/** ONNX threads of a verifier a metric loads itself; a speed setting, left out of config(). */
export const verifierThreadsOption = z
  .number()
  .int()
  .positive()
  .optional()
  .describe(
    "ONNX Runtime threads of the verifier this metric loads (metrics with the same verifier and threads share one session); unset leaves the runtime's default. Speed only.",
  );

/** The `threads` option every verifier metric takes, documented once: spread it into the descriptor's options. */
export const verifierThreadsShape = {
  /**
   * ONNX Runtime threads of the verifier this metric loads (metrics with the same verifier and threads share one
   * session); unset leaves the runtime's default. Speed only. Defaults to the runtime's default.
   */
  threads: verifierThreadsOption,
};

/**
 * A verifier option with a models.json id as its default. Its description starts with `role` (what the verifier does
 * for the metric) and ends with the default, so the descriptor's doc comment on the key, which must start with it
 * (test/metrics/options-docs.test.ts), states both.
 *
 * @example
 * verifier: defaultedVerifierOption(DEFAULT_NLI_VERIFIER, "The NLI (or consistency) verifier"),
 * // described as: The NLI (or consistency) verifier: a models.json id or a model directory, loaded on first use
 * // and shared process-wide, or a loaded Verifier. Defaults to "nli-deberta-v3-small".
 */
export function defaultedVerifierOption(defaultId: string, role: string) {
  return verifierSourceOption
    .default(defaultId)
    .describe(
      `${role}: a models.json id or a model directory, loaded on first use and shared process-wide, or a loaded Verifier. Defaults to ${JSON.stringify(defaultId)}.`,
    );
}

/**
 * The verifier option of a metric whose family no models.json entry ships: required, and leaving it out says what
 * to give (`needed`, e.g. "a directory holding a LettuceDetect token classifier exported to ONNX") and where the
 * export recipe is.
 *
 * @example
 * verifier: requiredVerifierOption("a directory holding a span tagger exported to ONNX"),
 */
export function requiredVerifierOption(needed: string) {
  const missing = `required: no models.json entry ships this verifier; give ${needed} (export recipe: ${EXPORT_RECIPE})`;
  return z
    .union(verifierSourceOption.options, {
      error: (issue) => (issue.input === undefined ? missing : undefined),
    })
    .describe(
      `The verifier: ${needed}, or a loaded Verifier. Required: no models.json entry ships one (export recipe: ${EXPORT_RECIPE}).`,
    );
}

/** A probability cut in [0, 1]: a pair counts (supported, relevant) when its probability is at least this. */
export const probabilityThreshold = z
  .number()
  .min(0)
  .max(1)
  .default(0.5)
  .describe("A pair counts when the verifier's probability is at least this. Defaults to 0.5.");

/**
 * The options the relevance metrics (verifier_context_relevance, verifier_context_precision) share: the
 * cross-encoder, its threads and the relevance cut.
 */
export const relevanceVerifierShape = {
  /**
   * The relevance cross-encoder: a models.json id or a model directory, loaded on first use and shared
   * process-wide, or a loaded Verifier. Defaults to "ms-marco-MiniLM-L-12-v2".
   */
  verifier: defaultedVerifierOption(DEFAULT_RELEVANCE_VERIFIER, "The relevance cross-encoder"),
  ...verifierThreadsShape,
  /** A context is relevant when sigmoid(logit) of its best window is at least this. Defaults to 0.5. */
  threshold: probabilityThreshold.describe(
    "A context is relevant when sigmoid(logit) of its best window is at least this. Defaults to 0.5.",
  ),
};

/**
 * `aggregate` of a metric that counts items (sentences, contexts) passing the threshold: the share that pass, or
 * the mean probability.
 */
export function aggregateOption(items: string) {
  return z
    .enum(["share", "mean"])
    .default("share")
    .describe(
      `The value: "share" of ${items} at or above the threshold, or "mean" probability; details carry both. Defaults to "share".`,
    );
}
