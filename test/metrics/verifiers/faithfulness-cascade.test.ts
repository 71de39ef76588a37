// The faithfulness cascade: a scripted verifier decides the rows outside the uncertainty band, a scripted judge the
// rest; each row says which path decided it.
import { describe, expect, it } from "vitest";
import { Faithfulness } from "../../../src/index.js";
import { cascadeRoute, cascadeVerdict } from "../../../src/metrics/faithfulness/cascade.js";
import { fakePairVerifier } from "../../support/fake-verifiers.js";
import { ScriptedLlm } from "../../support/scripted-llm.js";

const STATEMENTS = "faithfulness/statements";
const VERDICTS = "faithfulness/verdicts";

/** Sentence probabilities by sentence text: the scripted verifier's answers. */
const probabilities: Record<string, number> = {
  "Paris is in France.": 0.97,
  "Paris is the capital.": 0.9,
  "Paris is on the moon.": 0.03,
  "Paris is old.": 0.5,
};
const verifier = fakePairVerifier((pair) => probabilities[pair.second] ?? 0);

function judge() {
  return new ScriptedLlm({
    [STATEMENTS]: (prompt) => ({ statements: [prompt.input.includes("old") ? "Paris is old." : "?"] }),
    [VERDICTS]: [{ verdicts: [{ statement: "Paris is old.", reason: "The context says so.", verdict: 1 }] }],
  });
}

const contexts = ["Paris, the capital of France, is an old city."];
const rows = [
  { userInput: "q", response: "Paris is in France. Paris is the capital.", retrievedContexts: contexts },
  { userInput: "q", response: "Paris is in France. Paris is on the moon.", retrievedContexts: contexts },
  { userInput: "q", response: "Paris is in France. Paris is old.", retrievedContexts: contexts },
];

describe("faithfulness cascade", () => {
  it("routes by the least-supported sentence: outside [low, high] the verifier decides, inside the judge", async () => {
    const llm = judge();
    const metric = new Faithfulness({ llm, verifier });
    const [sure, wrong, unsure] = await metric.scoreBatch(rows);
    expect(sure).toMatchObject({ value: 1, status: "ok", details: { decidedBy: "verifier" } });
    expect(sure!.details!.cascade).toMatchObject({ probability: 0.9, verifierValue: 1, band: [0.2, 0.8] });
    expect(sure!.reason).toMatch(
      /^decided by the verifier \(least-supported sentence's probability 0\.900 outside the band \[0\.2, 0\.8\]\): 2 of 2/,
    );
    expect(wrong).toMatchObject({
      value: 0.5,
      details: { decidedBy: "verifier", cascade: { probability: 0.03 } },
    });
    expect(unsure).toMatchObject({
      value: 1,
      details: { decidedBy: "judge", cascade: { probability: 0.5, verifierValue: 1 } },
    });
    expect(unsure!.details!.statements).toEqual(["Paris is old."]);
    expect(unsure!.reason).toMatch(
      /^decided by the judge \(verifier probability 0\.500 inside the band \[0\.2, 0\.8\]\): 1 of 1 statements/,
    );
    // Only the uncertain row reached the judge.
    expect(llm.callsFor(STATEMENTS)).toHaveLength(1);
    expect(llm.callsFor(VERDICTS)).toHaveLength(1);
  });

  it("a wider band sends more rows to the judge; [0, 1] sends all", async () => {
    const llm = new ScriptedLlm({
      [STATEMENTS]: () => ({ statements: ["Paris is old."] }),
      [VERDICTS]: () => ({ verdicts: [{ statement: "Paris is old.", reason: "r", verdict: 0 }] }),
    });
    const all = await new Faithfulness({ llm, verifier, band: [0, 1] }).scoreBatch(rows);
    expect(all.map((r) => r.details!.decidedBy)).toEqual(["judge", "judge", "judge"]);
    expect(all.map((r) => r.value)).toEqual([0, 0, 0]);
    expect(llm.callsFor(STATEMENTS)).toHaveLength(3);
  });

  it("records the verifier and band in config() only with a verifier, and checks the band", () => {
    const llm = judge();
    const plain = new Faithfulness({ llm }).config().options;
    expect(plain).not.toHaveProperty("verifier");
    expect(plain).not.toHaveProperty("bandLow");
    expect(new Faithfulness({ llm, verifier, band: [0.1, 0.7] }).config().options).toMatchObject({
      verifier: "fake-consistency",
      verifierSha256: "f".repeat(64),
      bandLow: 0.1,
      bandHigh: 0.7,
    });
    expect(() => new Faithfulness({ llm, verifier, band: [0.8, 0.2] })).toThrow(/band.*low <= high/);
    expect(
      () => new Faithfulness({ llm, verifier: fakePairVerifier(() => 1, { task: "relevance" }) }),
    ).toThrow(/faithfulness: the verifier fake-relevance does relevance/);
  });

  it("the routing rule is pure: bounds belong to the band, no sentence goes to the judge", () => {
    expect(cascadeRoute(0.2, [0.2, 0.8])).toBe("judge");
    expect(cascadeRoute(0.8, [0.2, 0.8])).toBe("judge");
    expect(cascadeRoute(0.19, [0.2, 0.8])).toBe("verifier");
    expect(cascadeRoute(null, [0.2, 0.8])).toBe("judge");
    expect(cascadeVerdict([{ probability: 0.9 }, { probability: 0.4 }], [0.5, 0.5])).toEqual({
      probability: 0.4,
      verifierValue: 0.5,
      band: [0.5, 0.5],
      decidedBy: "verifier",
    });
  });
});
