// The statistics module against scipy and numpy: the figures in test/fixtures/stats/reference.json were
// written by scripts/stats-oracle.py (scipy 1.17.1, numpy 2.4.6), with the seeds they name.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { normalQuantile, studentTQuantile } from "../../src/math/distributions.js";
import { meanInterval, standardError } from "../../src/math/mean-interval.js";
import { pairedDifference } from "../../src/math/paired-difference.js";
import { detectableDifference, rowsToDetect } from "../../src/math/sample-size.js";

interface Reference {
  normalQuantile: { p: number; z: number }[];
  studentTQuantile: { p: number; df: number; t: number }[];
  wilson: { successes: number; n: number; level: number; low: number; high: number }[];
  t: {
    values: number[];
    clusters: string[] | null;
    level: number;
    standardError: number;
    low: number;
    high: number;
  }[];
  bootstrap: {
    values: number[];
    clusters: string[] | null;
    level: number;
    seed: number;
    resamples: number;
    low: number;
    high: number;
    scipyLow: number;
    scipyHigh: number;
  }[];
  permutation: { a: number[]; b: number[]; pValue: number; mean: number }[];
  pairedInterval: {
    a: number[];
    b: number[];
    level: number;
    method: "t" | "bootstrap";
    low: number;
    high: number;
    unclippedLow: number;
    unclippedHigh: number;
    detect: number;
    detectable: number;
    rowsToDetect: number;
  }[];
  clippedMean: {
    values: number[];
    range: [number, number];
    low: number;
    high: number;
    unclippedLow: number;
    unclippedHigh: number;
  }[];
  sampleSize: {
    standardError: number;
    rows: number;
    difference: number;
    level: number;
    power: number;
    detectable: number;
    rowsNeeded: number;
  }[];
}

const reference = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, "../fixtures/stats/reference.json"), "utf8"),
) as Reference;
const clustersOf = (c: string[] | null) => (c === null ? {} : { clusters: c });

it("the reference file has cases in every section, so no comparison below passes on an empty list", () => {
  for (const [section, cases] of Object.entries(reference)) {
    expect(Array.isArray(cases) ? cases.length : 0, section).toBeGreaterThan(0);
  }
  expect(Object.keys(reference).sort()).toEqual(
    [
      "bootstrap",
      "clippedMean",
      "normalQuantile",
      "pairedInterval",
      "permutation",
      "sampleSize",
      "studentTQuantile",
      "t",
      "wilson",
    ].sort(),
  );
});

describe("quantiles match scipy", () => {
  it("normal (scipy.stats.norm.ppf)", () => {
    for (const { p, z } of reference.normalQuantile) expect(normalQuantile(p)).toBeCloseTo(z, 12);
  });
  it("Student t (scipy.stats.t.ppf)", () => {
    for (const { p, df, t } of reference.studentTQuantile) {
      expect(Math.abs(studentTQuantile(p, df) - t)).toBeLessThan(1e-9 * Math.max(1, Math.abs(t)));
    }
  });
});

describe("mean intervals match scipy", () => {
  it("Wilson (scipy.stats.binomtest(...).proportion_ci(method='wilson'))", () => {
    for (const { successes, n, level, low, high } of reference.wilson) {
      const values = Array.from({ length: n }, (_, i) => (i < successes ? 1 : 0));
      if (n < 2) {
        expect(meanInterval(values, { level, method: "wilson" })).toBeNull();
        continue;
      }
      const interval = meanInterval(values, { level })!;
      expect(interval.method).toBe("wilson");
      expect(interval.low).toBeCloseTo(low, 12);
      expect(interval.high).toBeCloseTo(high, 12);
    }
  });
  it("t, plain and cluster-robust (scipy.stats.t.interval with scipy.stats.sem or the CR1 error)", () => {
    for (const { values, clusters, level, standardError: se, low, high } of reference.t) {
      expect(standardError(values, clusters ?? undefined)).toBeCloseTo(se, 12);
      const interval = meanInterval(values, { level, method: "t", ...clustersOf(clusters) })!;
      expect(interval.low).toBeCloseTo(low, 10);
      expect(interval.high).toBeCloseTo(high, 10);
      if (clusters !== null) expect(interval.clusters).toBe(new Set(clusters).size);
    }
  });
  it("seeded bootstrap: the restated draws with numpy percentiles, to the last bit, and near scipy.stats.bootstrap", () => {
    for (const {
      values,
      clusters,
      level,
      seed,
      resamples,
      low,
      high,
      scipyLow,
      scipyHigh,
    } of reference.bootstrap) {
      const interval = meanInterval(values, {
        level,
        seed,
        resamples,
        method: "bootstrap",
        ...clustersOf(clusters),
      })!;
      expect([interval.low, interval.high]).toEqual([low, high]);
      expect(interval).toMatchObject({ method: "bootstrap", seed, resamples, level });
      if (clusters === null) {
        // scipy draws other rows, so only the width's scale agrees.
        expect(Math.abs(interval.low - scipyLow)).toBeLessThan(0.01);
        expect(Math.abs(interval.high - scipyHigh)).toBeLessThan(0.01);
      }
    }
  });
});

describe("paired difference matches scipy", () => {
  it("exact sign-flip p-values (scipy.stats.permutation_test, permutation_type='samples')", () => {
    for (const { a, b, pValue, mean } of reference.permutation) {
      const d = pairedDifference(a, b);
      expect(d.test).toBe("exact");
      expect(d.pValue).toBeCloseTo(pValue, 12);
      expect(d.mean).toBeCloseTo(mean, 12);
      expect(d.significant).toBe(pValue < 0.05);
    }
  });
});

describe("paired intervals as report compare makes them match scipy and numpy", () => {
  it("t below 30 pairs (scipy.stats.ttest_rel's interval), the seeded bootstrap from 30, clipped to [-1, 1]", () => {
    for (const c of reference.pairedInterval) {
      const d = pairedDifference(c.a, c.b, { level: c.level, range: [-1, 1] });
      expect(d.interval!.method).toBe(c.method);
      expect(d.interval!.low).toBeCloseTo(c.low, 12);
      expect(d.interval!.high).toBeCloseTo(c.high, 12);
      const unclipped = pairedDifference(c.a, c.b, { level: c.level }).interval!;
      expect([unclipped.low, unclipped.high].map((v) => Number(v.toFixed(12)))).toEqual(
        [c.unclippedLow, c.unclippedHigh].map((v) => Number(v.toFixed(12))),
      );
    }
    // The last case reaches past both ends, so the clipping is tested, not assumed.
    expect(reference.pairedInterval.some((c) => c.unclippedLow < -1 && c.unclippedHigh > 1)).toBe(true);
  });

  it("detectable difference and paired rows needed from the deltas' standard error (scipy.stats.sem)", () => {
    for (const c of reference.pairedInterval) {
      const se = standardError(c.b.map((v, i) => v - c.a[i]!))!;
      expect(detectableDifference(se, { level: c.level })).toBeCloseTo(c.detectable, 12);
      expect(rowsToDetect(c.detect, se, c.a.length, { level: c.level })).toBe(c.rowsToDetect);
    }
  });

  it("a mean's t-interval near the end of its range is clipped to the range (scipy.stats.t.interval, then clipped)", () => {
    for (const c of reference.clippedMean) {
      const interval = meanInterval(c.values, { method: "t", range: c.range })!;
      expect(interval.low).toBeCloseTo(c.low, 12);
      expect(interval.high).toBeCloseTo(c.high, 12);
      expect(c.unclippedLow < c.range[0] || c.unclippedHigh > c.range[1]).toBe(true);
    }
  });
});

describe("sample size matches the normal approximation with scipy's quantiles", () => {
  it("detectable difference and rows needed", () => {
    for (const {
      standardError: se,
      rows,
      difference,
      level,
      power,
      detectable,
      rowsNeeded,
    } of reference.sampleSize) {
      expect(detectableDifference(se, { level, power })).toBeCloseTo(detectable, 12);
      expect(rowsToDetect(difference, se, rows, { level, power })).toBe(rowsNeeded);
    }
  });
});

describe("paired difference: worked examples", () => {
  it("no change gives p = 1 and a zero-width interval; the Monte Carlo test is seeded", () => {
    const same = Array.from({ length: 40 }, (_, i) => (i % 7) / 7);
    const d = pairedDifference(same, same);
    expect(d).toMatchObject({ n: 40, mean: 0, pValue: 1, significant: false, test: "monte-carlo" });
    expect([d.interval!.low, d.interval!.high]).toEqual([0, 0]);
    const b = same.map((v, i) => v + (i % 3 === 0 ? 0.2 : 0.01));
    const first = pairedDifference(same, b, { seed: 3 });
    expect(first.pValue).toBe(1 / 10001); // every flip of 40 positive differences is smaller in total
    expect(first.significant).toBe(true);
    expect(pairedDifference(same, b, { seed: 3 })).toEqual(first);
  });
  it("clusters flip together: two clusters allow four sign patterns only", () => {
    const a = [0, 0, 0, 0];
    const b = [0.1, 0.1, 0.2, 0.2];
    const d = pairedDifference(a, b, { clusters: ["x", "x", "y", "y"] });
    expect(d).toMatchObject({ test: "exact", permutations: 4, pValue: 0.5, significant: false });
  });
});
