import { describe, expect, it } from "vitest";
import { z } from "zod";
import { InvalidInputError } from "../../src/errors.js";
import { AnswerRelevancy, ResponseRelevancy } from "../../src/index.js";
import { answerRelevancyPrompt } from "../../src/metrics/answer-relevancy/prompt.js";
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
    expect(result.details!.promptVersions).toEqual({ [PROMPT]: "1.2.0" });
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

  it("a blank question is a judge error row (value null with the error), never a 0 or a skipped question", async () => {
    // checkSchema false: a judge that returns whatever it got; the metric's own re-check must catch it.
    for (const [blank, checkSchema] of [
      ["", true],
      ["  \n", true],
      ["  \n", false],
    ] as const) {
      const llm = new ScriptedLlm(
        {
          [PROMPT]: [
            { questions: [q(blank), q("In which city is the Eiffel Tower?"), q("What is unrelated?")] },
          ],
        },
        { checkSchema },
      );
      const result = await new AnswerRelevancy({ llm, embeddings: embeddings() }).score({
        userInput: USER,
        response: RESPONSE,
      });
      expect(result).toMatchObject({ value: null, status: "error" });
      expect(result.error).toMatch(
        /JudgeOutputError: .*questions\.0\.question: must not be (empty|only whitespace)/,
      );
      expect(result.details!.promptVersions).toEqual({ [PROMPT]: "1.2.0" });
    }
  });

  it("the output schema asks the grammar for non-empty questions and re-checks for a non-space character", () => {
    const schema = answerRelevancyPrompt(2).outputSchema;
    const json = z.toJSONSchema(schema) as unknown as {
      properties: {
        questions: { items: { properties: { question: { minLength: number; pattern: string } } } };
      };
    };
    expect(json.properties.questions.items.properties.question).toMatchObject({
      minLength: 1,
      pattern: "\\S",
    });
    expect(schema.safeParse({ questions: [q("Where?"), q("When?", 1)] }).success).toBe(true);
    expect(schema.safeParse({ questions: [q("Where?"), q(" \t")] }).success).toBe(false);
  });

  it("flags are per question: the prompt no longer asks for one value per answer and shows a mixed example", () => {
    const template = answerRelevancyPrompt(3);
    expect(template.version).toBe("1.2.0");
    expect(template.instruction).not.toMatch(/same noncommittal value/);
    expect(template.instruction).toMatch(/noncommittal for each question on its own/);
    const flagsPerExample = template.examples.map((ex) =>
      (JSON.parse(JSON.stringify(ex.output)) as { questions: Array<{ noncommittal: 0 | 1 }> }).questions.map(
        (x) => x.noncommittal,
      ),
    );
    expect(flagsPerExample.some((flags) => flags.includes(0) && flags.includes(1))).toBe(true);
  });

  it("mixed flags: 'all' keeps the mean similarity, 'any' zeroes it", async () => {
    const mixed = () => new ScriptedLlm({ [PROMPT]: [three([0, 1, 0])] });
    const sample = { userInput: USER, response: RESPONSE };
    const all = await new AnswerRelevancy({ llm: mixed(), embeddings: embeddings() }).score(sample);
    const any = await new AnswerRelevancy({
      llm: mixed(),
      embeddings: embeddings(),
      noncommittalMode: "any",
    }).score(sample);
    expect(all.value).toBeCloseTo(1.6 / 3, 6);
    expect(all.details).toMatchObject({ noncommittal: false, meanSimilarity: expect.closeTo(1.6 / 3, 6) });
    expect(any.value).toBe(0);
    expect(any.details).toMatchObject({ noncommittal: true, meanSimilarity: expect.closeTo(1.6 / 3, 6) });
  });

  it("does not split a response too long for the judge: an error row saying what to do", async () => {
    const llm = new ScriptedLlm({ [PROMPT]: [three()] }, { maxInputChars: 80 });
    const long = "The Eiffel Tower is in Paris. ".repeat(10);
    const result = await new AnswerRelevancy({ llm, embeddings: embeddings() }).score({
      userInput: USER,
      response: long,
    });
    expect(result).toMatchObject({ value: null, status: "error" });
    expect(result.error).toMatch(/^ContextOverflowError: the response \(300 characters\) does not fit/);
    expect(result.error).toMatch(/does not split the response/);
    expect(result.error).toMatch(
      /To fix it: load the judge with contextSize: \d+ .*, or shorten the input\.$/,
    );
    expect(llm.calls).toHaveLength(1);
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
      promptVersions: { [PROMPT]: "1.2.0" },
      options: { strictness: 3, noncommittalMode: "all", temperature: 0 },
    });
    expect(alias.config().models.map((m) => m.kind)).toEqual(["llm", "embedding"]);
  });
});
