// Proposing the faithfulness cascade's uncertainty band from labelled rows: the band that reaches a target
// agreement with people while sending the fewest rows to the judge.
import { type BootstrapOptions, bootstrapInterval } from "../math/bootstrap.js";
import { type Figure, figure, undefinedFigure } from "./figure.js";

/** One labelled row as the cascade sees it: what people said and what each path would decide. */
export interface BandRow {
  /** The human label, 1 (faithful) or 0. */
  human: number;
  /** The row's verifier probability (its least-supported sentence's); null sends the row to the judge always. */
  probability: number | null;
  /** The verifier's verdict (its value at the threshold), 1 or 0. */
  verifier: number;
  /** The judge's verdict (its value at the threshold), 1 or 0. */
  judge: number;
}

/** How a band does on rows: agreement with people and the share of rows the judge decides. */
export interface BandOutcome {
  band: [low: number, high: number];
  agreement: number;
  judgeShare: number;
}

/** What `calibrate` proposes for the cascade's band. */
export interface BandProposal {
  /** The agreement (accuracy against the human labels) the band had to reach. */
  target: number;
  /** The proposed band; null when no row was scored or no band reaches the target (see `reason`). */
  band: [low: number, high: number] | null;
  /** The cascade's accuracy against people with the band, with its bootstrap 95% interval. */
  agreement: Figure;
  /** The share of rows the judge decides with the band, with its bootstrap 95% interval. */
  judgeShare: Figure;
  /** Accuracy of the judge alone (band [0, 1]) and of the verifier alone, for comparison. */
  judgeAlone: number;
  verifierAlone: number;
  /** Why no band is proposed. */
  reason?: string;
  /** Rows the proposal was computed on. */
  rows: number;
}

/**
 * How `band` does on `rows`: rows with probability < low or > high take the verifier's verdict, the rest (bounds
 * included, and rows without a probability) the judge's.
 *
 * @example
 * bandOutcome([{ human: 1, probability: 0.9, verifier: 1, judge: 0 }], [0.2, 0.8]); // { agreement: 1, judgeShare: 0, ... }
 */
export function bandOutcome(rows: readonly BandRow[], band: readonly [number, number]): BandOutcome {
  let agree = 0;
  let judged = 0;
  for (const r of rows) {
    const byVerifier = r.probability !== null && (r.probability < band[0] || r.probability > band[1]);
    if (!byVerifier) judged += 1;
    if ((byVerifier ? r.verifier : r.judge) === r.human) agree += 1;
  }
  const n = rows.length;
  return {
    band: [band[0], band[1]],
    agreement: n === 0 ? 0 : agree / n,
    judgeShare: n === 0 ? 0 : judged / n,
  };
}

/**
 * The candidate band edges: 0, 1 and the midpoints between consecutive distinct probabilities (so each edge
 * separates rows cleanly; a band [m, m] at a midpoint sends every row with a probability to the verifier).
 */
export function bandEdges(rows: readonly BandRow[]): number[] {
  const ps = [...new Set(rows.flatMap((r) => (r.probability === null ? [] : [r.probability])))].sort(
    (a, b) => a - b,
  );
  const edges = [0, 1];
  for (let i = 1; i < ps.length; i += 1) edges.push((ps[i - 1]! + ps[i]!) / 2);
  return [...new Set(edges)].sort((a, b) => a - b);
}

/**
 * The band reaching `target` agreement with the lowest judge share (ties: the higher agreement, then the narrower
 * band), searched over every pair of {@link bandEdges}; undefined when none reaches it.
 *
 * @example
 * bestBand(rows, 0.9)?.band;
 */
export function bestBand(rows: readonly BandRow[], target: number): BandOutcome | undefined {
  const edges = bandEdges(rows);
  let best: BandOutcome | undefined;
  for (let i = 0; i < edges.length; i += 1) {
    for (let j = i; j < edges.length; j += 1) {
      const outcome = bandOutcome(rows, [edges[i]!, edges[j]!]);
      if (outcome.agreement < target) continue;
      if (
        best === undefined ||
        outcome.judgeShare < best.judgeShare ||
        (outcome.judgeShare === best.judgeShare &&
          (outcome.agreement > best.agreement ||
            (outcome.agreement === best.agreement &&
              outcome.band[1] - outcome.band[0] < best.band[1] - best.band[0])))
      ) {
        best = outcome;
      }
    }
  }
  return best;
}

/**
 * Proposes the cascade's band: {@link bestBand} at `target`, with bootstrap 95% intervals of its agreement and judge
 * share (the band held fixed, the rows resampled; the band was chosen on the same rows, so the agreement is
 * optimistic: check it on rows it was not chosen on).
 *
 * @example
 * const proposal = await proposeCascadeBand(rows, 0.9, { seed: 7 });
 */
export async function proposeCascadeBand(
  rows: readonly BandRow[],
  target: number,
  bootstrap: BootstrapOptions = {},
): Promise<BandProposal> {
  const judgeAlone = bandOutcome(rows, [0, 1]).agreement;
  const verifierAlone =
    rows.length === 0
      ? 0
      : rows.filter((r) => (r.probability === null ? r.judge : r.verifier) === r.human).length / rows.length;
  const best = rows.length === 0 ? undefined : bestBand(rows, target);
  if (best === undefined) {
    const reason =
      rows.length === 0
        ? "no labelled row was scored by both the verifier and the judge, so there is nothing to choose a band from; the rows not scored say why"
        : `no band reaches agreement ${target} on these ${rows.length} rows (the judge alone agrees on ${judgeAlone.toFixed(3)}); lower the target or calibrate a better judge`;
    return {
      target,
      band: null,
      agreement: undefinedFigure(reason),
      judgeShare: undefinedFigure(reason),
      judgeAlone,
      verifierAlone,
      reason,
      rows: rows.length,
    };
  }
  const on = (indices: readonly number[]) =>
    bandOutcome(
      indices.map((i) => rows[i]!),
      best.band,
    );
  const agreementInterval = await bootstrapInterval(
    rows.length,
    (idx) => figure(on(idx).agreement),
    bootstrap,
  );
  const shareInterval = await bootstrapInterval(rows.length, (idx) => figure(on(idx).judgeShare), bootstrap);
  return {
    target,
    band: best.band,
    agreement: { value: best.agreement, interval: agreementInterval },
    judgeShare: { value: best.judgeShare, interval: shareInterval },
    judgeAlone,
    verifierAlone,
    rows: rows.length,
  };
}

/**
 * The band row of one scored cascade result (`Faithfulness` with a verifier and band [0, 1], so the judge decided it
 * and `details.cascade` holds the verifier's probability and value), or why it cannot be one.
 *
 * @example
 * bandRowOf(result, 1, 0.5);
 */
export function bandRowOf(
  result: { value: number | null; details?: Record<string, unknown> },
  human: number,
  threshold: number,
): BandRow | string {
  const cascade = result.details?.cascade as
    | { probability?: unknown; verifierValue?: unknown; decidedBy?: unknown }
    | undefined;
  if (cascade === undefined || typeof cascade !== "object") {
    return "its result has no details.cascade: run faithfulness with a verifier (the cascade) to propose a band";
  }
  if (cascade.decidedBy !== "judge") {
    return "the verifier decided it, so the judge's verdict is unknown: run the cascade with band [0, 1] so the judge sees every row";
  }
  const probability = typeof cascade.probability === "number" ? cascade.probability : null;
  const verifierValue = typeof cascade.verifierValue === "number" ? cascade.verifierValue : null;
  return {
    human,
    probability,
    verifier: verifierValue !== null && verifierValue >= threshold ? 1 : 0,
    judge: result.value !== null && result.value >= threshold ? 1 : 0,
  };
}
