// Ragas' agent goal accuracy, with reference (`agent_goal_accuracy`) and without (`agent_goal_accuracy_without_reference`),
// on a scripted judge: the two calls, what each sees, the verdict as the value, reasons off and verdict probabilities.
import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../../../src/errors.js";
import {
  AgentGoalAccuracyWithoutReference,
  AgentGoalAccuracyWithReference,
  createMetric,
  goalAccuracy,
} from "../../../src/index.js";
import { ScriptedLlm } from "../../support/scripted-llm.js";

const WORKFLOW = "agent_goal_accuracy/workflow";
const COMPARE = "agent_goal_accuracy/compare";

// OpenAI chat messages, as a dataset row holds them.
const messages = [
  { role: "system", content: "You book restaurant tables." },
  { role: "user", content: "Book a table for two at Nordlys at 8pm." },
  {
    role: "assistant",
    content: null,
    tool_calls: [
      {
        id: "c1",
        type: "function",
        function: {
          name: "book_table",
          arguments: '{"restaurant": "Nordlys", "people": 2, "time": "20:00"}',
        },
      },
    ],
  },
  { role: "tool", tool_call_id: "c1", content: "booked #A17" },
  { role: "assistant", content: "Booked: Nordlys, two people, 8pm (booking A17)." },
];
const workflow = {
  user_goal: "Book a table for two at Nordlys at 8pm.",
  end_state: "A table for two at Nordlys is booked for 8pm.",
};
const referenceOutcome = "A table for two is booked at Nordlys for 20:00.";

describe("goalAccuracy (Ragas' float(verdict))", () => {
  it("is the verdict, or its probability of 1 when scoring is expected", () => {
    expect(goalAccuracy(1)).toBe(1);
    expect(goalAccuracy(0)).toBe(0);
    expect(goalAccuracy(0, 0.25)).toBe(0.25);
  });
});

describe("AgentGoalAccuracyWithReference (agent_goal_accuracy)", () => {
  it("reads goal and end state from the conversation, then compares the end state with the reference", async () => {
    const llm = new ScriptedLlm({
      [WORKFLOW]: [workflow],
      [COMPARE]: [{ reason: "Same booking.", verdict: 1 }],
    });
    const result = await new AgentGoalAccuracyWithReference({ llm }).score({
      messages,
      referenceOutcome,
    } as never);
    expect(result).toMatchObject({ value: 1, status: "ok" });
    expect(result.reason).toBe("the end state reaches the reference outcome: Same booking.");
    expect(result.details).toMatchObject({
      userGoal: workflow.user_goal,
      endState: workflow.end_state,
      desiredOutcome: referenceOutcome,
      verdict: 1,
      usage: { calls: 2 },
      promptVersions: { [WORKFLOW]: "1.1.0", [COMPARE]: "1.1.0" },
    });
    const seen = llm.callsFor(WORKFLOW)[0]!.prompt.input;
    expect(seen).toContain("Human: Book a table for two at Nordlys at 8pm.");
    expect(seen).toContain("  book_table: {'restaurant': 'Nordlys', 'people': 2, 'time': '20:00'}");
    expect(seen).toContain("ToolOutput: booked #A17");
    expect(seen).not.toContain("You book restaurant tables.");
    const compared = llm.callsFor(COMPARE)[0]!.prompt.input;
    expect(compared).toBe(`Desired outcome:\n${referenceOutcome}\n\nArrived outcome:\n${workflow.end_state}`);
  });

  it("gives 0 when the judge finds the outcomes differ", async () => {
    const llm = new ScriptedLlm({
      [WORKFLOW]: [workflow],
      [COMPARE]: [{ reason: "Wrong restaurant.", verdict: 0 }],
    });
    const result = await new AgentGoalAccuracyWithReference({ llm }).score({
      messages,
      referenceOutcome,
    } as never);
    expect(result.value).toBe(0);
    expect(result.reason).toBe("the end state does not reach the reference outcome: Wrong restaurant.");
  });

  it("needs the reference outcome, naming the row and field; createMetric builds it by id", () => {
    const metric = createMetric("agent_goal_accuracy", { llm: new ScriptedLlm({}) });
    expect(metric).toBeInstanceOf(AgentGoalAccuracyWithReference);
    expect(metric.requiredFields).toEqual(["messages", "referenceOutcome"]);
    return expect(metric.scoreBatch([{ messages } as never])).rejects.toThrow(
      /row 0.*referenceOutcome.*is missing; give the outcome the agent should reach \(column reference_outcome, DeepEval expected_outcome\)/,
    );
  });

  it("a conversation with only a system message is bad input, before any judge call", async () => {
    const llm = new ScriptedLlm({});
    const metric = new AgentGoalAccuracyWithReference({ llm });
    await expect(
      metric.score({ messages: [{ role: "system", content: "Hi" }], referenceOutcome } as never),
    ).rejects.toThrow(InvalidInputError);
    expect(llm.calls).toHaveLength(0);
  });

  it("a judge answer that breaks the schema is an error row, not a score", async () => {
    const llm = new ScriptedLlm(
      { [WORKFLOW]: [workflow], [COMPARE]: [{ reason: "x", verdict: "yes" }] },
      { checkSchema: false },
    );
    const result = await new AgentGoalAccuracyWithReference({ llm }).score({
      messages,
      referenceOutcome,
    } as never);
    expect(result).toMatchObject({ value: null, status: "error" });
    expect(result.error).toMatch(/JudgeOutputError.*agent_goal_accuracy\/compare/);
  });
});

describe("AgentGoalAccuracyWithoutReference (agent_goal_accuracy_without_reference)", () => {
  it("compares the end state with the user goal the judge read", async () => {
    const llm = new ScriptedLlm({
      [WORKFLOW]: [workflow],
      [COMPARE]: [{ reason: "The booking is made.", verdict: 1 }],
    });
    const metric = new AgentGoalAccuracyWithoutReference({ llm });
    expect(metric.name).toBe("agent_goal_accuracy_without_reference");
    expect(metric.requiredFields).toEqual(["messages"]);
    const result = await metric.score({ messages } as never);
    expect(result).toMatchObject({ value: 1, status: "ok", details: { desiredOutcome: workflow.user_goal } });
    expect(result.reason).toBe("the end state reaches the user goal: The booking is made.");
    expect(llm.callsFor(COMPARE)[0]!.prompt.input).toBe(
      `Desired outcome:\n${workflow.user_goal}\n\nArrived outcome:\n${workflow.end_state}`,
    );
  });

  it("reasons: false asks for the verdict only (prompt +noreasons); the goal step is unchanged", async () => {
    const llm = new ScriptedLlm({ [WORKFLOW]: [workflow], [COMPARE]: [{ verdict: 0 }] });
    const metric = new AgentGoalAccuracyWithoutReference({ llm, reasons: false });
    const result = await metric.score({ messages } as never);
    expect(result).toMatchObject({ value: 0, reason: "the end state does not reach the user goal" });
    expect(result.details).not.toHaveProperty("reason");
    const call = llm.callsFor(COMPARE)[0]!;
    expect(call.prompt.version).toBe("1.1.0+noreasons");
    expect(call.prompt.system).not.toMatch(/reason/);
    expect(call.schema.safeParse({ reason: "r", verdict: 1 }).success).toBe(true); // extra keys are stripped
    expect(call.schema.safeParse({ verdict: 2 }).success).toBe(false);
    expect(metric.config()).toMatchObject({
      promptVersions: { [WORKFLOW]: "1.1.0", [COMPARE]: "1.1.0+noreasons" },
      options: { reasons: false },
    });
  });
});

describe("verdict probabilities", () => {
  it('scoring "expected" makes the value P(1); confidence records the written verdict\'s probability', async () => {
    const script = { [WORKFLOW]: [workflow, workflow], [COMPARE]: [{ reason: "Same.", verdict: 1 }] };
    const reads = { slotReads: { [COMPARE]: [{ "0": 0.3, "1": 0.7 }] } };
    const expected = new AgentGoalAccuracyWithReference({
      llm: new ScriptedLlm(script, reads),
      scoring: "expected",
    });
    const r1 = await expected.score({ messages, referenceOutcome } as never);
    expect(r1.value).toBeCloseTo(0.7, 12);
    expect(r1.details).toMatchObject({
      verdict: 1,
      weight: expect.closeTo(0.7, 12),
      confidence: expect.closeTo(0.7, 12),
    });
    expect(expected.config().options).toMatchObject({ scoring: "expected" });

    const confident = new AgentGoalAccuracyWithReference({
      llm: new ScriptedLlm(script, reads),
      confidence: true,
    });
    const r2 = await confident.score({ messages, referenceOutcome } as never);
    expect(r2.value).toBe(1);
    expect(r2.details).toMatchObject({ confidence: expect.closeTo(0.7, 12) });
    expect(r2.details).not.toHaveProperty("weight");
  });

  it("a judge that reads no probabilities is refused up front, naming the option", () => {
    expect(
      () => new AgentGoalAccuracyWithReference({ llm: new ScriptedLlm({}), scoring: "expected" }),
    ).toThrow(/scoring.*does not report them/);
  });
});
