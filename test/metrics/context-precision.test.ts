import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../../src/errors.js";
import {
  ContextPrecision,
  ContextUtilization,
  LLMContextPrecisionWithoutReference,
  LLMContextPrecisionWithReference,
} from "../../src/metrics/context-precision/metric.js";
import { contextPrecisionScore } from "../../src/metrics/context-precision/score.js";
import { ScriptedLlm } from "../support/scripted-llm.js";

const PROMPT = "context_precision/verdict";
const verdict = (v: 0 | 1) => ({ reason: v === 1 ? "It helps." : "It does not help.", verdict: v });
const sample = {
  userInput: "Where is the Eiffel Tower?",
  reference: "The Eiffel Tower is in Paris.",
  response: "It is in Paris, France.",
  retrievedContexts: ["Berlin is in Germany.", "The Eiffel Tower stands in Paris.", "Paris is in France."],
};

describe("average precision (Ragas' formula)", () => {
  it("keeps Ragas' 1e-10 in the denominator", () => {
    expect(contextPrecisionScore([1])).toBe(0.9999999999);
    expect(contextPrecisionScore([1])).toBe(1 / (1 + 1e-10));
    expect(contextPrecisionScore([1, 1, 1])).toBe((1 + 1 + 1) / (3 + 1e-10));
    // [0, 1, 1]: precision@2 = 1/2, precision@3 = 2/3
    expect(contextPrecisionScore([0, 1, 1])).toBe((0 + 1 / 2 + 2 / 3) / (2 + 1e-10));
    expect(contextPrecisionScore([1, 0, 1])).toBe((1 + 0 + 2 / 3) / (2 + 1e-10));
  });

  it("all-zero verdicts and an empty list score 0, not NaN", () => {
    expect(contextPrecisionScore([0, 0, 0])).toBe(0);
    expect(contextPrecisionScore([0])).toBe(0);
    expect(contextPrecisionScore([])).toBe(0);
  });
});

describe("ContextPrecision / ContextUtilization", () => {
  it("judges each context in order against the reference and gives average precision", async () => {
    const llm = new ScriptedLlm({ [PROMPT]: [verdict(0), verdict(1), verdict(1)] });
    const result = await new ContextPrecision({ llm }).score(sample);
    expect(result.status).toBe("ok");
    expect(result.value).toBe((0 + 1 / 2 + 2 / 3) / (2 + 1e-10));
    expect(result.reason).toMatch(/2 of 3 contexts are useful for the reference/);
    expect(result.details).toMatchObject({
      judgedAgainst: "reference",
      verdicts: [{ verdict: 0 }, { verdict: 1 }, { verdict: 1 }],
      usage: { calls: 3 },
      promptVersions: { [PROMPT]: "1.1.0" },
    });
    const inputs = llm.callsFor(PROMPT).map((c) => c.prompt.input);
    expect(inputs[0]).toContain("Berlin is in Germany.");
    expect(inputs[1]).toContain("The Eiffel Tower stands in Paris.");
    for (const input of inputs) expect(input).toContain("The Eiffel Tower is in Paris.");
  });

  it("without reference judges against the response, under both ids", async () => {
    for (const Metric of [ContextUtilization, LLMContextPrecisionWithoutReference]) {
      const llm = new ScriptedLlm({ [PROMPT]: [verdict(1), verdict(1), verdict(1)] });
      const metric = new Metric({ llm });
      const { reference: _dropped, ...noReference } = sample;
      const result = await metric.score(noReference);
      expect(result.value).toBe(3 / (3 + 1e-10));
      expect(llm.callsFor(PROMPT)[0]!.prompt.input).toContain("It is in Paris, France.");
      expect(metric.requiredFields).toEqual(["userInput", "response", "retrievedContexts"]);
    }
    expect(new ContextUtilization({ llm: new ScriptedLlm({}) }).name).toBe("context_utilization");
    expect(new LLMContextPrecisionWithoutReference({ llm: new ScriptedLlm({}) }).name).toBe(
      "llm_context_precision_without_reference",
    );
  });

  it("a single useful context scores 0.9999999999; all-zero scores 0; no context scores 0 without a call", async () => {
    const one = new ScriptedLlm({ [PROMPT]: [verdict(1)] });
    const r1 = await new LLMContextPrecisionWithReference({ llm: one }).score({
      ...sample,
      retrievedContexts: ["The Eiffel Tower stands in Paris."],
    });
    expect(r1.value).toBe(0.9999999999);
    expect(new LLMContextPrecisionWithReference({ llm: one }).name).toBe(
      "llm_context_precision_with_reference",
    );
    const zero = new ScriptedLlm({ [PROMPT]: [verdict(0), verdict(0), verdict(0)] });
    expect((await new ContextPrecision({ llm: zero }).score(sample)).value).toBe(0);
    const none = new ScriptedLlm({});
    const r3 = await new ContextPrecision({ llm: none }).score({ ...sample, retrievedContexts: [] });
    expect(r3).toMatchObject({ value: 0, status: "ok" });
    expect(none.calls).toHaveLength(0);
  });

  it("a context too long for the judge is judged in parts; useful when any part is", async () => {
    const long = `${"Paris has many old bridges. ".repeat(8)}The Eiffel Tower stands in Paris.`;
    const llm = new ScriptedLlm(
      { [PROMPT]: (prompt) => verdict(prompt.input.includes("Eiffel Tower stands") ? 1 : 0) },
      { maxInputChars: 200 },
    );
    const result = await new ContextPrecision({ llm }).score({ ...sample, retrievedContexts: [long] });
    expect(result.value).toBe(0.9999999999);
    const splits = result.details!.splits as Array<{ field: string; calls: number }>;
    expect(splits[0]!.field).toBe("retrievedContexts[0]");
    expect(splits[0]!.calls).toBeGreaterThan(1);
  });

  it("a bad verdict is an error row; a missing reference throws naming the field", async () => {
    const llm = new ScriptedLlm({ [PROMPT]: [{ reason: "x", verdict: 2 }] }, { checkSchema: false });
    const result = await new ContextPrecision({ llm }).score(sample);
    expect(result).toMatchObject({ value: null, status: "error" });
    expect(result.error).toMatch(/JudgeOutputError/);
    const missing = new ContextPrecision({ llm }).scoreBatch([sample, { ...sample, reference: undefined }]);
    await expect(missing).rejects.toThrow(InvalidInputError);
    await expect(missing).rejects.toMatchObject({
      row: 1,
      field: "reference",
      message: expect.stringMatching(
        /is missing; give the expected answer .*, or use context_utilization to judge against the response/,
      ),
    });
    await expect(new ContextPrecision({ llm }).score({ ...sample, reference: "" })).rejects.toThrow(
      /reference/,
    );
  });

  it("reads the question, the contexts and the reference or the response, as its descriptor says", async () => {
    const llm = new ScriptedLlm({});
    expect(new ContextPrecision({ llm }).requiredFields).toEqual([
      "userInput",
      "reference",
      "retrievedContexts",
    ]);
    expect(new ContextUtilization({ llm }).requiredFields).toEqual([
      "userInput",
      "response",
      "retrievedContexts",
    ]);
    const { response: _response, ...noResponse } = sample;
    await expect(new ContextUtilization({ llm }).scoreBatch([sample, noResponse])).rejects.toMatchObject({
      row: 1,
      field: "response",
      message: expect.stringMatching(/is missing; give the system's answer/),
    });
    const { userInput: _question, ...noQuestion } = sample;
    await expect(new ContextPrecision({ llm }).scoreBatch([noQuestion])).rejects.toMatchObject({
      row: 0,
      field: "userInput",
    });
  });
});
