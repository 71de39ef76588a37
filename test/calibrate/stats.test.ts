// Agreement figures against values worked out by hand (the arithmetic is in each comment).
import { describe, expect, it } from "vitest";
import {
  auroc,
  bestThreshold,
  binaryFigures,
  confusionMatrix,
  thresholdScores,
} from "../../src/calibrate/binary.js";
import { kendallTauB, scaledMeanAbsoluteError, spearman } from "../../src/calibrate/rank.js";
import { bootstrapInterval, percentile } from "../../src/math/bootstrap.js";

describe("binary figures", () => {
  it("balanced case: TP 3, FN 1, FP 1, TN 3", () => {
    const m = confusionMatrix([1, 1, 1, 1, 0, 0, 0, 0], [1, 1, 1, 0, 1, 0, 0, 0]);
    expect(m).toEqual({ truePositive: 3, falsePositive: 1, falseNegative: 1, trueNegative: 3 });
    const f = binaryFigures(m);
    expect(f.accuracy.value).toBe(0.75); // 6 / 8
    expect(f.balancedAccuracy.value).toBe(0.75); // (3/4 + 3/4) / 2
    expect(f.cohensKappa.value).toBe(0.5); // po 0.75, pe (4*4 + 4*4)/64 = 0.5 -> 0.25 / 0.5
    expect(f.negativeClass.precision.value).toBe(0.75); // TN / (TN + FN)
    expect(f.negativeClass.recall.value).toBe(0.75); // TN / (TN + FP)
    expect(f.negativeClass.f1.value).toBe(0.75);
  });

  it("skewed case: TP 5, FP 2, FN 1, TN 2", () => {
    const f = binaryFigures({ truePositive: 5, falsePositive: 2, falseNegative: 1, trueNegative: 2 });
    // po = 0.7; humans 6+/4-, judge 7+/3-; pe = (6*7 + 4*3) / 100 = 0.54; kappa = 0.16 / 0.46
    expect(f.cohensKappa.value).toBeCloseTo(0.16 / 0.46, 15);
    expect(f.balancedAccuracy.value).toBeCloseTo((5 / 6 + 2 / 4) / 2, 15);
    expect(f.negativeClass.precision.value).toBeCloseTo(2 / 3, 15);
    expect(f.negativeClass.recall.value).toBe(0.5);
    expect(f.negativeClass.f1.value).toBeCloseTo(4 / 7, 15); // 2*TN / (2*TN + FN + FP)
  });

  it("one human class: kappa, balanced accuracy and recall are null with a reason, never NaN", () => {
    const f = binaryFigures(confusionMatrix([1, 1, 1], [1, 0, 1]));
    expect(f.accuracy.value).toBeCloseTo(2 / 3, 15);
    for (const g of [f.cohensKappa, f.balancedAccuracy, f.negativeClass.recall, f.negativeClass.f1]) {
      expect(g.value).toBeNull();
      expect(g.reason).toMatch(/undefined/);
    }
    expect(auroc([0.1, 0.2], [1, 1]).value).toBeNull();
    expect(bestThreshold([0.1, 0.2], [1, 1])).toBeNull();
  });

  it("both raters constant on different classes: kappa undefined is stated", () => {
    const f = binaryFigures(confusionMatrix([1, 0], [1, 1]));
    expect(f.cohensKappa.value).toBe(0); // po 0.5, pe (1*2 + 1*0)/4 = 0.5 -> 0
    const none = binaryFigures(confusionMatrix([], []));
    expect(none.accuracy.value).toBeNull();
  });

  it("AUROC counts ties as one half", () => {
    // positives 0.9 and 0.3 against negatives 0.8 and 0.1: 0.9>0.8, 0.9>0.1, 0.3<0.8, 0.3>0.1 -> 3/4
    expect(auroc([0.9, 0.8, 0.3, 0.1], [1, 0, 1, 0]).value).toBe(0.75);
    expect(auroc([0.5, 0.5], [1, 0]).value).toBe(0.5);
    expect(auroc([1, 0.5, 0.5, 0], [1, 1, 0, 0]).value).toBe(0.875); // (1 + 1 + 0.5 + 1) / 4
  });

  it("best threshold maximises balanced accuracy", () => {
    expect(bestThreshold([0.2, 0.4, 0.6, 0.8], [0, 0, 1, 1])).toEqual({
      threshold: 0.6,
      balancedAccuracy: 1,
    });
    expect(thresholdScores([0.49, 0.5, 1], 0.5)).toEqual([0, 1, 1]);
  });
});

describe("rank figures", () => {
  it("Spearman and Kendall without ties", () => {
    // d = [0, 1, -1, 0]: 1 - 6*2 / (4*15) = 0.8; one discordant pair of six: (5 - 1) / 6
    expect(spearman([1, 2, 3, 4], [1, 3, 2, 4]).value).toBeCloseTo(0.8, 15);
    expect(kendallTauB([1, 2, 3, 4], [1, 3, 2, 4]).value).toBeCloseTo(4 / 6, 15);
  });

  it("Spearman and Kendall tau-b with ties on both sides", () => {
    // ranks [1.5,1.5,3,4] and [1,2.5,2.5,4]: sxy 3.75, sxx 4.5, syy 4.5 -> 0.8333
    expect(spearman([1, 1, 2, 3], [1, 2, 2, 3]).value).toBeCloseTo(3.75 / 4.5, 15);
    // 4 concordant, 0 discordant, 1 pair tied in a, 1 tied in b: 4 / sqrt(5 * 5)
    expect(kendallTauB([1, 1, 2, 3], [1, 2, 2, 3]).value).toBeCloseTo(0.8, 15);
    expect(kendallTauB([3, 2, 1], [1, 2, 3]).value).toBe(-1);
  });

  it("Kendall matches the O(n^2) definition on a larger random case", () => {
    let seed = 3;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % 5;
    };
    const a = Array.from({ length: 200 }, next);
    const b = Array.from({ length: 200 }, next);
    let c = 0;
    let d = 0;
    let ta = 0;
    let tb = 0;
    for (let i = 0; i < a.length; i += 1) {
      for (let j = i + 1; j < a.length; j += 1) {
        const s = Math.sign(a[i]! - a[j]!) * Math.sign(b[i]! - b[j]!);
        if (a[i] === a[j]) ta += 1;
        if (b[i] === b[j]) tb += 1;
        if (s > 0) c += 1;
        if (s < 0) d += 1;
      }
    }
    const n0 = (a.length * (a.length - 1)) / 2;
    expect(kendallTauB(a, b).value).toBeCloseTo((c - d) / Math.sqrt((n0 - ta) * (n0 - tb)), 12);
  });

  it("constant sides and single rows give null with a reason", () => {
    expect(spearman([1, 1, 1], [1, 2, 3]).value).toBeNull();
    expect(kendallTauB([1], [1]).reason).toMatch(/fewer than two/);
  });

  it("MAE after scaling both sides to [0, 1]", () => {
    // human 1 -> 0, 4 -> 1; judge 0 and 0.5: |0 - 0| + |1 - 0.5| = 0.5 over 2 rows
    expect(scaledMeanAbsoluteError([1, 4], { min: 1, max: 4 }, [0, 0.5], { min: 0, max: 1 }).value).toBe(
      0.25,
    );
  });
});

describe("bootstrap", () => {
  it("is seeded: the same seed gives the same interval, another seed another", async () => {
    const values = [0.91, 0.13, 0.72, 0.55, 0.08, 0.64, 0.37, 0.99, 0.81, 0.3];
    const mean = (idx: readonly number[]) => ({
      value: idx.reduce((s, i) => s + values[i]!, 0) / idx.length,
    });
    const a = await bootstrapInterval(values.length, mean, { seed: 1 });
    expect(await bootstrapInterval(values.length, mean, { seed: 1 })).toEqual(a);
    expect(await bootstrapInterval(values.length, mean, { seed: 2 })).not.toEqual(a);
    expect(a![0]).toBeLessThanOrEqual(0.55);
    expect(a![1]).toBeGreaterThanOrEqual(0.55);
  });

  it("a figure that is constant on every resample has a zero-width interval", async () => {
    expect(await bootstrapInterval(5, () => ({ value: 1 }))).toEqual([1, 1]);
  });

  it("null when most resamples leave the figure undefined", async () => {
    expect(await bootstrapInterval(5, () => ({ value: null }))).toBeNull();
  });

  it("groups are drawn whole", async () => {
    const seen: number[][] = [];
    await bootstrapInterval(
      4,
      (idx) => {
        seen.push([...idx]);
        return { value: 0 };
      },
      { resamples: 20, groups: ["a", "a", "b", "b"] },
    );
    for (const idx of seen) {
      expect(idx).toHaveLength(4);
      expect(idx.filter((i) => i === 0).length).toBe(idx.filter((i) => i === 1).length);
    }
  });

  it("percentile interpolates as numpy does", () => {
    expect(percentile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(percentile([0, 10], 0.025)).toBe(0.25);
  });
});
