// faithfulness_with_hhem (Ragas FaithfulnesswithHHEM): the judge's statements, each decided by a verifier against
// the contexts joined by a newline; scripted judge and verifier.
import { describe, expect, it } from "vitest";
import { Faithfulness, FaithfulnessWithHhem } from "../../../src/index.js";
import { createMetric } from "../../../src/metrics/catalog.js";
import { fakePairVerifier, fakeSpanVerifier } from "../../support/fake-verifiers.js";
import { ScriptedLlm } from "../../support/scripted-llm.js";

const STATEMENTS = "faithfulness/statements";
const VERDICTS = "faithfulness/verdicts";

const probabilities: Record<string, number> = {
  "Paris is in France.": 0.97,
  "Paris has ninety million people.": 0.1,
  "Paris is old.": 0.5,
};
const verifier = () => fakePairVerifier((pair) => probabilities[pair.second] ?? 0);
const sample = {
  userInput: "Tell me about Paris.",
  response: "Paris is in France, it has ninety million people and it is old.",
  retrievedContexts: ["Paris is the capital of France.", "It is an old city of two million people."],
};
const judge = () =>
  new ScriptedLlm({
    [STATEMENTS]: () => ({
      statements: ["Paris is in France.", "Paris has ninety million people.", "Paris is old."],
    }),
  });

describe("faithfulness_with_hhem", () => {
  it("scores the share of the judge's statements the verifier supports against the joined contexts", async () => {
    const llm = judge();
    const v = verifier();
    const result = await new FaithfulnessWithHhem({ llm, verifier: v }).score(sample);
    expect(result.status).toBe("ok");
    expect(result.value).toBeCloseTo(2 / 3, 12);
    expect(result.reason).toBe("2 of 3 statements supported by the contexts (verifier probability >= 0.5)");
    const premise = "Paris is the capital of France.\nIt is an old city of two million people.";
    expect(result.details).toMatchObject({
      supportedShare: 2 / 3,
      threshold: 0.5,
      verifier: { id: "fake-consistency", task: "consistency" },
      statements: [
        { statement: "Paris is in France.", probability: 0.97, window: { start: 0, end: premise.length } },
        { statement: "Paris has ninety million people.", probability: 0.1 },
        { statement: "Paris is old.", probability: 0.5 },
      ],
    });
    expect((result.details as { meanProbability: number }).meanProbability).toBeCloseTo(1.57 / 3, 12);
    // One judge call (the statements step), no verdicts call; one verifier batch, premise first, as Ragas pairs them.
    expect(llm.callsFor(STATEMENTS)).toHaveLength(1);
    expect(llm.callsFor(VERDICTS)).toHaveLength(0);
    expect(v.calls).toHaveLength(1);
    expect(v.calls[0]).toEqual([
      { first: premise, second: "Paris is in France." },
      { first: premise, second: "Paris has ninety million people." },
      { first: premise, second: "Paris is old." },
    ]);
  });

  it("asks the same statements prompt as faithfulness, so a run with both asks it once per row", async () => {
    const llm = new ScriptedLlm({
      [STATEMENTS]: () => ({ statements: ["Paris is in France."] }),
      [VERDICTS]: () => ({ verdicts: [{ statement: "Paris is in France.", reason: "r", verdict: 1 }] }),
    });
    await new Faithfulness({ llm }).score(sample);
    await new FaithfulnessWithHhem({ llm, verifier: verifier() }).score(sample);
    const [a, b] = llm.callsFor(STATEMENTS);
    expect(a!.prompt.input).toContain(sample.response);
    expect(b!.prompt).toEqual(a!.prompt);
    expect(new FaithfulnessWithHhem({ llm, verifier: verifier() }).config().promptVersions).toEqual({
      [STATEMENTS]: new Faithfulness({ llm }).config().promptVersions[STATEMENTS],
    });
  });

  it("gives the mean probability with aggregate mean, moves the share with threshold, and null with no statement", async () => {
    expect(
      (
        await new FaithfulnessWithHhem({ llm: judge(), verifier: verifier(), aggregate: "mean" }).score(
          sample,
        )
      ).value,
    ).toBeCloseTo(1.57 / 3, 12);
    expect(
      (await new FaithfulnessWithHhem({ llm: judge(), verifier: verifier(), threshold: 0.05 }).score(sample))
        .value,
    ).toBe(1);
    const v = verifier();
    const empty = await new FaithfulnessWithHhem({
      llm: new ScriptedLlm({ [STATEMENTS]: () => ({ statements: [] }) }),
      verifier: v,
    }).score(sample);
    expect(empty).toMatchObject({ value: null, status: "ok" });
    expect(empty.reason).toMatch(/no statements.*Ragas gives NaN/);
    expect(v.calls).toHaveLength(0);
  });

  it("cuts a premise longer than the verifier's window and keeps each statement's best window", async () => {
    const long = `${"Lyon is a city. ".repeat(40)}Paris is in France.`;
    const v = fakePairVerifier((pair) => (pair.first.includes("Paris") ? 0.9 : 0.2), { maxTokens: 64 });
    const result = await new FaithfulnessWithHhem({ llm: judge(), verifier: v }).score({
      ...sample,
      retrievedContexts: [long],
    });
    expect(v.calls[0]!.length).toBeGreaterThan(3); // several windows per statement
    const first = (result.details as { statements: Array<{ probability: number; window: { end: number } }> })
      .statements[0]!;
    expect(first.probability).toBe(0.9);
    expect(first.window.end).toBe(long.length);
  });

  it("records judge, verifier and options in config(), refuses a span verifier, and fails the row before the judge when the verifier cannot load", async () => {
    const llm = judge();
    const config = new FaithfulnessWithHhem({ llm, verifier: verifier() }).config();
    expect(config.options).toMatchObject({
      verifier: "fake-consistency",
      verifierSha256: "f".repeat(64),
      threshold: 0.5,
      aggregate: "share",
      temperature: 0,
    });
    expect(config.models).toHaveLength(1);
    expect(() => new FaithfulnessWithHhem({ llm, verifier: fakeSpanVerifier([]) })).toThrow(
      /faithfulness_with_hhem: the verifier .* does spans; this metric needs a consistency or nli verifier/,
    );
    const byId = createMetric("faithfulness_with_hhem", { llm }, { verifier: "/nowhere/verifier" });
    const row = await byId.score(sample);
    expect(row.status).toBe("error");
    expect(row.error).toMatch(
      /faithfulness_with_hhem option verifier: verifier "\/nowhere\/verifier" not found/,
    );
    expect(row.reason).toMatch(
      /^the judge or the verifier \/nowhere\/verifier failed on this row; see error\./,
    );
    // The faithfulness cascade's failed rows name both too; without a verifier, only the judge.
    const cascade = new Faithfulness({ llm, verifier: "/nowhere/cascade" });
    expect((await cascade.score(sample)).reason).toMatch(
      /^the judge or the verifier \/nowhere\/cascade failed/,
    );
    expect((await new Faithfulness({ llm: new ScriptedLlm({}) }).score(sample)).reason).toBe(
      "the judge or embedding model failed on this row; see error",
    );
    expect(llm.callsFor(STATEMENTS)).toHaveLength(0);
  });
});
