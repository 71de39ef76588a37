// LLMEvaluator (Haystack's shape) and its metric face, with scripted judges: results per row, null for a failed
// row with raiseOnFailure false, a throw naming the row with it true, no aggregate unless averageKey is named.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { InvalidInputError, JudgeOutputError } from "../../src/errors.js";
import { LLMEvaluator } from "../../src/metrics/llm-evaluator/evaluator.js";
import { LLMJudgeMetric } from "../../src/metrics/llm-evaluator/metric.js";
import { ScriptedLlm } from "../support/scripted-llm.js";

const inputs = { questions: ["Capital of France?", "Capital of Peru?"], answers: ["Paris.", "Lima."] };
const declared = [
  ["questions", "string"],
  ["answers", "string"],
] as const;

describe("LLMEvaluator", () => {
  it("gives one object per row, meta per row, and no aggregate without averageKey", async () => {
    const llm = new ScriptedLlm({
      llm_evaluator: [
        { score: 1, why: "Right." },
        { score: 0, why: "Wrong." },
      ],
    });
    const evaluator = new LLMEvaluator({
      llm,
      instructions: "Score 1 if correct.",
      inputs: declared,
      outputs: ["score", "why"],
      progressBar: false,
    });
    const out = await evaluator.run(inputs);
    expect(out.results).toEqual([
      { score: 1, why: "Right." },
      { score: 0, why: "Wrong." },
    ]);
    expect(out).not.toHaveProperty("score");
    expect(out.meta.map((m) => m.status)).toEqual(["ok", "ok"]);
    expect(out.meta[0]!.usage.calls).toBe(1);
    expect(JSON.parse(llm.calls[0]!.prompt.input)).toEqual({
      questions: "Capital of France?",
      answers: "Paris.",
    });
    expect(llm.calls[0]!.prompt.system).toContain("with the keys score, why");
  });

  it("averages the named key; a failed row is null with raiseOnFailure false", async () => {
    const llm = new ScriptedLlm({ llm_evaluator: [{ score: 4 }, new JudgeOutputError("cut off", "{")] });
    const evaluator = new LLMEvaluator({
      llm,
      instructions: "Rate 1-5.",
      inputs: declared,
      outputs: z.object({ score: z.literal([1, 2, 3, 4, 5]) }),
      averageKey: "score",
      raiseOnFailure: false,
      progressBar: false,
    });
    const out = await evaluator.run(inputs);
    expect(out.results).toEqual([{ score: 4 }, null]);
    expect(out.score).toBe(4);
    expect(out.failedRows).toBe(1);
    expect(out.meta[1]).toMatchObject({ status: "error", error: "JudgeOutputError: cut off" });
  });

  it("throws naming the row with raiseOnFailure true (the default)", async () => {
    const llm = new ScriptedLlm({ llm_evaluator: [{ score: 1 }, new JudgeOutputError("cut off", "{")] });
    const evaluator = new LLMEvaluator({
      llm,
      instructions: "x",
      inputs: declared,
      outputs: ["score"],
      progressBar: false,
    });
    await expect(evaluator.run(inputs)).rejects.toThrow(/LLMEvaluator: row 1 failed/);
  });

  it("checks inputs, examples and averageKey before any call", async () => {
    const llm = new ScriptedLlm({});
    const make = (extra: object) =>
      new LLMEvaluator({
        llm,
        instructions: "x",
        inputs: declared,
        outputs: ["score"],
        progressBar: false,
        ...extra,
      });
    expect(() => make({ averageKey: "nope" })).toThrow(/not an output key/);
    expect(() => make({ examples: [{ inputs: { questions: "q" }, outputs: { score: 1 } }] })).toThrow(
      InvalidInputError,
    );
    const evaluator = make({});
    await expect(evaluator.run({ questions: ["q"], answers: ["a", "b"] })).rejects.toThrow(/has 2 items/);
    await expect(evaluator.run({ questions: ["q"], answers: [""] })).rejects.toThrow(InvalidInputError);
    await expect(evaluator.run({ ...inputs, extra: ["x", "y"] })).rejects.toThrow(/not a declared input/);
    expect(llm.calls).toHaveLength(0);
  });

  it("shows valid examples as earlier turns", async () => {
    const llm = new ScriptedLlm({ llm_evaluator: [{ score: 1 }, { score: 1 }] });
    const evaluator = new LLMEvaluator({
      llm,
      instructions: "x",
      inputs: declared,
      outputs: ["score"],
      examples: [{ inputs: { questions: "2+2?", answers: "4" }, outputs: { score: 1 } }],
      progressBar: false,
    });
    await evaluator.run(inputs);
    expect(llm.calls[0]!.prompt.examples).toEqual([
      { input: JSON.stringify({ questions: "2+2?", answers: "4" }, null, 2), output: '{"score":1}' },
    ]);
  });
});

describe("LLMJudgeMetric", () => {
  it("reads the named sample fields and returns the score key's number", async () => {
    const llm = new ScriptedLlm({ llm_evaluator: [{ reason: "On topic.", score: 1 }] });
    const metric = new LLMJudgeMetric({
      llm,
      name: "on_topic",
      instructions: "Score 1 if the answer is about the question.",
      inputs: { question: "userInput", answer: "response" },
      outputs: ["reason"],
      scoreKey: "score",
      scale: { min: 0, max: 1 },
    });
    const result = await metric.score({ userInput: "Capital of France?", response: "Paris." });
    expect(result).toMatchObject({ value: 1, status: "ok", reason: "On topic." });
    expect(metric.requiredFields).toEqual(["userInput", "response"]);
    expect(llm.calls[0]!.schema.safeParse({ reason: "x", score: 2 }).success).toBe(false);
  });
});
