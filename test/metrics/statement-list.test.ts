// The statement lists judges write (faithfulness' statements, shared by context recall, noise sensitivity, answer
// correctness and DeepEval's claims; factual correctness' claims; contextual relevancy's statements) are bounded in
// the grammar: at most one statement per word of the text (at most MAX_STATEMENTS), each at most MAX_STATEMENT_CHARS
// characters. SmolLM2-135M-Instruct repeated one statement until it was cut off at 2,048 tokens on real rows.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  AnswerRelevancyMetric,
  ContextPrecision,
  ContextRecall,
  ContextualRelevancyMetric,
  FactualCorrectness,
  Faithfulness,
  FaithfulnessMetric,
  NoiseSensitivity,
} from "../../src/index.js";
import type { Llm } from "../../src/llm/types.js";
import {
  MAX_STATEMENTS,
  maxStatements,
  statementListSchema,
} from "../../src/metrics/shared/judge/statements/statement-list.js";
import {
  judgeLooseText,
  judgeReason,
  judgeTextList,
  judgeTextOfAtMost,
  listReasonChars,
  MAX_REASON_CHARS,
  MAX_STATEMENT_CHARS,
  writtenReason,
} from "../../src/metrics/shared/judge/text-schema.js";
import type { Metric, Sample } from "../../src/metrics/types.js";
import { RepeatingJudge } from "../support/repeating-judge.js";
import { ScriptedLlm } from "../support/scripted-llm.js";

const sample: Sample = {
  userInput: "Who painted the ceiling of the Sistine Chapel?",
  response: "Michelangelo painted it between 1508 and 1512.",
  retrievedContexts: ["Michelangelo painted the Sistine Chapel ceiling from 1508 to 1512."],
  reference: "Michelangelo painted the ceiling.",
};

describe("maxStatements", () => {
  it("counts the text's words, at least 1 and at most MAX_STATEMENTS", () => {
    expect(maxStatements("Arthur's Magazine")).toBe(2);
    expect(maxStatements("Michelangelo painted it between 1508 and 1512.")).toBe(7);
    expect(maxStatements("")).toBe(1);
    expect(maxStatements("  ...  ")).toBe(1);
    expect(maxStatements("word ".repeat(10_000))).toBe(MAX_STATEMENTS);
  });

  it("counts the words of a text written without spaces", () => {
    expect(maxStatements("巴黎是法国的首都。")).toBeGreaterThan(1);
  });
});

describe("statementListSchema", () => {
  it("becomes maxItems and maxLength in the JSON schema the grammar is made from", () => {
    const json = z.toJSONSchema(
      statementListSchema("claims", "Paris is the capital of France."),
    ) as unknown as {
      properties: { claims: { maxItems: number; items: { maxLength: number; minLength: number } } };
    };
    expect(json.properties.claims).toMatchObject({
      maxItems: 6,
      items: { minLength: 1, maxLength: MAX_STATEMENT_CHARS },
    });
  });

  it("a longer list or a longer statement is a schema failure, as a grammar never lets a judge write it", () => {
    const schema = statementListSchema("statements", "Paris is big.");
    expect(schema.safeParse({ statements: ["a", "b", "c"] }).success).toBe(true);
    expect(schema.safeParse({ statements: ["a", "b", "c", "d"] }).success).toBe(false);
    expect(schema.safeParse({ statements: ["x".repeat(MAX_STATEMENT_CHARS + 1)] }).success).toBe(false);
  });
});

describe("judgeTextList", () => {
  it("drops an item of only whitespace (the grammar cannot forbid it) and keeps the grammar's bounds", () => {
    const schema = z.object({ truths: judgeTextList(MAX_STATEMENT_CHARS).max(3) });
    expect(schema.parse({ truths: ["Paris is in France.", " \n\t", "It is big."] })).toEqual({
      truths: ["Paris is in France.", "It is big."],
    });
    // The same JSON schema on both sides: the grammar's bounds, and the cache key's schema.
    for (const io of ["input", "output"] as const) {
      expect(z.toJSONSchema(schema, { io })).toMatchObject({
        properties: { truths: { maxItems: 3, items: { minLength: 1, maxLength: MAX_STATEMENT_CHARS } } },
      });
    }
    expect(schema.safeParse({ truths: [""] }).success).toBe(false);
    expect(schema.safeParse({ truths: ["x".repeat(MAX_STATEMENT_CHARS + 1)] }).success).toBe(false);
    expect(schema.safeParse({ truths: ["a", "b", "c", "d"] }).success).toBe(false);
  });

  it("counts characters as the grammar does, in code points: an emoji is one", () => {
    // llama.cpp's grammar counts code points; JavaScript's length counts "😀" as 2, so zod's own max would refuse
    // what the grammar let the judge write.
    for (const schema of [judgeTextOfAtMost(3), judgeTextList(3).element]) {
      expect(schema.safeParse("😀😀😀").success).toBe(true);
      expect(schema.safeParse("😀😀😀😀").success).toBe(false);
      expect(z.toJSONSchema(schema)).toMatchObject({ type: "string", minLength: 1, maxLength: 3 });
    }
  });

  it("a minimum counts the items kept: steps that are all blank are a schema failure", () => {
    const steps = judgeTextList(MAX_STATEMENT_CHARS).min(1);
    expect(steps.safeParse([" "]).success).toBe(false);
    expect(steps.parse([" ", "Check the answer."])).toEqual(["Check the answer."]);
  });
});

describe("judgeReason and judgeLooseText", () => {
  it("keep a text of only whitespace (a reason, a copy the score does not read) where judgeText refuses it", () => {
    expect(judgeLooseText(MAX_STATEMENT_CHARS).parse(" \n\t")).toBe(" \n\t");
    // A blank reason reads as "", so no report shows a wall of blank lines, and writtenReason tells it from a real one.
    for (const schema of [judgeReason(), judgeReason(80)]) expect(schema.parse(" \n\t")).toBe("");
    expect(judgeReason().parse(" It holds. ")).toBe(" It holds. ");
    expect(judgeLooseText(MAX_STATEMENT_CHARS).safeParse("").success).toBe(false);
    // The grammar forbids an empty reason (minLength 1); the check accepts "", what a blank one reads as, so an answer
    // checked twice (by the judge, then by the metric) stays valid.
    expect(judgeReason().parse(judgeReason().parse(" "))).toBe("");
    expect([writtenReason(""), writtenReason(" "), writtenReason(undefined), writtenReason("ok")]).toEqual([
      undefined,
      undefined,
      undefined,
      "ok",
    ]);
    expect(judgeTextOfAtMost(MAX_REASON_CHARS).safeParse(" \n\t").success).toBe(false);
    expect(judgeReason(80).safeParse("x".repeat(81)).success).toBe(false);
    // The grammar's bounds are the same as a real text's: at least one character, at most the bound.
    expect(z.toJSONSchema(judgeReason())).toEqual({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "string",
      minLength: 1,
      maxLength: MAX_REASON_CHARS,
    });
  });
});

describe("a judge that repeats itself as far as the grammar lets it still gives a score", () => {
  const metrics: Array<[string, (llm: RepeatingJudge) => Metric]> = [
    ["faithfulness", (llm) => new Faithfulness({ llm })],
    ["context_recall", (llm) => new ContextRecall({ llm })],
    ["noise_sensitivity", (llm) => new NoiseSensitivity({ llm })],
    ["factual_correctness", (llm) => new FactualCorrectness({ llm })],
    ["deepeval_faithfulness", (llm) => new FaithfulnessMetric({ llm, truthsExtractionLimit: 3 })],
    ["deepeval_contextual_relevancy", (llm) => new ContextualRelevancyMetric({ llm })],
    // Verdicts with one reason each, bounded too: SmolLM2 ran context precision's reason on to 2,048 tokens.
    ["context_precision", (llm) => new ContextPrecision({ llm })],
    ["deepeval_answer_relevancy", (llm) => new AnswerRelevancyMetric({ llm })],
  ];

  for (const [name, make] of metrics) {
    it(`${name}: every answer closes within the retry's budget`, async () => {
      // Without the bounds the statement list (and the verdicts' reasons) run on to the budget: a JudgeOutputError.
      const llm = new RepeatingJudge(2048);
      const result = await make(llm).score(sample);
      expect(result.error).toBeUndefined();
      expect(result.value).toEqual(expect.any(Number));
      expect(llm.generated.length).toBeGreaterThan(0);
      expect(Math.max(...llm.generated)).toBeLessThanOrEqual(2048);
    });
  }

  it("faithfulness lists at most one statement per word of the response, each at most MAX_STATEMENT_CHARS", async () => {
    const result = await new Faithfulness({ llm: new RepeatingJudge() }).score(sample);
    const statements = (result.details as { statements: string[] }).statements;
    expect(statements).toHaveLength(7);
    for (const s of statements) expect(s.length).toBeLessThanOrEqual(MAX_STATEMENT_CHARS);
  });
});

describe("a long list of verdicts still fits the call's budget", () => {
  it("32 statements: each reason shorter, each copy no longer than the statements, so a repeating judge closes the answer", async () => {
    // 32 statements of a realistic length, and a judge that writes every verdict's copy and reason to its bound.
    const statements = Array.from(
      { length: 32 },
      (_, i) => `Statement ${i + 1} says one plain fact about the painting.`,
    );
    const scripted = new ScriptedLlm({ "faithfulness/statements": [{ statements }] });
    const repeating = new RepeatingJudge(2048);
    const judge: Llm = {
      id: "statements-then-repeating",
      provenance: () => repeating.provenance(),
      generateObject: (prompt, schema, options) =>
        prompt.name === "faithfulness/statements"
          ? scripted.generateObject(prompt, schema, options)
          : repeating.generateObject(prompt, schema, options),
    };
    const long = { ...sample, response: `${"word ".repeat(40)}end.` };
    const result = await new Faithfulness({ llm: judge }).score(long);
    expect(result.error).toBeUndefined();
    expect(result.value).toEqual(expect.any(Number));
    expect((result.details as { verdicts: unknown[] }).verdicts).toHaveLength(32);
    expect(repeating.generated).toHaveLength(1);
    expect(repeating.generated[0]).toBeLessThanOrEqual(2048);
  });

  it("each reason's bound shares a list's budget: 400 characters for a few items, 80 at least for many", () => {
    expect(listReasonChars(1)).toBe(MAX_REASON_CHARS);
    expect(listReasonChars(6)).toBe(MAX_REASON_CHARS);
    expect(listReasonChars(12)).toBe(200);
    expect(listReasonChars(32)).toBe(80);
    expect(listReasonChars(1000)).toBe(80);
  });
});

describe("the bound follows the text the statements come from", () => {
  it("faithfulness bounds the response's list by the response, context recall the reference's by the reference", async () => {
    const answers = { "faithfulness/statements": () => ({ statements: ["Michelangelo painted it."] }) };
    const verdicts = {
      "faithfulness/verdicts": () => ({
        verdicts: [{ statement: "Michelangelo painted it.", reason: "The context says so.", verdict: 1 }],
      }),
    };
    const llm = new ScriptedLlm({ ...answers, ...verdicts });
    await new Faithfulness({ llm }).score(sample);
    await new ContextRecall({ llm }).score(sample);
    const maxItems = llm
      .callsFor("faithfulness/statements")
      .map(
        (call) =>
          (z.toJSONSchema(call.schema) as unknown as { properties: { statements: { maxItems: number } } })
            .properties.statements.maxItems,
      );
    expect(maxItems).toEqual([7, 4]);
  });
});
