import { describe, expect, it } from "vitest";
import { ContextRecall } from "../../src/metrics/context-recall/metric.js";
import { contextRecall } from "../../src/metrics/context-recall/score.js";
import { FAITHFULNESS_VERDICTS_VERSION } from "../../src/metrics/shared/judge/statements/verdicts-prompt.js";
import { ScriptedLlm } from "../support/scripted-llm.js";

const STATEMENTS = "faithfulness/statements";
const VERDICTS = "faithfulness/verdicts";
const REFERENCE_STATEMENTS = [
  "The Eiffel Tower is in Paris.",
  "The Eiffel Tower was finished in 1889.",
  "The Eiffel Tower is about 330 metres tall.",
];
const verdicts = (...flags: Array<0 | 1>) => ({
  verdicts: flags.map((verdict, i) => ({ statement: REFERENCE_STATEMENTS[i]!, reason: "Checked.", verdict })),
});
const sample = {
  userInput: "Tell me about the Eiffel Tower.",
  reference: "The Eiffel Tower is in Paris. It was finished in 1889 and is about 330 metres tall.",
  retrievedContexts: ["The Eiffel Tower stands in Paris.", "It opened in 1889."],
};

describe("context recall (Ragas' formula)", () => {
  it("is the attributed fraction; null for no statements", () => {
    expect(contextRecall([1, 0, 1])).toBe(2 / 3);
    expect(contextRecall([0, 0])).toBe(0);
    expect(contextRecall([1])).toBe(1);
    expect(contextRecall([])).toBeNull();
  });
});

describe("ContextRecall", () => {
  it("splits the reference into statements and attributes each to all the contexts", async () => {
    const llm = new ScriptedLlm({
      [STATEMENTS]: [{ statements: REFERENCE_STATEMENTS }],
      [VERDICTS]: [verdicts(1, 1, 0)],
    });
    const result = await new ContextRecall({ llm }).score(sample);
    expect(result).toMatchObject({ value: 2 / 3, status: "ok" });
    expect(result.reason).toBe("2 of 3 reference statements can be attributed to the contexts");
    expect(result.details).toMatchObject({
      statements: REFERENCE_STATEMENTS,
      attributions: [{ verdict: 1 }, { verdict: 1 }, { verdict: 0 }],
      usage: { calls: 2 },
      promptVersions: { [STATEMENTS]: "1.4.0", [VERDICTS]: FAITHFULNESS_VERDICTS_VERSION },
    });
    // The statements step sees the reference (not a response); the verdicts step sees both contexts.
    expect(llm.callsFor(STATEMENTS)[0]!.prompt.input).toContain("finished in 1889");
    const verdictInput = llm.callsFor(VERDICTS)[0]!.prompt.input;
    expect(verdictInput).toContain("[1] The Eiffel Tower stands in Paris.");
    expect(verdictInput).toContain("[2] It opened in 1889.");
  });

  it("all-one and all-zero attributions, a single context", async () => {
    const all = new ScriptedLlm({
      [STATEMENTS]: [{ statements: REFERENCE_STATEMENTS }],
      [VERDICTS]: [verdicts(1, 1, 1)],
    });
    const single = { ...sample, retrievedContexts: ["The Eiffel Tower stands in Paris."] };
    expect((await new ContextRecall({ llm: all }).score(single)).value).toBe(1);
    const none = new ScriptedLlm({
      [STATEMENTS]: [{ statements: REFERENCE_STATEMENTS }],
      [VERDICTS]: [verdicts(0, 0, 0)],
    });
    expect((await new ContextRecall({ llm: none }).score(single)).value).toBe(0);
  });

  it("no statements gives null with a reason; no contexts gives 0 without a verdict call", async () => {
    const empty = new ScriptedLlm({ [STATEMENTS]: [{ statements: [] }] });
    const r1 = await new ContextRecall({ llm: empty }).score(sample);
    expect(r1).toMatchObject({ value: null, status: "ok" });
    expect(r1.reason).toMatch(/no statements in the reference/);
    expect(empty.callsFor(VERDICTS)).toHaveLength(0);
    const noContext = new ScriptedLlm({ [STATEMENTS]: [{ statements: REFERENCE_STATEMENTS }] });
    const r2 = await new ContextRecall({ llm: noContext }).score({ ...sample, retrievedContexts: [] });
    expect(r2).toMatchObject({ value: 0, status: "ok" });
    expect(noContext.callsFor(VERDICTS)).toHaveLength(0);
  });

  it("a verdict count that does not match the statements is an error row", async () => {
    const llm = new ScriptedLlm(
      { [STATEMENTS]: [{ statements: REFERENCE_STATEMENTS }], [VERDICTS]: [verdicts(1, 0)] },
      { checkSchema: false },
    );
    const result = await new ContextRecall({ llm }).score(sample);
    expect(result).toMatchObject({ value: null, status: "error" });
    expect(result.error).toMatch(/expected exactly 3 verdicts/);
  });
});
