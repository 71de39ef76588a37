// Verdicts with their probabilities (issue 14) on a scripted judge: the per-value probabilities of a slot from
// its read steps (chain rule), the slot tracker, argmax / expected scoring, confidences, reasons off, option checks.
import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../../src/errors.js";
import { AnswerRelevancy, ContextRelevance, Faithfulness } from "../../src/index.js";
import { SlotTracker, valueProbabilities } from "../../src/llm/slot-tracker.js";
import type { Llm } from "../../src/llm/types.js";
import { expectedAnswerRelevancy } from "../../src/metrics/answer-relevancy/score.js";
import { AspectCritic } from "../../src/metrics/aspect-critic/metric.js";
import { ContextPrecision } from "../../src/metrics/context-precision/metric.js";
import { ContextRecall } from "../../src/metrics/context-recall/metric.js";
import { faithfulnessDescriptor } from "../../src/metrics/faithfulness/descriptor.js";
import { AnswerAccuracy } from "../../src/metrics/nv-answer-accuracy/metric.js";
import { RubricsScore } from "../../src/metrics/rubrics/metric.js";
import { expectedValue } from "../../src/metrics/shared/judge/choice-verdicts.js";
import { verdictsSchema } from "../../src/metrics/shared/judge/statements/verdicts-prompt.js";
import { FakeEmbeddings } from "../support/fake-embeddings.js";
import { binarySlotRead, ScriptedLlm } from "../support/scripted-llm.js";
import {
  GEORGE_LUCAS_ANSWER,
  LUCAS_STATEMENTS,
  LUCAS_VERDICTS,
  PYTHON_CONTEXT,
  PYTHON_QUESTION,
} from "./seed-examples.js";

const STATEMENTS = "faithfulness/statements";
const VERDICTS = "faithfulness/verdicts";
const sample = {
  userInput: PYTHON_QUESTION,
  response: GEORGE_LUCAS_ANSWER,
  retrievedContexts: [PYTHON_CONTEXT],
};
const [S1, S2] = LUCAS_STATEMENTS.statements as [string, string];

const c = (text: string, probability: number, taken = false) => ({ text, probability, taken });

describe("valueProbabilities (chain rule over a slot's read steps)", () => {
  it("single-token values: normalised over the tokens that write a value; whitespace lowers the mass", () => {
    const r = valueProbabilities(
      ["0", "1"],
      [{ partial: "", candidates: [c("1", 0.6, true), c("0", 0.2), c(" ", 0.1), c(" 0", 0.1)] }],
    );
    expect(r.probabilities["1"]).toBeCloseTo(0.6 / 0.9, 12);
    expect(r.probabilities["0"]).toBeCloseTo(0.3 / 0.9, 12);
    expect(r.mass).toBeCloseTo(0.9, 12);
    expect(r.approximate).toBe(false);
  });

  it('multi-token values: "1" then "0" on a 1/2/10 scale splits P("1…") by the next step', () => {
    const values = ["1", "2", "10"];
    const r = valueProbabilities(values, [
      { partial: "", candidates: [c("1", 0.8, true), c("2", 0.2)] },
      { partial: "1", candidates: [c("0", 0.75, true), c("}", 0.25)] },
    ]);
    expect(r.probabilities["10"]).toBeCloseTo(0.6, 12);
    expect(r.probabilities["1"]).toBeCloseTo(0.2, 12);
    expect(r.probabilities["2"]).toBeCloseTo(0.2, 12);
    expect(r.approximate).toBe(false);
    // A token not written that starts two values is split between them, and the result says so.
    const approx = valueProbabilities(values, [
      { partial: "", candidates: [c("2", 0.6, true), c("1", 0.4)] },
    ]);
    expect(approx.probabilities["1"]).toBeCloseTo(0.2, 12);
    expect(approx.probabilities["10"]).toBeCloseTo(0.2, 12);
    expect(approx.approximate).toBe(true);
  });

  it("string values: a lone quote passes to the next step, where the grammar decides", () => {
    const r = valueProbabilities(
      ['"yes"', '"no"'],
      [
        { partial: "", candidates: [c('"', 1, true)] },
        { partial: '"', candidates: [c("no", 0.3, true), c("yes", 0.7)] },
      ],
    );
    expect(r.probabilities['"yes"']).toBeCloseTo(0.7, 12);
    expect(r.probabilities['"no"']).toBeCloseTo(0.3, 12);
  });
});

describe("SlotTracker", () => {
  it("reads at slots outside strings, conditions on the whitespace written, and closes the value", () => {
    const tracker = new SlotTracker([{ key: "verdict", values: ["0", "1"] }]);
    // A string that holds the key (escaped) is no slot; the real slot's value comes after a space token.
    const pieces = ['{"s":"', '\\"verdict\\": ', '1",', '"verdict":', " ", "1", "}"];
    let text = "";
    let read = false;
    const reads: boolean[] = [];
    for (const piece of pieces) {
      if (read) tracker.record(text, [c(piece, 0.7, true), c(piece === " " ? "1" : "0", 0.3)]);
      text += piece;
      read = tracker.wantsRead(text);
      reads.push(read);
    }
    expect(reads).toEqual([false, false, false, true, true, false, false]);
    const [slot, ...rest] = tracker.finish(text);
    expect(rest).toEqual([]);
    expect(slot).toMatchObject({ key: "verdict", written: "1", approximate: false });
    // The read that chose the space was replaced by the one that chose "1": P(1) = 0.7.
    expect(slot!.probabilities["1"]).toBeCloseTo(0.7, 12);
  });

  it("reads a quoted label that holds spaces to its closing quote", () => {
    const values = ['"in order"', '"two swapped"'];
    const tracker = new SlotTracker([{ key: "verdict", values }]);
    const pieces = ['{"verdict":', '"two', " sw", 'apped"', "}"];
    const steps = [[c('"two', 0.6, true), c('"in', 0.4)], [c(" sw", 1, true)], [c('apped"', 1, true)]];
    let text = "";
    let read = false;
    const reads: boolean[] = [];
    for (const piece of pieces) {
      if (read) tracker.record(text, steps.shift()!);
      text += piece;
      read = tracker.wantsRead(text);
      reads.push(read);
    }
    expect(reads).toEqual([true, true, true, false, false]);
    const [slot] = tracker.finish(text);
    expect(slot).toMatchObject({ key: "verdict", written: '"two swapped"', approximate: false });
    expect(slot!.probabilities['"two swapped"']).toBeCloseTo(0.6, 12);
  });
});

describe("Faithfulness scoring, confidence and reasons", () => {
  // Raw P(0), P(1) at the two verdict slots: P(1) = 0.9 for the first statement and 0.2 for the second.
  const slotReads = {
    [VERDICTS]: [
      { "0": 0.05, "1": 0.45 },
      { "0": 0.4, "1": 0.1 },
    ],
  };

  it('scoring "expected" gives the exact probability-weighted score and records confidence and weight', async () => {
    const llm = new ScriptedLlm(
      { [STATEMENTS]: [LUCAS_STATEMENTS], [VERDICTS]: [LUCAS_VERDICTS] },
      { slotReads },
    );
    const result = await new Faithfulness({ llm, scoring: "expected" }).score(sample);
    expect(llm.callsFor(VERDICTS)[0]!.options?.choiceSlots).toEqual([{ key: "verdict", values: ["0", "1"] }]);
    expect(result.value).toBeCloseTo((0.9 + 0.2) / 2, 12);
    const verdicts = (result.details as { verdicts: Array<Record<string, unknown>> }).verdicts;
    expect(verdicts.map((v) => v.verdict)).toEqual([1, 0]);
    expect(verdicts[0]!.confidence).toBeCloseTo(0.9, 12);
    expect(verdicts[1]!.confidence).toBeCloseTo(0.8, 12);
    expect(verdicts[1]!.weight).toBeCloseTo(0.2, 12);
    expect(Object.keys(verdicts[0]!)).toEqual(["statement", "reason", "verdict", "confidence", "weight"]);
  });

  it('"argmax" with confidence keeps the written verdicts and score; the default reads nothing', async () => {
    const withConfidence = new ScriptedLlm(
      { [STATEMENTS]: [LUCAS_STATEMENTS], [VERDICTS]: [LUCAS_VERDICTS] },
      { slotReads },
    );
    const result = await new Faithfulness({ llm: withConfidence, confidence: true }).score(sample);
    expect(result.value).toBe(0.5);
    const verdicts = (result.details as { verdicts: Array<Record<string, unknown>> }).verdicts;
    expect(verdicts[1]).toMatchObject({ verdict: 0, reason: LUCAS_VERDICTS.verdicts[1]!.reason });
    expect(verdicts[1]!.confidence).toBeCloseTo(0.8, 12);
    expect(verdicts[1]).not.toHaveProperty("weight");

    const plain = new ScriptedLlm({ [STATEMENTS]: [LUCAS_STATEMENTS], [VERDICTS]: [LUCAS_VERDICTS] });
    const byDefault = await new Faithfulness({ llm: plain }).score(sample);
    expect(plain.callsFor(VERDICTS)[0]!.options).not.toHaveProperty("choiceSlots");
    expect((byDefault.details as { verdicts: unknown[] }).verdicts).toEqual(LUCAS_VERDICTS.verdicts);
  });

  it("reads that do not match the written verdicts are a JudgeOutputError", async () => {
    const scripted = new ScriptedLlm({
      [STATEMENTS]: [LUCAS_STATEMENTS, LUCAS_STATEMENTS],
      [VERDICTS]: [LUCAS_VERDICTS, LUCAS_VERDICTS],
    });
    const llm: Llm = {
      id: "wrong-reads",
      readsChoiceSlots: true,
      provenance: () => scripted.provenance(),
      generateObject: async (prompt, schema, options) => {
        const result = await scripted.generateObject(prompt, schema, options);
        if (options?.choiceSlots === undefined) return result;
        const one = binarySlotRead("verdict", "1", 1);
        return { ...result, slots: [one, one] };
      },
    };
    const result = await new Faithfulness({ llm, confidence: true }).score(sample);
    expect(result.status).toBe("error");
    expect(result.error).toMatch(/do not match the verdicts written \(1, 0\)/);
  });

  it("reasons off: the schema has no reason field and still validates; the prompt version says so", async () => {
    const schema = verdictsSchema(2, false);
    expect(
      schema.safeParse({
        verdicts: [
          { statement: S1, verdict: 1 },
          { statement: S2, verdict: 0 },
        ],
      }).success,
    ).toBe(true);
    const llm = new ScriptedLlm({
      [STATEMENTS]: [LUCAS_STATEMENTS],
      [VERDICTS]: [
        {
          verdicts: [
            { statement: S1, verdict: 1 },
            { statement: S2, verdict: 0 },
          ],
        },
      ],
    });
    const metric = new Faithfulness({ llm, reasons: false });
    const result = await metric.score(sample);
    expect(result.value).toBe(0.5);
    const call = llm.callsFor(VERDICTS)[0]!;
    expect(call.prompt.system).not.toContain("reason");
    expect(call.prompt.examples.every((e) => !e.output.includes('"reason"'))).toBe(true);
    expect(metric.config().promptVersions[VERDICTS]).toMatch(/\+noreasons$/);
    expect(metric.config().options).toMatchObject({ reasons: false });
  });
  it("defaults keep today's config; greedy is argmax; expected and confidence enter the config; judges are checked", () => {
    const plain = new ScriptedLlm({});
    const today = { temperature: 0, maxTokens: null };
    expect(new Faithfulness({ llm: plain }).config().options).toEqual(today);
    expect(new Faithfulness({ llm: plain, scoring: "greedy" }).config().options).toEqual(today);
    expect(new Faithfulness({ llm: plain, scoring: "argmax" }).config().options).toEqual(today);
    const reading = new ScriptedLlm({}, { slotReads: {} });
    expect(new Faithfulness({ llm: reading, scoring: "expected" }).config().options).toEqual({
      ...today,
      scoring: "expected",
    });
    expect(new Faithfulness({ llm: reading, confidence: true }).config().options).toEqual({
      ...today,
      confidence: true,
    });
    expect(() => new Faithfulness({ llm: plain, scoring: "expected" })).toThrow(InvalidInputError);
    expect(() => new Faithfulness({ llm: plain, confidence: true })).toThrow(/confidence: true reads/);
    expect(() => new Faithfulness({ llm: plain, scoring: "sampled" as never })).toThrow(/scoring/);
    expect(faithfulnessDescriptor.options.shape.scoring.parse(undefined)).toBe("argmax");
    expect(faithfulnessDescriptor.options.shape.confidence.parse(undefined)).toBe(false);
    expect(faithfulnessDescriptor.options.shape.reasons.parse(undefined)).toBe(true);
    expect(expectedValue({ "1": 0.2, "2": 0.3, "3": 0.5 })).toBeCloseTo(2.3, 12);
  });
});

describe("ContextRelevance and AnswerRelevancy scoring", () => {
  const CR = "context_relevance/statements";
  const AR = "answer_relevancy/questions";

  it('context relevance "expected" averages each statement\'s probability of 1 exactly', async () => {
    const written = {
      statements: [
        { statement: "A", score: 1 },
        { statement: "B", score: 0 },
      ],
    };
    const llm = new ScriptedLlm(
      { [CR]: [written] },
      {
        slotReads: {
          [CR]: [
            { "0": 0.3, "1": 0.7 },
            { "0": 0.9, "1": 0.1 },
          ],
        },
      },
    );
    const result = await new ContextRelevance({ llm, scoring: "expected" }).score({
      userInput: "q",
      retrievedContexts: ["c"],
    });
    expect(result.value).toBeCloseTo((0.7 + 0.1) / 2, 12);
    expect(result.details).toMatchObject({ statementScores: [1, 0] });
    const d = result.details as { confidences: number[]; weights: number[] };
    expect(d.confidences[0]).toBeCloseTo(0.7, 12);
    expect(d.confidences[1]).toBeCloseTo(0.9, 12);
    expect(() => new ContextRelevance({ llm, confidence: true, mode: "relevant-statements" })).toThrow(
      /relevant-statements/,
    );
  });

  it('answer relevancy "expected" weights the mean similarity by P(not noncommittal); argmax keeps the written flags', async () => {
    const embeddings = () => new FakeEmbeddings({ "Where is it?": [1, 0], "Q1?": [1, 0], "Q2?": [0.6, 0.8] });
    const written = {
      questions: [
        { question: "Q1?", noncommittal: 1 },
        { question: "Q2?", noncommittal: 1 },
      ],
    };
    const probs = [
      { "0": 0.2, "1": 0.8 },
      { "0": 0.4, "1": 0.6 },
    ];
    const sample = { userInput: "Where is it?", response: "Somewhere." };
    const run = (scoring: "argmax" | "expected") =>
      new AnswerRelevancy({
        llm: new ScriptedLlm({ [AR]: [written] }, { slotReads: { [AR]: probs } }),
        embeddings: embeddings(),
        strictness: 2,
        scoring,
      }).score(sample);
    const expected = await run("expected");
    // mean similarity 0.8; "all" mode: noncommittal with probability 0.8 × 0.6 = 0.48.
    const mean = (expected.details as { meanSimilarity: number }).meanSimilarity;
    expect(mean).toBeCloseTo(0.8, 6);
    expect(expected.value).toBeCloseTo(mean * (1 - 0.48), 12);
    expect(expected.details).toMatchObject({ noncommittal: true });
    const argmax = await run("argmax");
    expect(argmax.value).toBe(0);
    expect(expectedAnswerRelevancy([0.8, 0.6], [0.5, 0.5], "any").noncommittal).toBeCloseTo(0.75, 12);
  });
});

describe("scoring on the other small-choice verdicts (one shared mechanism)", () => {
  const judgeWith = (answers: Record<string, unknown[]>, reads: Record<string, Record<string, number>[]>) =>
    new ScriptedLlm(answers, { slotReads: reads });

  it("context precision: expected is average precision over P(useful); argmax keeps the written verdicts", async () => {
    const CP = "context_precision/verdict";
    const answers = {
      [CP]: [
        { reason: "a", verdict: 1 },
        { reason: "b", verdict: 0 },
      ],
    };
    const reads = {
      [CP]: [
        { "0": 0.2, "1": 0.8 },
        { "0": 0.6, "1": 0.4 },
      ],
    };
    const row = { userInput: "q", reference: "r", retrievedContexts: ["c1", "c2"] };
    const expected = await new ContextPrecision({
      llm: judgeWith(answers, reads),
      scoring: "expected",
    }).score(row);
    // precision@1 × 0.8 + precision@2 × 0.4, with precision@2 = (0.8 + 0.4) / 2; over 0.8 + 0.4 + 1e-10.
    expect(expected.value).toBeCloseTo((0.8 * 0.8 + 0.6 * 0.4) / (1.2 + 1e-10), 12);
    const verdicts = (expected.details as { verdicts: Array<Record<string, number>> }).verdicts;
    expect(verdicts[1]).toMatchObject({ verdict: 0 });
    expect(verdicts[1]!.confidence).toBeCloseTo(0.6, 12);
    const argmax = await new ContextPrecision({ llm: judgeWith(answers, reads), confidence: true }).score(
      row,
    );
    expect(argmax.value).toBeCloseTo(1 / (1 + 1e-10), 12);
  });

  it("context recall: expected is the mean P(attributed)", async () => {
    const answers = {
      [STATEMENTS]: [LUCAS_STATEMENTS],
      [VERDICTS]: [LUCAS_VERDICTS],
    };
    const reads = {
      [VERDICTS]: [
        { "0": 0.3, "1": 0.7 },
        { "0": 0.9, "1": 0.1 },
      ],
    };
    const row = { userInput: "q", reference: GEORGE_LUCAS_ANSWER, retrievedContexts: ["c"] };
    const result = await new ContextRecall({ llm: judgeWith(answers, reads), scoring: "expected" }).score(
      row,
    );
    expect(result.value).toBeCloseTo((0.7 + 0.1) / 2, 12);
    expect(new ContextRecall({ llm: judgeWith({}, {}), scoring: "expected" }).config().options).toMatchObject(
      {
        scoring: "expected",
      },
    );
  });

  it("aspect critic: expected is P(1); rubrics: the expected level; nv: expected ratings", async () => {
    const aspect = await new AspectCritic({
      llm: judgeWith(
        { "aspect_critic/polite": [{ reason: "ok", verdict: 1 }] },
        { "aspect_critic/polite": [{ "0": 0.25, "1": 0.75 }] },
      ),
      name: "polite",
      definition: "Is the response polite?",
      scoring: "expected",
    }).score({ userInput: "q", response: "r" });
    expect(aspect.value).toBeCloseTo(0.75, 12);
    expect((aspect.details as { votes: Array<Record<string, number>> }).votes[0]!.confidence).toBeCloseTo(
      0.75,
      12,
    );

    const RS = "rubrics_score/score";
    const rubric = await new RubricsScore({
      llm: judgeWith(
        { [RS]: [{ feedback: "fine", score: 4 }] },
        { [RS]: [{ "1": 0, "2": 0, "3": 0.2, "4": 0.6, "5": 0.2 }] },
      ),
      scoring: "expected",
    }).score({ userInput: "q", response: "r" });
    expect(rubric.value).toBeCloseTo(4, 12);
    expect(rubric.details).toMatchObject({ score: 4 });
    expect((rubric.details as { confidence: number }).confidence).toBeCloseTo(0.6, 12);

    const nv = await new AnswerAccuracy({
      llm: judgeWith(
        { "nv_accuracy/rating_1": [{ rating: 4 }], "nv_accuracy/rating_2": [{ rating: 2 }] },
        {
          "nv_accuracy/rating_1": [{ "0": 0, "2": 0.5, "4": 0.5 }],
          "nv_accuracy/rating_2": [{ "0": 0.5, "2": 0.5 }],
        },
      ),
      scoring: "expected",
    }).score({ userInput: "q", response: "r", reference: "f" });
    // Expected ratings 3 and 1 out of 4: (3/4 + 1/4) / 2.
    expect(nv.value).toBeCloseTo(0.5, 12);
    expect(nv.details).toMatchObject({ ratings: [4, 2], expectedRatings: [3, 1] });
  });
});
