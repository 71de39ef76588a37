// Krippendorff's α and Fleiss' κ against their reference packages: test/fixtures/stats/agreement.json was written by
// scripts/agreement-oracle.py (krippendorff 0.9.0, statsmodels 0.15.0), with Krippendorff's and Fleiss' published
// examples among the cases.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fleissKappa } from "../../src/math/fleiss-kappa.js";
import { type AgreementScale, krippendorffAlpha } from "../../src/math/krippendorff-alpha.js";

interface AgreementCase {
  name: string;
  ratings: (number | null)[][];
  scale: AgreementScale;
  alpha: number;
  kappa?: number;
  kappaUnits?: number;
  published?: { alpha?: number; kappa?: number };
}

const reference = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, "../fixtures/stats/agreement.json"), "utf8"),
) as { cases: AgreementCase[] };

describe("Krippendorff's alpha", () => {
  it.each(reference.cases)("$name ($scale) matches the krippendorff package", (c) => {
    expect(krippendorffAlpha(c.ratings, c.scale)).toBeCloseTo(c.alpha, 12);
  });

  it("gives Krippendorff's published figures for his example", () => {
    const [nominal, interval] = reference.cases.filter((c) => c.name.startsWith("krippendorff-2011"));
    expect(krippendorffAlpha(nominal!.ratings, "nominal")!.toFixed(3)).toBe("0.743");
    expect(krippendorffAlpha(interval!.ratings, "interval")!.toFixed(3)).toBe("0.849");
  });

  it("is undefined without two pairable values or with nothing to disagree on", () => {
    expect(krippendorffAlpha([], "nominal")).toBeNull();
    expect(
      krippendorffAlpha(
        [
          [1, null],
          [null, 0],
        ],
        "interval",
      ),
    ).toBeNull();
    expect(
      krippendorffAlpha(
        [
          [1, 1],
          [1, 1, 1],
        ],
        "nominal",
      ),
    ).toBeNull();
  });

  it("is 1 when raters agree on every unit and below 0 when they systematically disagree", () => {
    expect(
      krippendorffAlpha(
        [
          [1, 1],
          [0, 0],
          [0.5, 0.5],
        ],
        "interval",
      ),
    ).toBe(1);
    expect(
      krippendorffAlpha(
        [
          [1, 0],
          [0, 1],
          [1, 0],
        ],
        "nominal",
      ),
    ).toBeLessThan(0);
  });
});

describe("Fleiss' kappa", () => {
  const labelled = reference.cases.filter((c) => c.kappa !== undefined);

  it.each(labelled)("$name matches statsmodels on its complete units", (c) => {
    const { value, units } = fleissKappa(c.ratings);
    expect(units).toBe(c.kappaUnits);
    expect(value).toBeCloseTo(c.kappa!, 12);
  });

  it("gives Fleiss' published figure for his example", () => {
    const fleiss = reference.cases.find((c) => c.name === "fleiss-1971")!;
    expect(fleissKappa(fleiss.ratings).value!.toFixed(3)).toBe("0.210");
  });

  it("is undefined with one rater, no complete unit, or one label everywhere", () => {
    expect(fleissKappa([[1], [0]]).value).toBeNull();
    expect(
      fleissKappa([
        [1, null],
        [null, 0],
      ]),
    ).toEqual({ value: null, units: 0 });
    expect(
      fleissKappa([
        [1, 1],
        [1, 1],
      ]).value,
    ).toBeNull();
  });
});
