import { describe, expect, expectTypeOf, it } from "vitest";
import type { Embeddings } from "../../src/embeddings/types.js";
import { InvalidInputError } from "../../src/errors.js";
import {
  AnswerCorrectness,
  type AnswerCorrectnessOptions,
} from "../../src/metrics/answer-correctness/metric.js";
import { answerCorrectnessScore, factualityScore } from "../../src/metrics/answer-correctness/score.js";
import { FakeEmbeddings } from "../support/fake-embeddings.js";
import { ScriptedLlm } from "../support/scripted-llm.js";

const STATEMENTS = "faithfulness/statements";
const CLASSIFY = "answer_correctness/classification";
const sample = {
  userInput: "What powers the Sun?",
  response: "Nuclear fusion powers the Sun. It is a star. It is cold.",
  reference:
    "The Sun is powered by nuclear fusion. The Sun is a star. The Sun is about 4.6 billion years old.",
};
const RESPONSE_STATEMENTS = ["Nuclear fusion powers the Sun.", "The Sun is a star.", "The Sun is cold."];
const REFERENCE_STATEMENTS = [
  "The Sun is powered by nuclear fusion.",
  "The Sun is a star.",
  "The Sun is about 4.6 billion years old.",
];
// cosine([1, 0], [3, 4]) = 3/5 exactly (integer components, norm 5)
const embeddings = () => new FakeEmbeddings({ [sample.response]: [1, 0], [sample.reference]: [3, 4] });

function labels(response: Array<"TP" | "FP">, reference: Array<"covered" | "FN">) {
  return {
    response: response.map((label, i) => ({ statement: RESPONSE_STATEMENTS[i]!, reason: "r", label })),
    reference: reference.map((label, i) => ({ statement: REFERENCE_STATEMENTS[i]!, reason: "r", label })),
  };
}

function judge(classification: unknown, statements = [RESPONSE_STATEMENTS, REFERENCE_STATEMENTS]) {
  return new ScriptedLlm(
    {
      [STATEMENTS]: (prompt) => ({
        statements: prompt.input.includes("It is cold") ? statements[0] : statements[1],
      }),
      [CLASSIFY]: [classification],
    },
    { checkSchema: classification !== "unchecked" },
  );
}

describe("answer correctness formulas (current Ragas)", () => {
  it("factuality F-beta from TP/FP/FN, with current Ragas' empty-side rules", () => {
    expect(factualityScore({ tp: 2, fp: 1, fn: 1 }, 1)).toBeCloseTo(2 / 3, 15);
    // beta 2: p = 2/3, r = 1/2 -> 5·p·r / (4p + r)
    expect(factualityScore({ tp: 2, fp: 1, fn: 2 }, 2)).toBeCloseTo(
      (5 * (2 / 3) * 0.5) / (4 * (2 / 3) + 0.5),
      15,
    );
    expect(factualityScore({ tp: 3, fp: 0, fn: 0 }, 1)).toBe(1);
    expect(factualityScore({ tp: 0, fp: 3, fn: 3 }, 1)).toBe(0);
    expect(factualityScore({ tp: 0, fp: 0, fn: 0 }, 1)).toBe(1);
    expect(factualityScore({ tp: 0, fp: 0, fn: 2 }, 1)).toBe(0);
  });

  it("weights are divided by their sum", () => {
    expect(answerCorrectnessScore(2 / 3, 0.8, [0.75, 0.25])).toBeCloseTo(0.7, 15);
    expect(answerCorrectnessScore(2 / 3, 0.8, [3, 1])).toBeCloseTo(0.7, 15);
    expect(answerCorrectnessScore(0.5, 1, [1, 1])).toBe(0.75);
    expect(answerCorrectnessScore(0.5, 0.9, [1, 0])).toBe(0.5);
  });
});

describe("AnswerCorrectness", () => {
  it("TP 2, FP 1, FN 1 with similarity 0.6 and default weights gives 0.65", async () => {
    const llm = judge(labels(["TP", "TP", "FP"], ["covered", "covered", "FN"]));
    const metric = new AnswerCorrectness({ llm, embeddings: embeddings() });
    const result = await metric.score(sample);
    expect(result.status).toBe("ok");
    expect(result.value).toBeCloseTo(0.75 * (2 / 3) + 0.25 * 0.6, 12);
    expect(result.details).toMatchObject({
      responseStatements: RESPONSE_STATEMENTS,
      referenceStatements: REFERENCE_STATEMENTS,
      counts: { tp: 2, fp: 1, fn: 1 },
      similarity: 0.6,
      usage: { calls: 3 },
      promptVersions: { [STATEMENTS]: "1.4.0", [CLASSIFY]: "1.1.0" },
    });
    // The response's statements step is faithfulness' own prompt with the same input.
    expect(llm.callsFor(STATEMENTS)[0]!.prompt.input).toBe(
      `Question:\n${sample.userInput}\n\nAnswer:\n${sample.response}`,
    );
    expect(metric.config().options).toMatchObject({ weights: "0.75,0.25", beta: 1 });
  });

  it("the labels belong to the statements by position: the details show each statement as given, a blank copy counts", async () => {
    const copied = labels(["TP", "FP", "TP"], ["covered", "FN", "covered"]);
    copied.response[0]!.statement = "Fusion powers it."; // reworded
    copied.response[1]!.statement = " "; // blank: the grammar cannot forbid it
    copied.reference[2]!.reason = " \n "; // a blank reason reads as ""
    const result = await new AnswerCorrectness({ llm: judge(copied), embeddings: embeddings() }).score(
      sample,
    );
    expect(result.status).toBe("ok");
    expect(result.details).toMatchObject({ counts: { tp: 2, fp: 1, fn: 1 } });
    const classification = result.details!.classification as {
      response: Array<{ statement: string; label: string }>;
      reference: Array<{ statement: string; reason: string }>;
    };
    expect(classification.response.map((l) => l.statement)).toEqual(RESPONSE_STATEMENTS);
    expect(classification.response.map((l) => l.label)).toEqual(["TP", "FP", "TP"]);
    expect(classification.reference.map((l) => l.statement)).toEqual(REFERENCE_STATEMENTS);
    expect(classification.reference[2]!.reason).toBe("");
  });

  it("weights that do not sum to 1, beta 2, all-one and all-zero labels", async () => {
    const allTrue = labels(["TP", "TP", "TP"], ["covered", "covered", "covered"]);
    const r1 = await new AnswerCorrectness({
      llm: judge(allTrue),
      embeddings: embeddings(),
      weights: [2, 2],
    }).score(sample);
    expect(r1.value).toBeCloseTo((1 + 0.6) / 2, 12);
    const allFalse = labels(["FP", "FP", "FP"], ["FN", "FN", "FN"]);
    const r2 = await new AnswerCorrectness({ llm: judge(allFalse), weights: [1, 0] }).score(sample);
    expect(r2.value).toBe(0);
    const mixed = labels(["TP", "TP", "FP"], ["covered", "FN", "FN"]);
    const r3 = await new AnswerCorrectness({ llm: judge(mixed), weights: [1, 0], beta: 2 }).score(sample);
    // tp 2, fp 1 -> p = 2/3; the reference misses 2 -> fn 2, r = 1/2.
    expect(r3.value).toBeCloseTo((5 * (2 / 3) * 0.5) / (4 * (2 / 3) + 0.5), 12);
  });

  it("a side without statements: factuality 1 and no classification call (current Ragas)", async () => {
    const llm = judge(undefined, [[], REFERENCE_STATEMENTS]);
    const result = await new AnswerCorrectness({ llm, embeddings: embeddings() }).score(sample);
    expect(result.value).toBeCloseTo(0.75 + 0.25 * 0.6, 12);
    expect(llm.callsFor(CLASSIFY)).toHaveLength(0);
    expect(result.details).toMatchObject({ factuality: 1, responseStatements: [] });
    const bothEmpty = judge(undefined, [[], []]);
    expect((await new AnswerCorrectness({ llm: bothEmpty, weights: [1, 0] }).score(sample)).value).toBe(1);
  });

  it("a label count that does not match the statements is an error row", async () => {
    const short = { ...labels(["TP", "TP"], ["covered", "covered", "FN"]) };
    const llm = new ScriptedLlm(
      {
        [STATEMENTS]: (prompt) => ({
          statements: prompt.input.includes("It is cold") ? RESPONSE_STATEMENTS : REFERENCE_STATEMENTS,
        }),
        [CLASSIFY]: [short],
      },
      { checkSchema: false },
    );
    const result = await new AnswerCorrectness({ llm, weights: [1, 0] }).score(sample);
    expect(result).toMatchObject({ value: null, status: "error" });
    expect(result.error).toMatch(/expected exactly 3 labels, one per response statement/);
  });

  it("checks weights, beta and embeddings when built", () => {
    const llm = new ScriptedLlm({});
    expect(() => new AnswerCorrectness({ llm })).toThrow(/embeddings.*weights \[1, 0\]/);
    expect(() => new AnswerCorrectness({ llm, weights: [0, 0] })).toThrow(InvalidInputError);
    expect(() => new AnswerCorrectness({ llm, weights: [-1, 1], embeddings: embeddings() })).toThrow(
      /weights\[0\].*>=0/,
    );
    expect(() => new AnswerCorrectness({ llm, weights: [1, 0], beta: 0 })).toThrow(/beta/);
    expect(new AnswerCorrectness({ llm, weights: [1, 0] }).needsEmbeddings).toBe(false);
  });

  it("its options type, derived from the descriptor, keeps the embedder optional and takes constant weights", () => {
    // The descriptor declares the embedder as an option (weights [1, 0] need none), so the type must not require it.
    expectTypeOf<AnswerCorrectnessOptions>()
      .toHaveProperty("embeddings")
      .toEqualTypeOf<Embeddings | undefined>();
    const weights = [1, 0] as const;
    expectTypeOf({ llm: new ScriptedLlm({}), weights }).toExtend<AnswerCorrectnessOptions>();
    expect(new AnswerCorrectness({ llm: new ScriptedLlm({}), weights }).weights).toEqual([1, 0]);
  });
});
