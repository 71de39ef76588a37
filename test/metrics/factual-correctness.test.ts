import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../../src/errors.js";
import { FactualCorrectness } from "../../src/metrics/factual-correctness/metric.js";
import {
  factualCorrectnessScore,
  fbetaScore,
  numpyRound,
  roundHalfEven,
} from "../../src/metrics/factual-correctness/score.js";
import { FAITHFULNESS_VERDICTS_VERSION } from "../../src/metrics/shared/judge/statements/verdicts-prompt.js";
import type { JudgePrompt } from "../../src/prompts/types.js";
import { ScriptedLlm } from "../support/scripted-llm.js";

const VERDICTS = "faithfulness/verdicts";
const claimsName = (a = "low", c = "low") => `factual_correctness/claims_${a}_atomicity_${c}_coverage`;
const sample = {
  response: "Marie Curie won two Nobel Prizes. She was born in France.",
  reference: "Marie Curie, born in Warsaw, won the Nobel Prize in Physics and in Chemistry.",
};
const RESPONSE_CLAIMS = ["Marie Curie won two Nobel Prizes.", "Marie Curie was born in France."];
const REFERENCE_CLAIMS = [
  "Marie Curie was born in Warsaw.",
  "Marie Curie won the Nobel Prize in Physics.",
  "Marie Curie won the Nobel Prize in Chemistry.",
];

/** A judge whose claims and verdicts depend on which text it is shown. */
function judge(opts: {
  responseFlags: Array<0 | 1>;
  referenceFlags: Array<0 | 1>;
  responseClaims?: string[];
  name?: string;
}) {
  const statementsOf = (prompt: JudgePrompt) =>
    prompt.input
      .split("\n")
      .filter((l) => /^\d+\. /.test(l))
      .map((l) => l.replace(/^\d+\. /, ""));
  return new ScriptedLlm({
    [opts.name ?? claimsName()]: (prompt) => ({
      claims: prompt.input.includes("France") ? (opts.responseClaims ?? RESPONSE_CLAIMS) : REFERENCE_CLAIMS,
    }),
    [VERDICTS]: (prompt) => {
      const againstReference = prompt.input.includes("[1] Marie Curie, born in Warsaw");
      const flags = againstReference ? opts.responseFlags : opts.referenceFlags;
      return {
        verdicts: statementsOf(prompt).map((statement, i) => ({ statement, reason: "r", verdict: flags[i] })),
      };
    },
  });
}

describe("factual correctness formulas (Ragas, numpy rounding)", () => {
  it("rounds half to even like numpy.round(x, 2)", () => {
    expect(roundHalfEven(12.5)).toBe(12);
    expect(roundHalfEven(13.5)).toBe(14);
    expect(roundHalfEven(2.5)).toBe(2);
    expect(roundHalfEven(2.51)).toBe(3);
    expect(numpyRound(0.125, 2)).toBe(0.12);
    expect(numpyRound(0.375, 2)).toBe(0.38);
    expect(numpyRound(2 / 3, 2)).toBe(0.67);
  });

  it("precision and recall with Ragas' 1e-8; f1 with Ragas' fbeta_score", () => {
    const c = { tp: 2, fp: 1, fn: 3 };
    expect(factualCorrectnessScore(c, "precision", 1)).toBe(0.67); // 2 / (3 + 1e-8)
    expect(factualCorrectnessScore(c, "recall", 1)).toBe(0.4); // 2 / (5 + 1e-8) = 0.39999999992
    // p = 2/3, r = 2/5 -> f1 = 0.5
    expect(factualCorrectnessScore(c, "f1", 1)).toBe(0.5);
    // beta 2: 5·p·r / (4p + r) = (4/3) / (8/3 + 2/5) = 0.4347... -> 0.43
    expect(factualCorrectnessScore(c, "f1", 2)).toBe(0.43);
    expect(fbetaScore({ tp: 1, fp: 7, fn: 7 }, 1)).toBe(0.125);
    expect(factualCorrectnessScore({ tp: 1, fp: 7, fn: 7 }, "f1", 1)).toBe(0.12);
    expect(factualCorrectnessScore({ tp: 3, fp: 5, fn: 5 }, "f1", 1)).toBe(0.38);
    // No claims at all: every mode gives 0, never NaN.
    for (const mode of ["precision", "recall", "f1"] as const) {
      expect(factualCorrectnessScore({ tp: 0, fp: 0, fn: 0 }, mode, 1)).toBe(0);
    }
    expect(factualCorrectnessScore({ tp: 3, fp: 0, fn: 0 }, "precision", 1)).toBe(1);
  });
});

describe("FactualCorrectness", () => {
  it("f1 (default): TP 1, FP 1 from the response; FN 2 from the reference", async () => {
    const llm = judge({ responseFlags: [1, 0], referenceFlags: [0, 1, 0] });
    const result = await new FactualCorrectness({ llm }).score(sample);
    // p = 1/2, r = 1/3 -> f1 = 0.4
    expect(result).toMatchObject({ value: 0.4, status: "ok" });
    expect(result.details).toMatchObject({
      mode: "f1",
      responseClaims: RESPONSE_CLAIMS,
      referenceClaims: REFERENCE_CLAIMS,
      counts: { tp: 1, fp: 1, fn: 2 },
      usage: { calls: 4 },
      promptVersions: { [claimsName()]: "1.2.0", [VERDICTS]: FAITHFULNESS_VERDICTS_VERSION },
    });
  });

  it("precision mode never decomposes the reference; recall mode; beta", async () => {
    const p = judge({ responseFlags: [1, 0], referenceFlags: [] });
    const rp = await new FactualCorrectness({ llm: p, mode: "precision" }).score(sample);
    expect(rp.value).toBe(0.5);
    expect(p.calls).toHaveLength(2);
    expect(rp.details).not.toHaveProperty("referenceClaims");
    // recall: TP 1 (response side), FN 2 (reference side) -> 1 / (3 + 1e-8) -> 0.33
    const r = judge({ responseFlags: [1, 0], referenceFlags: [0, 1, 0] });
    expect((await new FactualCorrectness({ llm: r, mode: "recall" }).score(sample)).value).toBe(0.33);
    const b = judge({ responseFlags: [1, 0], referenceFlags: [0, 1, 0] });
    // beta 0.5: 1.25·p·r / (0.25p + r) with p = 1/2, r = 1/3 -> 0.4545... -> 0.45
    expect((await new FactualCorrectness({ llm: b, beta: 0.5 }).score(sample)).value).toBe(0.45);
  });

  it("all-one verdicts give 1, all-zero give 0", async () => {
    const one = judge({ responseFlags: [1, 1], referenceFlags: [1, 1, 1] });
    expect((await new FactualCorrectness({ llm: one }).score(sample)).value).toBe(1);
    const zero = judge({ responseFlags: [0, 0], referenceFlags: [0, 0, 0] });
    expect((await new FactualCorrectness({ llm: zero }).score(sample)).value).toBe(0);
  });

  it("atomicity and coverage pick the claim prompt; no response claims scores 0 with a reason", async () => {
    const name = claimsName("high", "high");
    const llm = judge({ responseFlags: [], referenceFlags: [0, 0, 0], responseClaims: [], name });
    const metric = new FactualCorrectness({ llm, atomicity: "high", coverage: "high" });
    const result = await metric.score(sample);
    expect(result).toMatchObject({ value: 0, status: "ok" });
    expect(result.reason).toMatch(/no claims in the response/);
    expect(llm.callsFor(name)[0]!.prompt.system).toMatch(/exactly one fact/);
    expect(llm.callsFor(name)[0]!.prompt.system).toMatch(/every fact/);
    expect(metric.config().options).toMatchObject({ atomicity: "high", coverage: "high", mode: "f1" });
  });

  it("bad options throw naming the option", () => {
    const llm = new ScriptedLlm({});
    // @ts-expect-error: a wrong mode from untyped input
    expect(() => new FactualCorrectness({ llm, mode: "accuracy" })).toThrow(InvalidInputError);
    // @ts-expect-error: a wrong level from untyped input
    expect(() => new FactualCorrectness({ llm, atomicity: "medium" })).toThrow(/atomicity/);
    expect(() => new FactualCorrectness({ llm, beta: -1 })).toThrow(/beta/);
  });
});
