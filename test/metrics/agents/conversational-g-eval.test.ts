// conversational_g_eval (DeepEval's ConversationalGEval) with scripted judges: the steps asked once, the 0-10 score
// weighted by the judge's probabilities and divided by 10, strictMode, the turns the judge reads, and the refusals
// (no criteria and no steps, a conversation with no turn to read).
import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../../../src/errors.js";
import { createMetric } from "../../../src/metrics/catalog.js";
import { ConversationalGEval } from "../../../src/metrics/conversational-g-eval/metric.js";
import { conversationalGEvalScore } from "../../../src/metrics/conversational-g-eval/score.js";
import type { Sample } from "../../../src/metrics/types.js";
import { ScriptedLlm } from "../../support/scripted-llm.js";

const conversation: Sample = {
  messages: [
    { role: "system", content: "You are a parcel service assistant." },
    { role: "user", content: "Where is my parcel?" },
    { role: "assistant", content: "", toolCalls: [{ name: "track", args: { id: "P1" } }] },
    { role: "tool", content: "P1: left the depot" },
    { role: "assistant", content: "It left the depot this morning.", toolCalls: [] },
    { role: "user", content: "Thanks!" },
    { role: "assistant", content: "You're welcome.", toolCalls: [] },
  ],
};
const steps = { steps: ["Note what the user asks.", "Check each assistant reply answers it politely."] };
const scoreName = "conversational_g_eval/helpful";

describe("ConversationalGEval", () => {
  it("weights 0..10 by the judge's probabilities, divides by 10, and asks for the steps once", async () => {
    const llm = new ScriptedLlm(
      {
        "conversational_g_eval/steps": [steps],
        [scoreName]: [
          { reason: "Answers and thanks politely.", score: 8 },
          { reason: "Fine.", score: 10 },
        ],
      },
      { choices: { [scoreName]: [{ "7": 0.2, "8": 0.6, "9": 0.2, x: 5 }, { "10": 1 }] } },
    );
    const metric = new ConversationalGEval({ llm, name: "helpful", criteria: "Is the assistant helpful?" });
    const [a, b] = await metric.scoreBatch([conversation, conversation]);
    // (7*0.2 + 8*0.6 + 9*0.2) / 1.0 = 8 on 0..10, so 0.8
    expect(a!.value).toBeCloseTo(0.8, 12);
    expect(a!.details).toMatchObject({
      greedyScore: 8,
      score: 8,
      turns: 4,
      weighting: "token-probabilities",
      evaluationSteps: steps.steps,
      stepsSource: "generated",
      scale: { min: 0, max: 10 },
    });
    expect(b!.value).toBe(1);
    expect(llm.callsFor("conversational_g_eval/steps")).toHaveLength(1);
    expect(llm.choiceCalls[0]!.request).toEqual({
      prefix: '{"reason":"Answers and thanks politely.","score":',
      choices: ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10"],
      suffix: "}",
    });
    // The judge reads DeepEval's turns: user messages and assistant replies with text, as role and content.
    const prompt = llm.callsFor(scoreName)[0]!.prompt;
    expect(prompt.input).toBe(
      `Turns:\n${JSON.stringify(
        [
          { role: "user", content: "Where is my parcel?" },
          { role: "assistant", content: "It left the depot this morning." },
          { role: "user", content: "Thanks!" },
          { role: "assistant", content: "You're welcome." },
        ],
        null,
        2,
      )}`,
    );
    expect(prompt.system).toContain("2. Check each assistant reply answers it politely.");
    expect(prompt.system).toContain("Is the assistant helpful?");
    expect(prompt.input).not.toContain("parcel service assistant");
  });

  it("takes evaluation steps without criteria, and never asks the judge for steps", async () => {
    const llm = new ScriptedLlm({ [scoreName]: [{ reason: "Curt.", score: 3 }] });
    const metric = new ConversationalGEval({
      llm,
      name: "helpful",
      evaluationSteps: ["Is every reply kind?"],
    });
    const result = await metric.score(conversation);
    expect(result.value).toBeCloseTo(0.3, 12);
    expect(result.details?.stepsSource).toBe("given");
    expect(result.details?.weighting).toMatch(/^none: the judge has no scoreChoices/);
    expect(result.reason).toMatch(/no weighting was possible/);
    expect(llm.callsFor("conversational_g_eval/steps")).toHaveLength(0);
    expect(llm.calls[0]!.prompt.system).not.toContain("Criterion:");
  });

  it("strictMode gives 0 below a full score", async () => {
    const llm = new ScriptedLlm(
      {
        [scoreName]: [
          { reason: "Good.", score: 10 },
          { reason: "Good.", score: 10 },
        ],
      },
      { choices: { [scoreName]: [{ "9": 0.1, "10": 0.9 }, { "10": 1 }] } },
    );
    const metric = new ConversationalGEval({
      llm,
      name: "helpful",
      evaluationSteps: ["Look."],
      strictMode: true,
    });
    const [a, b] = await metric.scoreBatch([conversation, conversation]);
    expect(a!.value).toBe(0);
    expect(a!.details?.score).toBeCloseTo(9.9, 12);
    expect(b!.value).toBe(1);
    expect(conversationalGEvalScore(7.4, false)).toBeCloseTo(0.74, 12);
  });

  it("without reasons asks for the score alone, read at the score slot right after the brace", async () => {
    const llm = new ScriptedLlm({ [scoreName]: [{ score: 6 }] }, { choices: { [scoreName]: [{ "6": 1 }] } });
    const metric = new ConversationalGEval({
      llm,
      name: "helpful",
      evaluationSteps: ["Look."],
      reasons: false,
    });
    const result = await metric.score(conversation);
    expect(result.value).toBeCloseTo(0.6, 12);
    expect(llm.choiceCalls[0]!.request.prefix).toBe('{"score":');
    expect(metric.config().promptVersions[scoreName]).toMatch(/\+noreasons/);
  });

  it("a failed steps call fails the row and is asked again by the next row", async () => {
    const llm = new ScriptedLlm({
      "conversational_g_eval/steps": [new Error("judge down"), steps],
      [scoreName]: [{ reason: "Fine.", score: 5 }],
    });
    const metric = new ConversationalGEval({ llm, name: "helpful", criteria: "c" });
    const failed = await metric.score(conversation);
    expect(failed.status).toBe("error");
    expect(failed.error).toMatch(/judge down/);
    expect((await metric.score(conversation)).value).toBeCloseTo(0.5, 12);
  });

  it("refuses a definition with neither criteria nor evaluation steps, naming criteria", () => {
    const llm = new ScriptedLlm({});
    expect(() => new ConversationalGEval({ llm, name: "helpful" })).toThrow(InvalidInputError);
    expect(() => createMetric("conversational_g_eval", { llm }, { name: "helpful" })).toThrow(
      /criteria.*give criteria \(the judge then writes the evaluation steps\), evaluationSteps, or both/,
    );
    expect(() => new ConversationalGEval({ llm, name: "helpful", criteria: " " })).toThrow(/criteria/);
    expect(() => new ConversationalGEval({ llm, name: "helpful", evaluationSteps: [] })).toThrow(
      /evaluationSteps/,
    );
  });

  it("refuses an empty conversation, or one with no user or assistant text, naming the row and field", async () => {
    const llm = new ScriptedLlm({});
    const metric = new ConversationalGEval({ llm, name: "helpful", criteria: "c" });
    await expect(metric.scoreBatch([conversation, { messages: [] }])).rejects.toThrow(
      /row 1.*messages|messages.*row 1/,
    );
    const toolsOnly: Sample = {
      messages: [
        { role: "assistant", content: "", toolCalls: [{ name: "track", args: {} }] },
        { role: "tool", content: "P1: left the depot" },
      ],
    };
    await expect(metric.score(toolsOnly)).rejects.toThrow(/no user message and no assistant reply with text/);
    await expect(metric.score({ userInput: "hi", response: "hello" })).rejects.toThrow(/messages/);
    expect(llm.calls).toHaveLength(0);
  });

  it("records its kind, definition and prompt versions; the versions follow the criteria and steps", () => {
    const llm = new ScriptedLlm({});
    const a = new ConversationalGEval({ llm, name: "helpful", criteria: "Is it helpful?" }).config();
    const b = new ConversationalGEval({ llm, name: "helpful", criteria: "Is it kind?" }).config();
    expect(a.name).toBe("helpful");
    expect(a.options).toMatchObject({
      kind: "conversational_g_eval",
      name: "helpful",
      criteria: "Is it helpful?",
      evaluationSteps: null,
      strictMode: false,
      scoreChoices: false,
    });
    expect(Object.keys(a.promptVersions)).toEqual([
      "conversational_g_eval/steps",
      "conversational_g_eval/helpful",
    ]);
    expect(a.promptVersions[scoreName]).not.toBe(b.promptVersions[scoreName]);
  });
});
