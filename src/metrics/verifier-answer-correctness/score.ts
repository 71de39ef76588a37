// The verifier answer correctness formula, mirroring the factuality part of Ragas' answer_correctness: response
// sentences entailed by the reference play the true positives among the response's claims (precision), reference
// sentences entailed by the response the covered reference claims (recall); the value is their F-beta.

/** Precision, recall and their F-beta. */
export interface EntailmentF {
  /** Share of response sentences the reference entails; null with no response sentence. */
  precision: number | null;
  /** Share of reference sentences the response entails; null with no reference sentence. */
  recall: number | null;
  /** F-beta of the two; null when either is null; 0 when both are 0. */
  f: number | null;
}

/**
 * `precision = entailed response sentences / response sentences`, `recall = entailed reference sentences / reference
 * sentences`, `F = (1 + b²)·p·r / (b²·p + r)` (0 when p = r = 0).
 *
 * @example
 * entailmentF({ entailed: 2, total: 2 }, { entailed: 1, total: 2 }, 1); // { precision: 1, recall: 0.5, f: 2/3 }
 */
export function entailmentF(
  response: { entailed: number; total: number },
  reference: { entailed: number; total: number },
  beta: number,
): EntailmentF {
  const precision = response.total === 0 ? null : response.entailed / response.total;
  const recall = reference.total === 0 ? null : reference.entailed / reference.total;
  if (precision === null || recall === null) return { precision, recall, f: null };
  if (precision + recall === 0) return { precision, recall, f: 0 };
  const b2 = beta ** 2;
  return { precision, recall, f: ((1 + b2) * precision * recall) / (b2 * precision + recall) };
}
