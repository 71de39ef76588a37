// Verdicts read from token probabilities (issue 14) on a scripted judge: the forced prefixes, argmax and
// expected scoring, reasons off, and the option checks.
import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../../src/errors.js";
import { expectedAnswerRelevancy } from "../../src/metrics/answer-relevancy/score.js";
import { faithfulnessDescriptor } from "../../src/metrics/faithfulness/descriptor.js";
import { verdictsSchema } from "../../src/metrics/faithfulness/prompt.js";
import { AnswerRelevancy, ContextRelevance, Faithfulness } from "../../src/metrics/index.js";
import { argmaxChoice, expectedValue, listVerdictPrefix } from "../../src/metrics/shared/choice-verdicts.js";
import { FakeEmbeddings } from "../support/fake-embeddings.js";
import { ScriptedLlm } from "../support/scripted-llm.js";
import { LUCAS_STATEMENTS, LUCAS_VERDICTS, PYTHON_CONTEXT, PYTHON_QUESTION } from "./seed-examples.js";

const STATEMENTS = "faithfulness/statements";
const VERDICTS = "faithfulness/verdicts";
const sample = { userInput: PYTHON_QUESTION, response: "x", retrievedContexts: [PYTHON_CONTEXT] };
const [S1, S2] = LUCAS_STATEMENTS.statements as [string, string];

describe("listVerdictPrefix", () => {
  it("writes earlier items whole with their verdicts, then the slot's known fields", () => {
    const items = [{ statement: "A" }, { statement: 'B "q"' }];
    expect(listVerdictPrefix("verdicts", items, [], "verdict", 0)).toBe(
      '{"verdicts":[{"statement":"A","verdict":',
    );
    expect(listVerdictPrefix("verdicts", items, [1], "verdict", 1)).toBe(
      '{"verdicts":[{"statement":"A","verdict":1},{"statement":"B \\"q\\"","verdict":',
    );
    expect(listVerdictPrefix("scores", [{}], [], "score", 0)).toBe('{"scores":[{"score":');
  });

  it("argmax keeps the first of equals; expected weights numeric values", () => {
    expect(argmaxChoice(["0", "1"], { "0": 0.5, "1": 0.5 })).toBe("0");
    expect(argmaxChoice(["0", "1"], { "0": 0.4, "1": 0.6 })).toBe("1");
    expect(expectedValue({ "1": 0.2, "2": 0.3, "3": 0.5 })).toBeCloseTo(2.3, 12);
  });
});

describe("Faithfulness scoring and reasons", () => {
  // P(1) is 0.9 for the first statement and 0.2 for the second (raw values, normalised by the judge).
  const distribution = (_p: unknown, request: { prefix: string }) =>
    request.prefix.includes(S2) ? { "0": 0.4, "1": 0.1 } : { "0": 0.05, "1": 0.45 };

  it('scoring "expected" without reasons generates nothing in the verdict step and weights the score exactly', async () => {
    const llm = new ScriptedLlm(
      { [STATEMENTS]: [LUCAS_STATEMENTS] },
      { choices: { [VERDICTS]: distribution } },
    );
    const result = await new Faithfulness({ llm, scoring: "expected", reasons: false }).score(sample);
    expect(llm.callsFor(VERDICTS)).toHaveLength(0);
    expect(llm.choiceCalls.map((c) => c.request.prefix)).toEqual([
      `{"verdicts":[{"statement":${JSON.stringify(S1)},"verdict":`,
      `{"verdicts":[{"statement":${JSON.stringify(S1)},"verdict":1},{"statement":${JSON.stringify(S2)},"verdict":`,
    ]);
    expect(result.value).toBeCloseTo((0.9 + 0.2) / 2, 12);
    const verdicts = (result.details as { verdicts: Array<Record<string, unknown>> }).verdicts;
    expect(verdicts[0]).toMatchObject({ statement: S1, verdict: 1 });
    expect(verdicts[0]!.confidence).toBeCloseTo(0.9, 12);
    expect(verdicts[1]!.confidence).toBeCloseTo(0.8, 12);
    expect(verdicts[1]!.weight).toBeCloseTo(0.2, 12);
    expect(verdicts[0]).not.toHaveProperty("reason");
  });

  it('scoring "argmax" with reasons reads each verdict after the written statement and reason', async () => {
    const llm = new ScriptedLlm(
      { [STATEMENTS]: [LUCAS_STATEMENTS], [VERDICTS]: [LUCAS_VERDICTS] },
      { choices: { [VERDICTS]: distribution } },
    );
    const result = await new Faithfulness({ llm, scoring: "argmax" }).score(sample);
    expect(result.value).toBe(0.5);
    const first = LUCAS_VERDICTS.verdicts[0]!;
    expect(llm.choiceCalls[1]!.request.prefix).toBe(
      `{"verdicts":[${JSON.stringify(first)},{"statement":${JSON.stringify(S2)},"reason":${JSON.stringify(LUCAS_VERDICTS.verdicts[1]!.reason)},"verdict":`,
    );
    const details = result.details as { verdicts: Array<Record<string, unknown>>; usage: { calls: number } };
    expect(details.verdicts[1]).toMatchObject({ verdict: 0, reason: LUCAS_VERDICTS.verdicts[1]!.reason });
    expect(details.verdicts[1]!).not.toHaveProperty("weight");
    expect(details.usage.calls).toBe(4);
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

  it("defaults keep today's config; scoring enters config; a judge without scoreChoices is refused", () => {
    const plain = new ScriptedLlm({});
    expect(new Faithfulness({ llm: plain }).config().options).toEqual({ temperature: 0, maxTokens: null });
    const withChoices = new ScriptedLlm({}, { choices: {} });
    expect(new Faithfulness({ llm: withChoices, scoring: "expected" }).config().options).toMatchObject({
      scoring: "expected",
    });
    expect(() => new Faithfulness({ llm: plain, scoring: "argmax" })).toThrow(InvalidInputError);
    expect(() => new Faithfulness({ llm: plain, scoring: "sampled" as never })).toThrow(/scoring/);
    expect(faithfulnessDescriptor.options.shape.scoring.parse(undefined)).toBe("greedy");
    expect(faithfulnessDescriptor.options.shape.reasons.parse(undefined)).toBe(true);
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
        choices: {
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
    expect(llm.choiceCalls.map((c) => c.request.prefix)).toEqual([
      '{"statements":[{"statement":"A","score":',
      '{"statements":[{"statement":"A","score":1},{"statement":"B","score":',
    ]);
    expect(result.value).toBeCloseTo((0.7 + 0.1) / 2, 12);
    expect(result.details).toMatchObject({ statementScores: [1, 0] });
    const d = result.details as { confidences: number[]; weights: number[] };
    expect(d.confidences[0]).toBeCloseTo(0.7, 12);
    expect(d.confidences[1]).toBeCloseTo(0.9, 12);
    expect(() => new ContextRelevance({ llm, scoring: "argmax", mode: "relevant-statements" })).toThrow(
      /relevant-statements/,
    );
  });

  it('answer relevancy "expected" weights the mean similarity by P(not noncommittal); argmax flips a flag', async () => {
    const embeddings = () => new FakeEmbeddings({ "Where is it?": [1, 0], "Q1?": [1, 0], "Q2?": [0.6, 0.8] });
    const written = {
      questions: [
        { question: "Q1?", noncommittal: 0 },
        { question: "Q2?", noncommittal: 0 },
      ],
    };
    const probs = [
      { "0": 0.2, "1": 0.8 },
      { "0": 0.4, "1": 0.6 },
    ];
    const sample = { userInput: "Where is it?", response: "Somewhere." };
    const run = (scoring: "argmax" | "expected") =>
      new AnswerRelevancy({
        llm: new ScriptedLlm({ [AR]: [written] }, { choices: { [AR]: probs } }),
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
