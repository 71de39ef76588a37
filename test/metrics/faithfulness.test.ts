import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { InvalidInputError, JudgeOutputError } from "../../src/errors.js";
import {
  Faithfulness,
  FaithfulnessEvaluator,
  type FaithfulnessEvaluatorOptions,
  type FaithfulnessExample,
} from "../../src/index.js";
import { faithfulnessStatementsPrompt } from "../../src/metrics/shared/judge/statements/statements-prompt.js";
import {
  FAITHFULNESS_VERDICTS_VERSION,
  verdictsSchema,
} from "../../src/metrics/shared/judge/statements/verdicts-prompt.js";
import { errorRow } from "../../src/util/error-row.js";
import { ScriptedLlm } from "../support/scripted-llm.js";
import {
  GEORGE_LUCAS_ANSWER,
  LUCAS_STATEMENTS,
  LUCAS_VERDICTS,
  PYTHON_CONTEXT,
  PYTHON_QUESTION,
} from "./seed-examples.js";

const STATEMENTS = "faithfulness/statements";
const VERDICTS = "faithfulness/verdicts";

const lucasSample = {
  userInput: PYTHON_QUESTION,
  response: GEORGE_LUCAS_ANSWER,
  retrievedContexts: [PYTHON_CONTEXT],
};

describe("Faithfulness (Ragas surface)", () => {
  it("a judge's failure becomes the same error text a row gets in evaluate() (util/error-row.ts)", async () => {
    const crash = () => {
      throw new Error("judge crashed");
    };
    const result = await new Faithfulness({ llm: new ScriptedLlm({ [STATEMENTS]: crash }) }).score(
      lucasSample,
    );
    expect(result).toMatchObject({
      value: null,
      status: "error",
      reason: "the judge or embedding model failed on this row; see error",
      error: "judge crashed",
    });
    expect(result.error).toBe(errorRow(new Error("judge crashed")).error);
  });

  it("reproduces the seed's George Lucas example: 0.5", async () => {
    const llm = new ScriptedLlm({ [STATEMENTS]: [LUCAS_STATEMENTS], [VERDICTS]: [LUCAS_VERDICTS] });
    const metric = new Faithfulness({ llm });
    const result = await metric.score(lucasSample);
    expect(result.value).toBe(0.5);
    expect(result.status).toBe("ok");
    expect(result.reason).toBe("1 of 2 statements can be inferred from the contexts");
    expect(result.details).toMatchObject({
      statements: LUCAS_STATEMENTS.statements,
      verdicts: [
        { verdict: 1 },
        { verdict: 0, reason: "The context names Guido van Rossum as its creator." },
      ],
    });
    // Step 1 saw the question and answer; step 2 saw the context and both numbered statements.
    expect(llm.callsFor(STATEMENTS)[0]!.prompt.input).toContain("George Lucas");
    const verdictInput = llm.callsFor(VERDICTS)[0]!.prompt.input;
    expect(verdictInput).toContain("Guido van Rossum");
    expect(verdictInput).toContain("2. Python was created by George Lucas.");
  });

  it("gives null with a reason when the response has no statements (Ragas NaN), without a verdict call", async () => {
    const llm = new ScriptedLlm({ [STATEMENTS]: [{ statements: [] }] });
    const result = await new Faithfulness({ llm }).score({ ...lucasSample, response: "I don't know." });
    expect(result).toMatchObject({ value: null, status: "ok" });
    expect(result.reason).toMatch(/no statements/);
    expect(result.details!.promptVersions).toEqual({
      [STATEMENTS]: "1.4.0",
      [VERDICTS]: FAITHFULNESS_VERDICTS_VERSION,
    });
    expect(llm.callsFor(VERDICTS)).toHaveLength(0);
  });

  it("a blank statement is dropped, a blank reason or statement copy kept (the grammar cannot forbid either)", async () => {
    const blankStatement = new ScriptedLlm({
      [STATEMENTS]: [{ statements: ["Python is a language.", " \n "] }],
      [VERDICTS]: [
        { verdicts: [{ statement: "Python is a language.", reason: "The context says so.", verdict: 1 }] },
      ],
    });
    const r1 = await new Faithfulness({ llm: blankStatement }).score(lucasSample);
    expect(r1).toMatchObject({ value: 1, status: "ok" });
    expect(r1.details!.statements).toEqual(["Python is a language."]);
    expect(blankStatement.callsFor(VERDICTS)).toHaveLength(1);
    expect(r1.details!.promptVersions).toEqual({
      [STATEMENTS]: "1.4.0",
      [VERDICTS]: FAITHFULNESS_VERDICTS_VERSION,
    });
    // The score reads neither a reason nor a verdict's copy of its statement (verdicts are matched by position).
    const blankSideTexts = new ScriptedLlm({
      [STATEMENTS]: [LUCAS_STATEMENTS],
      [VERDICTS]: [
        {
          verdicts: [
            { ...LUCAS_VERDICTS.verdicts[0]!, reason: " \n " },
            { ...LUCAS_VERDICTS.verdicts[1]!, statement: "  " },
          ],
        },
      ],
    });
    const kept = await new Faithfulness({ llm: blankSideTexts }).score(lucasSample);
    expect(kept).toMatchObject({ value: 0.5, status: "ok" });
    const verdicts = kept.details!.verdicts as Array<{ reason: string }>;
    expect(verdicts[0]!.reason).toBe(""); // a blank reason reads as "": no wall of blank lines in a report
    // An empty reason, which the grammar forbids (minLength 1), from a judge without a grammar: the same.
    const emptyReason = new ScriptedLlm(
      {
        [STATEMENTS]: [LUCAS_STATEMENTS],
        [VERDICTS]: [
          { verdicts: [{ ...LUCAS_VERDICTS.verdicts[0]!, reason: "" }, LUCAS_VERDICTS.verdicts[1]!] },
        ],
      },
      { checkSchema: false },
    );
    expect(await new Faithfulness({ llm: emptyReason }).score(lucasSample)).toMatchObject({
      value: 0.5,
      status: "ok",
    });
  });

  it("the statements and verdicts schemas give the grammar minLength 1 for every text", () => {
    const statements = z.toJSONSchema(faithfulnessStatementsPrompt.outputSchema) as unknown as {
      properties: { statements: { items: object } };
    };
    expect(statements.properties.statements.items).toMatchObject({ type: "string", minLength: 1 });
    const verdicts = z.toJSONSchema(verdictsSchema(1)) as unknown as {
      properties: { verdicts: { items: { properties: Record<string, object> } } };
    };
    expect(verdicts.properties.verdicts.items.properties.statement).toMatchObject({ minLength: 1 });
    expect(verdicts.properties.verdicts.items.properties.reason).toMatchObject({ minLength: 1 });
  });

  it("a verdict list whose length differs from the statements is a judge error for that row", async () => {
    const llm = new ScriptedLlm({
      [STATEMENTS]: [LUCAS_STATEMENTS],
      [VERDICTS]: [{ verdicts: [LUCAS_VERDICTS.verdicts[0]] }],
    });
    const result = await new Faithfulness({ llm }).score(lucasSample);
    expect(result.status).toBe("error");
    expect(result.value).toBeNull();
    expect(result.error).toMatch(/JudgeOutputError: .*expected exactly 2 verdicts, one per statement/);
  });

  it("asks the judge for exactly as many verdicts as statements (schema, hence grammar)", async () => {
    const llm = new ScriptedLlm({ [STATEMENTS]: [LUCAS_STATEMENTS], [VERDICTS]: [LUCAS_VERDICTS] });
    await new Faithfulness({ llm }).score(lucasSample);
    const verdictCall = llm.callsFor(VERDICTS)[0]!;
    const jsonSchema = z.toJSONSchema(verdictCall.schema) as unknown as { properties: { verdicts: object } };
    expect(jsonSchema.properties.verdicts).toMatchObject({ minItems: 2, maxItems: 2 });
    expect(verdictCall.prompt.version).toBe(FAITHFULNESS_VERDICTS_VERSION);
    expect(verdictCall.options).toMatchObject({ temperature: 0 });
  });

  it("validates input and names the field (and row in batches)", async () => {
    const metric = new Faithfulness({ llm: new ScriptedLlm({}) });
    await expect(metric.score({ ...lucasSample, response: "" })).rejects.toThrow(
      /field "response": is empty/,
    );
    await expect(metric.score({ ...lucasSample, retrievedContexts: [] })).rejects.toThrow(
      /field "retrievedContexts": is an empty list/,
    );
    await expect(metric.scoreBatch([lucasSample, { ...lucasSample, userInput: undefined }])).rejects.toThrow(
      /row 1, field "userInput": is missing/,
    );
  });

  it("judges overflowing contexts per context; a statement is supported when any part supports it", async () => {
    const contexts = [
      "Python was designed by Guido van Rossum and first released in 1991 as a successor to ABC.",
      "Python is a high-level general-purpose programming language used for scripting and for large systems.",
    ];
    const llm = new ScriptedLlm(
      {
        [STATEMENTS]: [LUCAS_STATEMENTS],
        [VERDICTS]: (prompt) => {
          const supportsFirst = prompt.input.includes("high-level general-purpose programming language used");
          return {
            verdicts: [
              {
                statement: "s1",
                reason: supportsFirst ? "supported here" : "not in this part",
                verdict: supportsFirst ? 1 : 0,
              },
              { statement: "s2", reason: "no", verdict: 0 },
            ],
          };
        },
      },
      { maxInputChars: 300 },
    );
    const result = await new Faithfulness({ llm }).score({ ...lucasSample, retrievedContexts: contexts });
    expect(result.value).toBe(0.5);
    expect(llm.callsFor(VERDICTS)).toHaveLength(3); // one overflowing call, then one per context
    expect(result.details!.verdicts).toMatchObject([
      { verdict: 1, reason: "supported here" },
      { verdict: 0 },
    ]);
    expect(result.details!.splits).toEqual([
      {
        field: "retrievedContexts",
        calls: 2,
        cuts: { sentence: 0, word: 0, character: 0 },
        parts: [
          [{ index: 0, start: 0, end: contexts[0]!.length }],
          [{ index: 1, start: 0, end: contexts[1]!.length }],
        ],
      },
    ]);
  });

  it("config lists both prompt versions and the judge", () => {
    const metric = new Faithfulness({ llm: new ScriptedLlm({}), maxTokens: 256 });
    expect(metric.config()).toEqual({
      name: "faithfulness",
      promptVersions: { [STATEMENTS]: "1.4.0", [VERDICTS]: FAITHFULNESS_VERDICTS_VERSION },
      options: { temperature: 0, maxTokens: 256 },
      models: [
        { id: "scripted-judge", kind: "llm", runtime: { name: "scripted", version: "0" }, settings: {} },
      ],
    });
  });
});

describe("FaithfulnessEvaluator (Haystack surface)", () => {
  it("reproduces the seed's George Lucas example: individual [0.5], score 0.5", async () => {
    const llm = new ScriptedLlm({ [STATEMENTS]: [LUCAS_STATEMENTS], [VERDICTS]: [LUCAS_VERDICTS] });
    const evaluator = new FaithfulnessEvaluator({ llm, progressBar: false });
    const result = await evaluator.run({
      questions: [PYTHON_QUESTION],
      contexts: [[PYTHON_CONTEXT]],
      predictedAnswers: [GEORGE_LUCAS_ANSWER],
    });
    expect(result.individualScores).toEqual([0.5]);
    expect(result.score).toBe(0.5);
    expect(result.results[0]).toMatchObject({
      statements: LUCAS_STATEMENTS.statements,
      statementScores: [1, 0],
      score: 0.5,
    });
  });

  it("gives 0 (Haystack's convention) when the answer has no statements", async () => {
    const llm = new ScriptedLlm({ [STATEMENTS]: [{ statements: [] }] });
    const result = await new FaithfulnessEvaluator({ llm, progressBar: false }).run({
      questions: ["q"],
      contexts: [["c"]],
      predictedAnswers: ["Sorry, I cannot help."],
    });
    expect(result.individualScores).toEqual([0]);
    expect(result.results[0]).toMatchObject({ statements: [], statementScores: [], score: 0 });
  });

  it("raiseOnFailure false: a verdict-count mismatch fails only that row, counted and excluded", async () => {
    const llm = new ScriptedLlm({
      [STATEMENTS]: [LUCAS_STATEMENTS, LUCAS_STATEMENTS],
      [VERDICTS]: [LUCAS_VERDICTS, { verdicts: [] }],
    });
    const evaluator = new FaithfulnessEvaluator({ llm, raiseOnFailure: false, progressBar: false });
    const result = await evaluator.run({
      questions: ["q", "q"],
      contexts: [["c"], ["c"]],
      predictedAnswers: [GEORGE_LUCAS_ANSWER, GEORGE_LUCAS_ANSWER],
    });
    expect(result.individualScores).toEqual([0.5, null]);
    expect(result.score).toBe(0.5);
    expect(result.failedRows).toBe(1);
    expect(result.results[1]!.error).toMatch(/expected exactly 2 verdicts/);
    const versions = { [STATEMENTS]: "1.4.0", [VERDICTS]: FAITHFULNESS_VERDICTS_VERSION };
    expect(result.results[0]).toMatchObject({ status: "ok", promptVersions: versions });
    expect(result.results[0]).not.toHaveProperty("error");
    expect(result.results[1]).toMatchObject({ status: "error", score: null, promptVersions: versions });
  });

  it("raiseOnFailure true throws the judge error with the row", async () => {
    const llm = new ScriptedLlm({ [STATEMENTS]: [new JudgeOutputError("cut off", "{")] });
    const evaluator = new FaithfulnessEvaluator({ llm, progressBar: false });
    await expect(
      evaluator.run({ questions: ["q"], contexts: [["c"]], predictedAnswers: ["a"] }),
    ).rejects.toThrow(/FaithfulnessEvaluator: row 0 failed.*cut off/);
  });

  it("rejects lists of different lengths", async () => {
    const evaluator = new FaithfulnessEvaluator({ llm: new ScriptedLlm({}), progressBar: false });
    const run = evaluator.run({ questions: ["q"], contexts: [["c"]], predictedAnswers: ["a", "b"] });
    await expect(run).rejects.toBeInstanceOf(InvalidInputError);
    await expect(run).rejects.toThrow(/field "predictedAnswers": has 2 items but "questions" has 1/);
    await expect(evaluator.run({ questions: ["q"], contexts: [["c"]] })).rejects.toThrow(
      /field "predictedAnswers": is missing/,
    );
  });

  it("validates examples and builds both prompts' few-shot turns from them", async () => {
    const llm = new ScriptedLlm({ [STATEMENTS]: [LUCAS_STATEMENTS], [VERDICTS]: [LUCAS_VERDICTS] });
    const example = {
      inputs: {
        questions: "What is the capital of Italy?",
        contexts: ["Rome is the capital of Italy."],
        predicted_answers: "Rome is the capital of Italy with more than 4 million inhabitants.",
      },
      outputs: {
        statements: ["Rome is the capital of Italy.", "Rome has more than 4 million inhabitants."],
        statement_scores: [1, 0] as Array<0 | 1>,
      },
    };
    expect(
      () =>
        new FaithfulnessEvaluator({
          llm,
          examples: [example, { ...example, inputs: { questions: "q", contexts: ["c"] } }] as never,
        }),
    ).toThrow(/field "examples\[1\]\.inputs\.predicted_answers".*example 1 is malformed/);
    const evaluator = new FaithfulnessEvaluator({ llm, examples: [example], progressBar: false });
    await evaluator.run({ questions: ["q"], contexts: [["c"]], predictedAnswers: [GEORGE_LUCAS_ANSWER] });
    const statementTurn = llm.callsFor(STATEMENTS)[0]!.prompt.examples;
    expect(statementTurn).toHaveLength(1);
    expect(JSON.parse(statementTurn[0]!.output)).toEqual({ statements: example.outputs.statements });
    const verdictTurn = JSON.parse(llm.callsFor(VERDICTS)[0]!.prompt.examples[0]!.output);
    expect(verdictTurn.verdicts.map((v: { verdict: number }) => v.verdict)).toEqual([1, 0]);
    expect(llm.callsFor(VERDICTS)[0]!.prompt.version).toMatch(/^1\.3\.0\+examples\./);
  });

  it("refuses an option it does not know, naming it, as every metric does", () => {
    const llm = new ScriptedLlm({});
    const misspelt = { llm, temprature: 1 } as unknown as FaithfulnessEvaluatorOptions;
    expect(() => new FaithfulnessEvaluator(misspelt)).toThrow(InvalidInputError);
    expect(() => new FaithfulnessEvaluator(misspelt)).toThrow(/temprature/);
  });

  it("its options type, derived from its schema, types the examples in Haystack's shape", () => {
    expectTypeOf<FaithfulnessEvaluatorOptions>()
      .toHaveProperty("examples")
      .toEqualTypeOf<FaithfulnessExample[] | undefined>();
  });
});
