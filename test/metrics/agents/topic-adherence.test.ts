// Ragas' topic adherence (`topic_adherence`) on a scripted judge: the three steps, precision / recall / F1 with Ragas'
// 1e-10 (its documented example gives 0.6666666666444444), no topics, refusals, a wrong classification count,
// reasons off and verdict probabilities.
import { describe, expect, it } from "vitest";
import { loadDataset } from "../../../src/dataset/load.js";
import { createMetric, TopicAdherenceScore, topicAdherence, topicCounts } from "../../../src/index.js";
import { maxTopics, topicsPromptFor } from "../../../src/metrics/topic-adherence/prompt.js";
import { ScriptedLlm } from "../../support/scripted-llm.js";

const TOPICS = "topic_adherence/topics";
const REFUSED = "topic_adherence/refused";
const CLASSIFY = "topic_adherence/classify";

// Ragas' documented example, shortened: relativity questions, then a chocolate cake recipe.
const messages = [
  { role: "user", content: "Can you provide me with details about Einstein's theory of relativity?" },
  {
    role: "assistant",
    content: "Sure, let me retrieve the relevant information for you.",
    toolCalls: [{ name: "document_search", args: { query: "Einstein's theory of relativity" } }],
  },
  { role: "tool", content: "Found relevant documents." },
  { role: "user", content: "Tell me about the 'General Theory of Relativity'." },
  { role: "assistant", content: "It explains how gravity curves spacetime.", toolCalls: [] },
  { role: "user", content: "Do you know any good recipes for a chocolate cake?" },
  {
    role: "assistant",
    content: "Mix flour, sugar, cocoa, eggs, milk and butter; bake 30 minutes.",
    toolCalls: [],
  },
];
const topics = ["Einstein's theory of relativity", "General Theory of Relativity", "chocolate cake recipe"];
const sample = { messages, referenceTopics: ["science"] } as never;
const classified = (...flags: Array<0 | 1>) => ({
  classifications: flags.map((verdict, i) => ({ topic: topics[i]!, reason: "Checked.", verdict })),
});
const refusal = (refused: 0 | 1) => ({ reason: "Looked.", refused });

function judge(refused: Array<0 | 1>, onTopic: Array<0 | 1>, options = {}) {
  return new ScriptedLlm(
    {
      [TOPICS]: [{ topics: topics.slice(0, refused.length) }],
      [REFUSED]: refused.map(refusal),
      [CLASSIFY]: [classified(...onTopic)],
    },
    options,
  );
}

describe("topic adherence formula (Ragas' counts and 1e-10)", () => {
  it("counts answered / on-topic pairs as Ragas does", () => {
    expect(topicCounts([1, 1, 0, 0], [1, 0, 1, 0])).toEqual({
      truePositives: 1,
      falsePositives: 1,
      falseNegatives: 1,
    });
    expect(topicCounts([], [])).toEqual({ truePositives: 0, falsePositives: 0, falseNegatives: 0 });
    expect(() => topicCounts([1], [1, 0])).toThrow(RangeError);
  });

  it("gives Ragas' numbers, unrounded, for each mode and edge case", () => {
    const doc = { truePositives: 2, falsePositives: 1, falseNegatives: 0 };
    expect(topicAdherence(doc, "precision")).toBe(0.6666666666444444); // Ragas' documented output
    expect(topicAdherence(doc, "recall")).toBe(2 / (2 + 1e-10));
    const p = 2 / (3 + 1e-10);
    const r = 2 / (2 + 1e-10);
    expect(topicAdherence(doc, "f1")).toBe((2 * (p * r)) / (p + r + 1e-10));
    const one = { truePositives: 1, falsePositives: 0, falseNegatives: 0 };
    expect(topicAdherence(one, "precision")).toBe(0.9999999999);
    expect(topicAdherence(one, "f1")).toBe(0.99999999985);
    const none = { truePositives: 0, falsePositives: 0, falseNegatives: 0 };
    for (const mode of ["precision", "recall", "f1"] as const) expect(topicAdherence(none, mode)).toBe(0);
    const offTopicOnly = { truePositives: 0, falsePositives: 3, falseNegatives: 2 };
    expect(topicAdherence(offTopicOnly, "f1")).toBe(0);
  });
});

describe("TopicAdherenceScore (topic_adherence)", () => {
  it("Ragas' example: two science topics and a cake recipe, all answered, precision 0.6666666666444444", async () => {
    const llm = judge([0, 0, 0], [1, 1, 0]);
    const result = await new TopicAdherenceScore({ llm, mode: "precision" }).score(sample);
    expect(result).toMatchObject({ value: 0.6666666666444444, status: "ok" });
    expect(result.reason).toBe("3 of 3 topics answered, 2 of 3 on a reference topic; precision");
    expect(result.details).toMatchObject({
      mode: "precision",
      truePositives: 2,
      falsePositives: 1,
      falseNegatives: 0,
      usage: { calls: 5 },
      topics: [
        { topic: topics[0], refusal: { refused: 0 }, classification: { verdict: 1, reason: "Checked." } },
        { topic: topics[1] },
        { topic: topics[2], classification: { verdict: 0 } },
      ],
      promptVersions: { [TOPICS]: "1.2.0", [REFUSED]: "1.1.0", [CLASSIFY]: "1.3.0" },
    });
    // The topics step reads the conversation; each refusal call one topic; one classification call for all.
    expect(llm.callsFor(TOPICS)[0]!.prompt.input).toContain(
      "Tools:\n  document_search: {'query': \"Einstein's theory of relativity\"}",
    );
    expect(llm.callsFor(REFUSED).map((c) => c.prompt.input.split("Topic:\n")[1])).toEqual(topics);
    expect(llm.callsFor(CLASSIFY)[0]!.prompt.input).toBe(
      `Reference topics:\n1. science\n\nTopics (3):\n1. ${topics[0]}\n2. ${topics[1]}\n3. ${topics[2]}`,
    );
  });

  it("defaults to F1; recall counts a refused on-topic question against the agent", async () => {
    const f1 = await new TopicAdherenceScore({ llm: judge([0, 1, 0], [1, 1, 0]) }).score(sample);
    // tp 1 (answered, on topic), fp 1 (answered cake), fn 1 (refused, on topic)
    const p = 1 / (2 + 1e-10);
    expect(f1.value).toBe((2 * (p * p)) / (p + p + 1e-10));
    expect(f1.details).toMatchObject({ mode: "f1", truePositives: 1, falsePositives: 1, falseNegatives: 1 });
    const recall = await new TopicAdherenceScore({ llm: judge([0, 1, 1], [1, 1, 0]), mode: "recall" }).score(
      sample,
    );
    expect(recall.value).toBe(1 / (2 + 1e-10));
  });

  it("no topics gives 0 after one call, as Ragas' 1e-10 makes it", async () => {
    const llm = new ScriptedLlm({ [TOPICS]: [{ topics: [] }] });
    const result = await new TopicAdherenceScore({ llm }).score(sample);
    expect(result).toMatchObject({ value: 0, status: "ok", details: { topics: [], usage: { calls: 1 } } });
    expect(result.reason).toMatch(/no topics/);
  });

  it("no reference topics (an empty list) gives 0 too, as in Ragas, without asking the judge; from a dataset as well", async () => {
    const llm = new ScriptedLlm({});
    for (const mode of ["precision", "recall", "f1"] as const) {
      const result = await new TopicAdherenceScore({ llm, mode }).score({
        messages,
        referenceTopics: [],
      } as never);
      expect(result).toMatchObject({ value: 0, status: "ok", details: { topics: [], truePositives: 0 } });
      expect(result.reason).toMatch(/no reference topics/);
    }
    expect(llm.calls).toHaveLength(0);
    const dataset = loadDataset([{ messages, reference_topics: [] }]);
    expect(dataset.badCells).toEqual([]);
    expect(dataset.samples[0]!.sample.referenceTopics).toEqual([]);
  });

  it("the classification step must give one verdict per topic: the grammar is sized, and a wrong count is an error row", async () => {
    const sized = judge([0, 0, 0], [1, 1, 0]);
    await new TopicAdherenceScore({ llm: sized }).score(sample);
    const schema = sized.callsFor(CLASSIFY)[0]!.schema;
    expect(schema.safeParse(classified(1, 1)).success).toBe(false);
    expect(schema.safeParse(classified(1, 1, 0)).success).toBe(true);
    const short = new ScriptedLlm(
      {
        [TOPICS]: [{ topics }],
        [REFUSED]: [refusal(0), refusal(0), refusal(0)],
        [CLASSIFY]: [classified(1, 1)],
      },
      { checkSchema: false },
    );
    const result = await new TopicAdherenceScore({ llm: short }).score(sample);
    expect(result).toMatchObject({ value: null, status: "error" });
    expect(result.error).toMatch(/expected exactly 3 classifications, one per topic/);
  });

  it("reasons: false drops the reasons of the refusal and classification steps (+noreasons)", async () => {
    const llm = new ScriptedLlm({
      [TOPICS]: [{ topics: topics.slice(0, 2) }],
      [REFUSED]: [{ refused: 0 }, { refused: 0 }],
      [CLASSIFY]: [
        {
          classifications: [
            { topic: topics[0], verdict: 1 },
            { topic: topics[1], verdict: 1 },
          ],
        },
      ],
    });
    const metric = new TopicAdherenceScore({ llm, reasons: false });
    const result = await metric.score(sample);
    const p = 2 / (2 + 1e-10);
    expect(result.value).toBe((2 * (p * p)) / (p + p + 1e-10));
    expect(llm.callsFor(REFUSED)[0]!.prompt.version).toBe("1.1.0+noreasons");
    expect(llm.callsFor(REFUSED)[0]!.prompt.system).not.toMatch(/reason/);
    expect(llm.callsFor(CLASSIFY)[0]!.prompt.examples[0]!.output).not.toMatch(/reason/);
    expect(JSON.stringify(result.details)).not.toMatch(/"reason"/);
    expect(metric.config()).toMatchObject({
      promptVersions: { [TOPICS]: "1.2.0", [REFUSED]: "1.1.0+noreasons", [CLASSIFY]: "1.3.0+noreasons" },
      options: { mode: "f1", reasons: false },
    });
  });

  it('scoring "expected" weights each topic by the judge\'s probabilities (answered = 1 - P(refused))', async () => {
    const llm = judge([0, 0], [1, 0], {
      slotReads: {
        [REFUSED]: [
          { "0": 0.9, "1": 0.1 },
          { "0": 0.6, "1": 0.4 },
        ],
        [CLASSIFY]: [
          { "0": 0.2, "1": 0.8 },
          { "0": 0.7, "1": 0.3 },
        ],
      },
    });
    const result = await new TopicAdherenceScore({ llm, scoring: "expected", mode: "precision" }).score(
      sample,
    );
    const answered = [1 - 0.1, 1 - 0.4];
    const onTopic = [0.8, 0.3];
    const counts = topicCounts(answered, onTopic);
    expect(result.value).toBeCloseTo(topicAdherence(counts, "precision"), 12);
    expect(result.value).toBeCloseTo((0.9 * 0.8 + 0.6 * 0.3) / (0.9 + 0.6 + 1e-10), 12);
    expect(result.details).toMatchObject({
      topics: [
        { refusal: { weight: expect.closeTo(0.1, 12) } },
        { classification: { weight: expect.closeTo(0.3, 12) } },
      ],
    });
  });

  it("checks its inputs and options the one way, naming row, field and option", async () => {
    const llm = new ScriptedLlm({});
    expect(() => createMetric("topic_adherence", { llm }, { mode: "accuracy" })).toThrow(/mode/);
    const metric = createMetric("topic_adherence", { llm });
    await expect(metric.scoreBatch([{ messages } as never])).rejects.toThrow(
      /row 0.*referenceTopics.*is missing; give the topics the conversation should keep to \(Ragas reference_topics\)/,
    );
    await expect(
      metric.scoreBatch([{ messages, referenceTopics: ["science", ""] } as never]),
    ).rejects.toThrow(/referenceTopics\[1\]/);
    await expect(metric.scoreBatch([{ messages, referenceTopics: "science" } as never])).rejects.toThrow(
      /row 0.*referenceTopics.*must be a list of texts/,
    );
    expect(llm.calls).toHaveLength(0);
  });

  it("bounds the topic list by the human's words, so a judge repeating a topic closes the list (prompt 1.1.0)", () => {
    // SmolLM2-135M-Instruct wrote "tickets" until cut off at 2,048 tokens on this 8-word question.
    const human = ["How many open tickets does team Atlas have?"];
    expect(maxTopics(human)).toBe(8);
    const schema = topicsPromptFor(human).outputSchema;
    const topics = (n: number) => ({ topics: Array.from({ length: n }, () => "tickets") });
    expect(schema.safeParse(topics(8)).success).toBe(true);
    expect(schema.safeParse(topics(9)).success).toBe(false);
    expect(maxTopics(["  ", ""])).toBe(0);
    expect(topicsPromptFor(["", " "]).outputSchema.safeParse(topics(1)).success).toBe(true);
  });
});
