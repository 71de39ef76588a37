// calibrate with verifier metrics: a verifier metric is calibrated like a judge, and the faithfulness cascade's band
// is proposed from labelled rows (scripted verifier, scripted judge) at the lowest judge share reaching a target.
import { describe, expect, it } from "vitest";
import { bandEdges, bandOutcome, bestBand, proposeCascadeBand } from "../../src/calibrate/band.js";
import { calibrate } from "../../src/calibrate/calibrate.js";
import { toCalibrationHtml } from "../../src/calibrate/report-html.js";
import { InvalidInputError } from "../../src/errors.js";
import { Faithfulness, VerifierFaithfulness } from "../../src/index.js";
import { fakePairVerifier } from "../support/fake-verifiers.js";
import { ScriptedLlm } from "../support/scripted-llm.js";

/** Each row: the response (one sentence), the verifier's probability, the judge's verdict and the human label. */
const table = [
  ["Claim one.", 0.95, 1, 1],
  ["Claim two.", 0.9, 1, 1],
  ["Claim three.", 0.05, 0, 0],
  ["Claim four.", 0.1, 0, 0],
  ["Claim five.", 0.55, 0, 0], // the verifier is wrong, the judge right
  ["Claim six.", 0.45, 1, 1], // the verifier is wrong, the judge right
  ["Claim seven.", 0.6, 1, 1],
  ["Claim eight.", 0.3, 0, 0],
] as const;
const labelled = table.map(([response, , , human], i) => ({
  id: `r${i + 1}`,
  user_input: "Is it supported?",
  response,
  retrieved_contexts: ["The context."],
  human_label: human,
}));
const verifier = fakePairVerifier((pair) => table.find(([r]) => r === pair.second)?.[1] ?? 0);
const judge = () =>
  new ScriptedLlm({
    "faithfulness/statements": (prompt) => ({
      statements: [table.find(([r]) => prompt.input.includes(r))![0]],
    }),
    "faithfulness/verdicts": (prompt) => {
      const [statement, , verdict] = table.find(([r]) => prompt.input.includes(r))!;
      return { verdicts: [{ statement, reason: "scripted", verdict }] };
    },
  });
const quiet = { progress: "none" as const, bootstrap: { resamples: 200, seed: 7 } };

describe("calibrate with verifiers", () => {
  it("calibrates a verifier metric like a judge", async () => {
    const result = await calibrate(labelled, {
      judges: [{ name: "fake-hhem", metric: new VerifierFaithfulness({ verifier }) }],
      ...quiet,
    });
    const f = result.judges[0]!.figures;
    if (f.kind !== "binary") throw new Error("expected binary figures");
    // Wrong on rows 5 and 6 only.
    expect(f.accuracy.value).toBe(0.75);
    expect(f.confusion).toEqual({ truePositive: 3, falsePositive: 1, falseNegative: 1, trueNegative: 3 });
    expect(result.judges[0]!.config.options).toMatchObject({ verifier: "fake-consistency" });
  });

  it("proposes the band reaching the target agreement at the lowest judge share, with intervals", async () => {
    const result = await calibrate(labelled, {
      judges: [{ name: "cascade", metric: new Faithfulness({ llm: judge(), verifier, band: [0, 1] }) }],
      band: { target: 1 },
      ...quiet,
    });
    const band = result.judges[0]!.band!;
    expect(band.band![0]).toBeCloseTo(0.375, 12);
    expect(band.band![1]).toBeCloseTo(0.575, 12);
    expect(band.agreement.value).toBe(1);
    expect(band.judgeShare.value).toBe(0.25);
    expect(band.judgeAlone).toBe(1);
    expect(band.verifierAlone).toBe(0.75);
    const [low, high] = band.judgeShare.interval!;
    expect(low).toBeLessThanOrEqual(0.25);
    expect(high).toBeGreaterThanOrEqual(0.25);
    expect(band.agreement.interval).toEqual([1, 1]);
    const page = toCalibrationHtml(result);
    expect(page).toContain("verifier fake-consistency");
    expect(page).toMatch(
      /Proposed band \[0\.375, 0\.575\] for agreement ≥ 1\.000: agreement 1\.000 \[1\.000, 1\.000\], judge share 0\.250 \[0\.\d+, 0\.\d+\] \(judge alone 1\.000, verifier alone 0\.750; 8 rows\)/,
    );
  });

  it("refuses a cascade run in which the verifier decided rows, and labels other than binary", async () => {
    const narrow = calibrate(labelled, {
      judges: [{ name: "cascade", metric: new Faithfulness({ llm: judge(), verifier }) }],
      band: { target: 0.9 },
      ...quiet,
    });
    await expect(narrow).rejects.toThrow(InvalidInputError);
    await expect(narrow).rejects.toThrow(/run the cascade with band \[0, 1\]/);
    await expect(
      calibrate(labelled, {
        judges: [{ name: "v", metric: new VerifierFaithfulness({ verifier }) }],
        band: { target: 2 },
        ...quiet,
      }),
    ).rejects.toThrow(/band\.target must be an agreement between 0 and 1/);
  });
});

describe("band search", () => {
  const rows = table.map(([, probability, judge, human]) => ({
    human,
    probability,
    verifier: probability >= 0.5 ? 1 : 0,
    judge,
  }));

  it("lowers the judge share as the target drops, and says when no band reaches it", async () => {
    expect(bandEdges(rows)).toHaveLength(9);
    expect(bandOutcome(rows, [0, 1])).toEqual({ band: [0, 1], agreement: 1, judgeShare: 1 });
    const most = bestBand(rows, 0.875)!;
    expect(most.judgeShare).toBe(0.125);
    expect(most.band[0]).toBeCloseTo(0.5, 12);
    expect(most.band[1]).toBeCloseTo(0.575, 12);
    expect(bestBand(rows, 0.75)).toMatchObject({ judgeShare: 0, agreement: 0.75 });
    const unreachable = await proposeCascadeBand(
      rows.map((r) => ({ ...r, judge: 1 - r.human })),
      0.99,
      { resamples: 0 },
    );
    expect(unreachable.band).toBeNull();
    expect(unreachable.reason).toMatch(
      /no band reaches agreement 0\.99 on these 8 rows \(the judge alone agrees on 0\.000/,
    );
  });
});
