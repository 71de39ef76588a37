// The faithfulness cascade: a local verifier decides the rows it is sure of, the judge the uncertain rest. The
// routing rule and the verifier's value are pure functions here; metric.ts runs them.
import type { SentenceSupport } from "../shared/verifier/response-support.js";
import { rowProbability, supportedShare } from "../shared/verifier/sentence-scores.js";

/** The default uncertainty band: rows whose verifier probability lies in [0.2, 0.8] go to the judge. */
export const DEFAULT_CASCADE_BAND: readonly [number, number] = [0.2, 0.8];
/** A sentence counts as supported in a verifier-decided row when its probability is at least this. */
export const CASCADE_SENTENCE_THRESHOLD = 0.5;

/** What the verifier said about a row, as `details.cascade` records it on every cascaded row. */
export interface CascadeVerdict {
  /** The row's probability: its least-supported sentence's probability; null when the response has no sentence. */
  probability: number | null;
  /** The verifier's value for the row: the share of sentences with probability >= 0.5; null with no sentence. */
  verifierValue: number | null;
  /** The band the row was routed by. */
  band: [number, number];
  /** Who decided the row. */
  decidedBy: "verifier" | "judge";
}

/**
 * Routes a row: the verifier decides when the row's probability is below `low` or above `high`, the judge when it
 * lies in the band (bounds included) or the response has no sentence.
 *
 * @example
 * cascadeRoute(0.95, [0.2, 0.8]); // "verifier"
 * cascadeRoute(0.5, [0.2, 0.8]); // "judge"
 */
export function cascadeRoute(
  probability: number | null,
  band: readonly [number, number],
): "verifier" | "judge" {
  if (probability === null) return "judge";
  return probability < band[0] || probability > band[1] ? "verifier" : "judge";
}

/**
 * The verifier's verdict on a row from its sentences' support: the row probability (`rowProbability`), the verifier's
 * value and the route.
 *
 * @example
 * cascadeVerdict(sentences, [0.2, 0.8]).decidedBy;
 */
export function cascadeVerdict(
  sentences: readonly Pick<SentenceSupport, "probability">[],
  band: readonly [number, number],
): CascadeVerdict {
  const probabilities = sentences.map((s) => s.probability);
  const probability = rowProbability(probabilities);
  return {
    probability,
    verifierValue: supportedShare(probabilities, CASCADE_SENTENCE_THRESHOLD),
    band: [band[0], band[1]],
    decidedBy: cascadeRoute(probability, band),
  };
}
