// DeepEval's multi-turn judges (knowledge_retention, conversation_completeness, role_adherence, turn_relevancy) on a
// scripted judge: which calls each makes, what it shows the judge, the formula and its edge cases (no assistant
// turn, one turn, window bounds), strictMode, reasons: false and scoring "expected".
import { describe, expect, it } from "vitest";
import { createMetric } from "../../../src/metrics/catalog.js";
import { ConversationCompleteness } from "../../../src/metrics/conversation-completeness/metric.js";
import { intentionVerdictPromptFor } from "../../../src/metrics/conversation-completeness/prompt.js";
import { maxIntentions } from "../../../src/metrics/conversation-completeness/score.js";
import { KnowledgeRetention } from "../../../src/metrics/knowledge-retention/metric.js";
import { retentionPromptFor } from "../../../src/metrics/knowledge-retention/prompt.js";
import { turnsToJudge } from "../../../src/metrics/knowledge-retention/score.js";
import { RoleAdherence } from "../../../src/metrics/role-adherence/metric.js";
import { roleAdherencePromptFor } from "../../../src/metrics/role-adherence/prompt.js";
import { passShare } from "../../../src/metrics/shared/judge/deepeval-verdicts.js";
import { TurnRelevancy } from "../../../src/metrics/turn-relevancy/metric.js";
import { turnRelevancyPromptFor } from "../../../src/metrics/turn-relevancy/prompt.js";
import { slidingWindows, unitInteractions } from "../../../src/metrics/turn-relevancy/score.js";
import {
  type DeepEvalTurn,
  deepEvalTurns,
  renderDeepEvalTurns,
} from "../../../src/sample/conversation/deepeval-turns.js";
import type { ConversationMessage } from "../../../src/sample/conversation/messages.js";
import { ScriptedLlm } from "../../support/scripted-llm.js";

const user = (content: string) => ({ role: "user" as const, content });
const assistant = (content: string) => ({ role: "assistant" as const, content, toolCalls: [] });
const pass = (verdict: 0 | 1) => ({ reason: verdict === 1 ? "Fine." : "Not fine.", verdict });

/** user / assistant pairs: u0 a0 u1 a1 ... */
function exchanges(n: number) {
  return Array.from({ length: n }, (_, i) => [user(`question ${i}`), assistant(`answer ${i}`)]).flat();
}

describe("DeepEval turns", () => {
  it("keep user messages and assistant messages with text, naming their index in messages", () => {
    const turns = deepEvalTurns([
      { role: "system", content: "Be brief." },
      { role: "user", content: "Weather?" },
      { role: "assistant", content: "", toolCalls: [{ name: "weather", args: {} }] },
      { role: "tool", content: "4°C" },
      { role: "assistant", content: "4°C.", toolCalls: [] },
    ]);
    expect(turns).toEqual([
      { role: "user", content: "Weather?", message: 1 },
      { role: "assistant", content: "4°C.", message: 4 },
    ]);
    expect(JSON.parse(renderDeepEvalTurns(turns))).toEqual([
      { role: "user", content: "Weather?" },
      { role: "assistant", content: "4°C." },
    ]);
  });

  it("pass share: 1 without verdicts, the mean otherwise, 0 below 1 in strict mode", () => {
    expect(passShare([], false)).toBe(1);
    expect(passShare([], true)).toBe(1);
    expect(passShare([1, 0, 1, 1], false)).toBe(0.75);
    expect(passShare([1, 0, 1, 1], true)).toBe(0);
    expect(passShare([1, 1], true)).toBe(1);
    expect(passShare([0.9, 0.5], false)).toBeCloseTo(0.7, 12);
  });
});

describe("reasons: false", () => {
  it("every verdict prompt then asks for no reason, shows none, and records +noreasons", () => {
    for (const promptFor of [
      turnRelevancyPromptFor,
      retentionPromptFor,
      intentionVerdictPromptFor,
      roleAdherencePromptFor,
    ]) {
      const bare = promptFor(false);
      expect(bare.version).toBe(`${promptFor(true).version}+noreasons`);
      expect(bare.instruction).not.toMatch(/reason/i);
      expect(JSON.stringify(bare.examples.map((e) => e.output))).not.toContain("reason");
      expect(promptFor(true).instruction).toMatch(/reason/);
    }
  });
});

describe("turn_relevancy", () => {
  const turns = (roles: string): Pick<DeepEvalTurn, "role">[] =>
    [...roles].map((r) => ({ role: r === "u" ? "user" : "assistant" }));
  const shape = (units: Pick<DeepEvalTurn, "role">[][]) =>
    units.map((u) => u.map((t) => (t.role === "user" ? "u" : "a")).join(""));

  it("cuts exchanges as DeepEval's get_unit_interactions does", () => {
    expect(shape(unitInteractions(turns("uaua")))).toEqual(["ua", "ua"]);
    expect(shape(unitInteractions(turns("uuaau")))).toEqual(["uuaa"]); // trailing user turn dropped
    expect(shape(unitInteractions(turns("auaua")))).toEqual(["aua", "ua"]); // leading reply joins the first
    expect(shape(unitInteractions(turns("aa")))).toEqual([]); // no user turn
    expect(shape(unitInteractions(turns("u")))).toEqual([]);
    expect(shape(unitInteractions(turns("")))).toEqual([]);
  });

  it("windows hold the last windowSize exchanges, fewer at the start", () => {
    const units = [
      ["a", "b"],
      ["c", "d"],
      ["e", "f"],
    ];
    expect(slidingWindows(units, 2)).toEqual([
      ["a", "b"],
      ["a", "b", "c", "d"],
      ["c", "d", "e", "f"],
    ]);
    expect(slidingWindows(units, 1)).toEqual(units);
    expect(slidingWindows(units, 10)).toEqual([
      ["a", "b"],
      ["a", "b", "c", "d"],
      ["a", "b", "c", "d", "e", "f"],
    ]);
    expect(() => slidingWindows(units, 0)).toThrow(/window size must be an integer ≥ 1, got 0/);
  });

  it("judges each exchange's last reply over its window; the score is the relevant share", async () => {
    const llm = new ScriptedLlm({ "turn_relevancy/verdict": [pass(1), pass(0), pass(1)] });
    const result = await new TurnRelevancy({ llm, windowSize: 2 }).score({ messages: exchanges(3) });
    expect(result.value).toBeCloseTo(2 / 3, 12);
    expect(result.reason).toBe("2 of 3 assistant replies are relevant to the last 2 exchanges");
    expect(result.details).toMatchObject({
      verdicts: [
        { message: 1, verdict: 1 },
        { message: 3, verdict: 0 },
        { message: 5, verdict: 1 },
      ],
      usage: { calls: 3 },
      promptVersions: { "turn_relevancy/verdict": "1.1.0" },
    });
    const inputs = llm.callsFor("turn_relevancy/verdict").map((c) => c.prompt.input);
    expect(inputs[0]).not.toContain("question 1");
    expect(inputs[2]).not.toContain("question 0"); // out of the window of 2
    expect(inputs[2]).toContain("question 1");
    expect(inputs[2]).toContain('"content": "answer 2"');
  });

  it("no exchange scores 1 without a call; one exchange is one call; strictMode gives 0 below 1", async () => {
    const none = new ScriptedLlm({});
    const empty = await new TurnRelevancy({ llm: none }).score({ messages: [user("Hello?")] });
    expect(empty).toMatchObject({ value: 1, status: "ok" });
    expect(none.calls).toHaveLength(0);

    const one = new ScriptedLlm({ "turn_relevancy/verdict": [pass(0)] });
    expect((await new TurnRelevancy({ llm: one }).score({ messages: exchanges(1) })).value).toBe(0);

    const strict = new ScriptedLlm({ "turn_relevancy/verdict": [pass(1), pass(0)] });
    const r = await new TurnRelevancy({ llm: strict, strictMode: true }).score({ messages: exchanges(2) });
    expect(r.value).toBe(0);
    expect(
      new TurnRelevancy({ llm: strict, windowSize: 3, strictMode: true }).config().options,
    ).toMatchObject({
      windowSize: 3,
      strictMode: true,
    });
  });

  it("rejects a window size below 1, naming the option", () => {
    expect(() => createMetric("turn_relevancy", { llm: new ScriptedLlm({}) }, { windowSize: 0 })).toThrow(
      /windowSize/,
    );
  });
});

describe("knowledge_retention", () => {
  const conversation = [
    user("I live in Oslo and I am vegetarian."),
    assistant("Noted!"),
    user("Suggest a dinner place."),
    assistant("Try Fiskeriet, a seafood place in Bergen."),
  ];

  it("extracts facts per user message, judges replies after a fact; the score is the retained share", async () => {
    const llm = new ScriptedLlm({
      "knowledge_retention/knowledge": [
        {
          facts: [
            { name: "City", value: "Oslo" },
            { name: "Diet", value: "vegetarian" },
          ],
        },
        { facts: [] },
      ],
      "knowledge_retention/verdict": [pass(1), pass(0)],
    });
    const result = await new KnowledgeRetention({ llm }).score({ messages: conversation });
    expect(result.value).toBe(0.5);
    expect(result.reason).toBe("1 of 2 assistant replies after the user's facts keep to them");
    expect(result.details).toMatchObject({
      knowledge: [
        {
          message: 0,
          facts: [
            { name: "City", value: "Oslo" },
            { name: "Diet", value: "vegetarian" },
          ],
        },
        { message: 2, facts: [] },
      ],
      verdicts: [
        { message: 1, verdict: 1 },
        { message: 3, verdict: 0 },
      ],
      usage: { calls: 4 },
    });
    const [first, second] = llm.callsFor("knowledge_retention/knowledge").map((c) => c.prompt.input);
    expect(first).toContain("Previous turns:\n[]");
    expect(second).toContain('"content": "Noted!"');
    const verdictInput = llm.callsFor("knowledge_retention/verdict")[1]!.prompt.input;
    expect(verdictInput).toContain('"City": "Oslo"');
    expect(verdictInput).toContain("Try Fiskeriet");
  });

  it("replies before any fact are not judged (DeepEval skips them); no judged reply scores 1", async () => {
    expect(
      turnsToJudge(
        [{ role: "assistant" }, { role: "user" }, { role: "assistant" }],
        [{ turn: 1, facts: [] }],
      ),
    ).toEqual([]);
    const llm = new ScriptedLlm({ "knowledge_retention/knowledge": [{ facts: [] }, { facts: [] }] });
    const result = await new KnowledgeRetention({ llm }).score({ messages: conversation });
    expect(result).toMatchObject({ value: 1, status: "ok" });
    expect(result.reason).toMatch(/no assistant reply follows a fact/);
    expect(llm.callsFor("knowledge_retention/verdict")).toHaveLength(0);
  });

  it("a conversation without assistant reply scores 1 after the fact step only", async () => {
    const llm = new ScriptedLlm({
      "knowledge_retention/knowledge": [{ facts: [{ name: "City", value: "Oslo" }] }],
    });
    const result = await new KnowledgeRetention({ llm }).score({ messages: [user("I live in Oslo.")] });
    expect(result.value).toBe(1);
    expect(llm.calls).toHaveLength(1);
  });

  it("caps the facts of one message in the schema", async () => {
    const many = Array.from({ length: 9 }, (_, i) => ({ name: `f${i}`, value: "v" }));
    const llm = new ScriptedLlm({ "knowledge_retention/knowledge": [{ facts: many }] });
    const result = await new KnowledgeRetention({ llm }).score({ messages: conversation.slice(0, 2) });
    expect(result.status).toBe("error");
  });
});

describe("conversation_completeness", () => {
  const conversation = [
    user("Book a table for two tonight and call me a taxi."),
    assistant("Your table for two is booked at 19:00."),
  ];

  it("lists intentions once, judges each against the whole conversation; the satisfied share", async () => {
    const llm = new ScriptedLlm({
      "conversation_completeness/intentions": [{ intentions: ["Book a table.", "Get a taxi."] }],
      "conversation_completeness/verdict": [pass(1), pass(0)],
    });
    const result = await new ConversationCompleteness({ llm }).score({ messages: conversation });
    expect(result.value).toBe(0.5);
    expect(result.reason).toBe("1 of 2 user intentions are satisfied");
    expect(result.details).toMatchObject({
      verdicts: [
        { intention: "Book a table.", verdict: 1 },
        { intention: "Get a taxi.", verdict: 0 },
      ],
      usage: { calls: 3 },
    });
    const verdictCall = llm.callsFor("conversation_completeness/verdict")[1]!.prompt.input;
    expect(verdictCall).toContain("User intention:\nGet a taxi.");
    expect(verdictCall).toContain("Your table for two is booked");
  });

  it("allows at most three intentions per user turn; none scores 1; no user turn makes no call", async () => {
    expect(maxIntentions(2)).toBe(6);
    const tooMany = new ScriptedLlm({
      "conversation_completeness/intentions": [{ intentions: ["a", "b", "c", "d"] }],
    });
    expect(
      (await new ConversationCompleteness({ llm: tooMany }).score({ messages: conversation })).status,
    ).toBe("error");

    const none = new ScriptedLlm({ "conversation_completeness/intentions": [{ intentions: [] }] });
    const result = await new ConversationCompleteness({ llm: none }).score({ messages: conversation });
    expect(result).toMatchObject({ value: 1, status: "ok" });

    const silent = new ScriptedLlm({});
    const r = await new ConversationCompleteness({ llm: silent }).score({ messages: [assistant("Hello!")] });
    expect(r.value).toBe(1);
    expect(silent.calls).toHaveLength(0);
  });

  it("scoring expected weighs each verdict by its probability", async () => {
    const llm = new ScriptedLlm(
      {
        "conversation_completeness/intentions": [{ intentions: ["Book a table.", "Get a taxi."] }],
        "conversation_completeness/verdict": [pass(1), pass(0)],
      },
      {
        slotReads: {
          "conversation_completeness/verdict": [
            { "0": 0.2, "1": 0.8 },
            { "0": 0.6, "1": 0.4 },
          ],
        },
      },
    );
    const result = await new ConversationCompleteness({ llm, scoring: "expected" }).score({
      messages: conversation,
    });
    expect(result.value).toBeCloseTo(0.6, 12);
    expect(result.details).toMatchObject({
      verdicts: [{ confidence: 0.8, weight: 0.8 }, { confidence: 0.6 }],
    });
  });
});

describe("role_adherence", () => {
  const role = "A humble wizard who doubts his magic.";
  const conversation: ConversationMessage[] = [
    user("Show me a spell."),
    assistant("This spark was meant to be a dragon; I am still learning."),
    user("Something bigger?"),
    { role: "assistant", content: "", toolCalls: [{ name: "cast", args: {} }] },
    { role: "tool", content: "ok" },
    assistant("I am the greatest wizard ever!"),
  ];

  it("asks once for exactly one verdict per assistant reply; the in-character share", async () => {
    const llm = new ScriptedLlm({ "role_adherence/verdicts": [{ verdicts: [pass(1), pass(0)] }] });
    const result = await new RoleAdherence({ llm }).score({ chatbotRole: role, messages: conversation });
    expect(result.value).toBe(0.5);
    expect(result.reason).toBe("1 of 2 assistant replies stay in the chatbot role");
    expect(result.details).toMatchObject({
      verdicts: [
        { message: 1, verdict: 1 },
        { message: 5, verdict: 0 },
      ],
      usage: { calls: 1 },
    });
    const input = llm.calls[0]!.prompt.input;
    expect(input).toContain(`Chatbot role:\n${role}`);
    expect(input).toContain("Assistant messages to judge: 2");
  });

  it("a wrong number of verdicts is a judge error, not a score", async () => {
    const llm = new ScriptedLlm({ "role_adherence/verdicts": [{ verdicts: [pass(1)] }] });
    const result = await new RoleAdherence({ llm }).score({ chatbotRole: role, messages: conversation });
    expect(result.status).toBe("error");
    expect(JSON.stringify(result)).toMatch(/expected exactly 2 verdicts, one per assistant message/);
  });

  it("no assistant reply scores 1 without a call; one reply; reasons false asks for verdicts only", async () => {
    const none = new ScriptedLlm({});
    const r0 = await new RoleAdherence({ llm: none }).score({ chatbotRole: role, messages: [user("Hi")] });
    expect(r0.value).toBe(1);
    expect(none.calls).toHaveLength(0);

    const bare = new ScriptedLlm({ "role_adherence/verdicts": [{ verdicts: [{ verdict: 1 }] }] });
    const metric = new RoleAdherence({ llm: bare, reasons: false });
    const r1 = await metric.score({ chatbotRole: role, messages: conversation.slice(0, 2) });
    expect(r1.value).toBe(1);
    expect(r1.details).toMatchObject({ promptVersions: { "role_adherence/verdicts": "1.1.0+noreasons" } });
    expect(bare.calls[0]!.prompt.system).not.toMatch(/reason/);
  });

  it("a missing chatbot role is an InvalidInputError naming the field and the column to give", async () => {
    const llm = new ScriptedLlm({});
    await expect(new RoleAdherence({ llm }).score({ messages: conversation })).rejects.toThrow(
      'field "chatbotRole": is missing; give the role the assistant should play (column chatbot_role)',
    );
    expect(llm.calls).toHaveLength(0);
  });
});
