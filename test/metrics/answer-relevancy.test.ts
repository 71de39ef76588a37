import { describe, expect, it } from "vitest";
import { z } from "zod";
import { InvalidInputError } from "../../src/errors.js";
import { AnswerRelevancy, ResponseRelevancy } from "../../src/metrics/index.js";
import { FakeEmbeddings } from "../support/fake-embeddings.js";
import { ScriptedLlm } from "../support/scripted-llm.js";

const PROMPT = "answer_relevancy/questions";
const USER = "Where is the Eiffel Tower?";
const RESPONSE = "The Eiffel Tower is in Paris, France.";

// Cosine with the user input [1, 0, 0]: 1, 0.6, 0, -0.8.
const embeddings = () =>
  new FakeEmbeddings({
    [USER]: [1, 0, 0],
    "Where is the Eiffel Tower located?": [1, 0, 0],
    "In which city is the Eiffel Tower?": [0.6, 0.8, 0],
    "What city has the Eiffel Tower?": [0, 1, 0],
    "What is unrelated?": [-0.8, 0, 0.6],
  });

const q = (question: string, noncommittal: 0 | 1 = 0) => ({ question, noncommittal });
const three = (flags: [0 | 1, 0 | 1, 0 | 1] = [0, 0, 0]) => ({
  questions: [
    q("Where is the Eiffel Tower located?", flags[0]),
    q("In which city is the Eiffel Tower?", flags[1]),
    q("What city has the Eiffel Tower?", flags[2]),
  ],
});

describe("AnswerRelevancy", () => {
  it("is the mean cosine between the user input and each generated question", async () => {
    const llm = new ScriptedLlm({ [PROMPT]: [three()] });
    const metric = new AnswerRelevancy({ llm, embeddings: embeddings(), strictness: 3 });
    const result = await metric.score({ userInput: USER, response: RESPONSE });
    expect(result.status).toBe("ok");
    expect(result.value).toBeCloseTo((1 + 0.6 + 0) / 3, 6);
    expect(result.details!.questions).toEqual([
      { question: "Where is the Eiffel Tower located?", noncommittal: 0, similarity: expect.closeTo(1, 6) },
      { question: "In which city is the Eiffel Tower?", noncommittal: 0, similarity: expect.closeTo(0.6, 6) },
      { question: "What city has the Eiffel Tower?", noncommittal: 0, similarity: 0 },
    ]);
  });

  it("asks once, for exactly `strictness` questions, greedily, from the response alone", async () => {
    const llm = new ScriptedLlm({
      [PROMPT]: [
        { questions: [q("Where is the Eiffel Tower located?"), q("What city has the Eiffel Tower?")] },
      ],
    });
    await new AnswerRelevancy({ llm, embeddings: embeddings(), strictness: 2 }).score({
      userInput: USER,
      response: RESPONSE,
    });
    expect(llm.calls).toHaveLength(1);
    const call = llm.calls[0]!;
    expect(call.options?.temperature).toBe(0);
    expect(call.prompt.input).toContain(RESPONSE);
    expect(call.prompt.input).not.toContain(USER);
    expect(call.prompt.input).toContain("Number of questions to write: 2");
    const schema = z.toJSONSchema(call.schema) as unknown as { properties: { questions: object } };
    expect(schema.properties.questions).toMatchObject({ minItems: 2, maxItems: 2 });
    // Few-shot examples show as many questions as asked for.
    expect(JSON.parse(call.prompt.examples[0]!.output).questions).toHaveLength(2);
  });

  it('noncommittal "all" (default) zeroes only when every question is flagged', async () => {
    const oneFlag = new ScriptedLlm({ [PROMPT]: [three([1, 0, 0])] });
    const allFlags = new ScriptedLlm({ [PROMPT]: [three([1, 1, 1])] });
    const some = await new AnswerRelevancy({ llm: oneFlag, embeddings: embeddings() }).score({
      userInput: USER,
      response: RESPONSE,
    });
    const all = await new AnswerRelevancy({ llm: allFlags, embeddings: embeddings() }).score({
      userInput: USER,
      response: RESPONSE,
    });
    expect(some.value).toBeCloseTo(1.6 / 3, 6);
    expect(all.value).toBe(0);
    expect(all.reason).toMatch(/noncommittal \(all questions were flagged\)/);
  });

  it('noncommittal "any" (older Ragas) zeroes when one question is flagged', async () => {
    const oneFlag = new ScriptedLlm({ [PROMPT]: [three([0, 0, 1])] });
    const none = new ScriptedLlm({ [PROMPT]: [three()] });
    const any = new AnswerRelevancy({ llm: oneFlag, embeddings: embeddings(), noncommittalMode: "any" });
    const anyNone = new AnswerRelevancy({ llm: none, embeddings: embeddings(), noncommittalMode: "any" });
    const r = await any.score({ userInput: USER, response: RESPONSE });
    expect(r.value).toBe(0);
    expect(r.reason).toMatch(/at least one question was flagged/);
    expect((await anyNone.score({ userInput: USER, response: RESPONSE })).value).toBeCloseTo(1.6 / 3, 6);
    expect(any.config().options).toMatchObject({ noncommittalMode: "any", strictness: 3 });
  });

  it("does not clamp: the score can be negative", async () => {
    const llm = new ScriptedLlm({ [PROMPT]: [{ questions: [q("What is unrelated?")] }] });
    const result = await new AnswerRelevancy({ llm, embeddings: embeddings(), strictness: 1 }).score({
      userInput: USER,
      response: RESPONSE,
    });
    expect(result.value).toBeCloseTo(-0.8, 6);
  });

  it("ignores empty questions; none usable gives null with a reason", async () => {
    const partly = new ScriptedLlm({
      [PROMPT]: [{ questions: [q(""), q("In which city is the Eiffel Tower?"), q("  ", 1)] }],
    });
    const r1 = await new AnswerRelevancy({ llm: partly, embeddings: embeddings() }).score({
      userInput: USER,
      response: RESPONSE,
    });
    expect(r1.value).toBeCloseTo(0.6, 6);
    const empty = new ScriptedLlm({ [PROMPT]: [{ questions: [q(""), q(" "), q("")] }] });
    const r2 = await new AnswerRelevancy({ llm: empty, embeddings: embeddings() }).score({
      userInput: USER,
      response: RESPONSE,
    });
    expect(r2).toMatchObject({ value: null, status: "ok" });
    expect(r2.reason).toMatch(/no usable \(non-empty\) question out of 3/);
  });

  it("empty userInput or response is an InvalidInputError naming the field (and row)", async () => {
    const metric = new AnswerRelevancy({ llm: new ScriptedLlm({}), embeddings: embeddings() });
    await expect(metric.score({ userInput: "", response: RESPONSE })).rejects.toBeInstanceOf(
      InvalidInputError,
    );
    await expect(metric.score({ userInput: USER, response: "   " })).rejects.toThrow(
      /field "response": is empty/,
    );
    await expect(
      metric.scoreBatch([{ userInput: USER, response: RESPONSE }, { userInput: USER }]),
    ).rejects.toThrow(/row 1, field "response": is missing/);
  });

  it("a judge answer with the wrong number of questions is an error row", async () => {
    const llm = new ScriptedLlm({ [PROMPT]: [{ questions: [q("Where is the Eiffel Tower located?")] }] });
    const result = await new AnswerRelevancy({ llm, embeddings: embeddings() }).score({
      userInput: USER,
      response: RESPONSE,
    });
    expect(result).toMatchObject({ value: null, status: "error" });
    expect(result.error).toMatch(/JudgeOutputError/);
  });

  it("gives the same value on every run and scores batches in order", async () => {
    const llm = new ScriptedLlm({ [PROMPT]: () => three() });
    const metric = new AnswerRelevancy({ llm, embeddings: embeddings() });
    const sample = { userInput: USER, response: RESPONSE };
    const [a, b] = await metric.scoreBatch([sample, sample]);
    const c = await metric.score(sample);
    expect(a!.value).toBe(b!.value);
    expect(c.value).toBe(a!.value);
  });

  it("validates options and exports the Ragas alias ResponseRelevancy", () => {
    expect(
      () => new AnswerRelevancy({ llm: new ScriptedLlm({}), embeddings: embeddings(), strictness: 0 }),
    ).toThrow(/field "strictness"/);
    expect(
      () =>
        new AnswerRelevancy({
          llm: new ScriptedLlm({}),
          embeddings: embeddings(),
          noncommittalMode: "most" as never,
        }),
    ).toThrow(/field "noncommittalMode"/);
    const alias = new ResponseRelevancy({ llm: new ScriptedLlm({}), embeddings: embeddings() });
    expect(alias).toBeInstanceOf(AnswerRelevancy);
    expect(alias.name).toBe("answer_relevancy");
    expect(alias.config()).toMatchObject({
      promptVersions: { [PROMPT]: "1.0.0" },
      options: { strictness: 3, noncommittalMode: "all", temperature: 0 },
    });
    expect(alias.config().models.map((m) => m.kind)).toEqual(["llm", "embedding"]);
  });
});
