// Verdict probabilities on real GGUF judges (issue 14). The probabilities are read inside the grammar-constrained
// token loop, in the forward pass that writes each verdict, so the written verdict is the argmax: reading them must
// not change one token of the answer. This file checks that on every test model for every covered judge step, and
// that the written value is the most probable allowed value at its slot.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { Faithfulness } from "../src/index.js";
import type { LlamaCppLlm } from "../src/llm/llama-cpp-llm.js";
import { writeQuestions } from "../src/metrics/answer-relevancy/judge.js";
import { answerRelevancyPrompt } from "../src/metrics/answer-relevancy/prompt.js";
import { judgeAspect } from "../src/metrics/aspect-critic/judge.js";
import { aspectCriticPrompt } from "../src/metrics/aspect-critic/prompt.js";
import { judgeContextPrecision } from "../src/metrics/context-precision/judge.js";
import { judgeContextRelevance } from "../src/metrics/context-relevance/judge.js";
import { defaultContextRelevancePrompts } from "../src/metrics/context-relevance/prompt.js";
import { judgeAnswerAccuracy } from "../src/metrics/nv-answer-accuracy/judge.js";
import { judgeRubric } from "../src/metrics/rubrics/judge.js";
import { DEFAULT_RUBRIC_WITHOUT_REFERENCE, rubricsScorePrompt } from "../src/metrics/rubrics/prompt.js";
import { rubricLevels } from "../src/metrics/rubrics/score.js";
import {
  askJudgeForVerdicts,
  type VerdictReading,
  WRITTEN_VERDICTS,
} from "../src/metrics/shared/judge/choice-verdicts.js";
import { newUsage } from "../src/metrics/shared/judge/judge.js";
import { statementSteps } from "../src/metrics/shared/judge/statements/steps.js";
import { judgeVerdictList } from "../src/metrics/shared/judge/statements/verdicts.js";
import { faithfulnessVerdictsPrompt } from "../src/metrics/shared/judge/statements/verdicts-prompt.js";
import { judgeText } from "../src/metrics/shared/judge/text-schema.js";
import { ggufTestJudges, loadTestJudge } from "./support/gguf-judges.js";

const input = {
  contexts: ["Rome is the capital of Italy."],
  statements: ["Rome is the capital of Italy.", "Italy is in Asia.", "Paris is in France."],
};
const question = "What is the capital of Italy?";
const settings = { temperature: 0, maxTokens: undefined };
const READ: VerdictReading = { scoring: "expected", confidence: true };

/** The outcome of a judge step: its value, or the error text (both readings must fail alike). */
async function outcome<T>(run: () => Promise<T>): Promise<{ value?: T; error?: string }> {
  try {
    return { value: await run() };
  } catch (err) {
    return { error: String(err) };
  }
}

/** The verdicts with the read-only fields (confidence, weight) removed. */
function written<T extends object>(items: readonly T[]): unknown[] {
  return items.map((item) => {
    const { confidence: _c, weight: _w, ...rest } = item as Record<string, unknown>;
    return rest;
  });
}

/** A judge step run without reads (greedy, the default) and with them. */
async function bothWays<T>(run: (reading: VerdictReading) => Promise<T>): Promise<[T, T]> {
  return [await run(WRITTEN_VERDICTS), await run(READ)];
}

/** Each read verdict's confidence is the largest of its two probabilities (its weight is P(1)). */
function expectArgmax(verdict: number, confidence: number | undefined, weight: number | undefined): void {
  expect(confidence).toBeGreaterThanOrEqual(0.5);
  expect(weight).toBeCloseTo(verdict === 1 ? confidence! : 1 - confidence!, 12);
}

for (const [label, modelPath] of ggufTestJudges) {
  describe.skipIf(modelPath === undefined)(`verdict probabilities on ${label}: argmax equals greedy`, () => {
    let llm: LlamaCppLlm;
    beforeAll(async () => {
      llm = await loadTestJudge(modelPath!);
    });
    afterAll(async () => llm?.dispose());

    for (const reasons of [true, false]) {
      it(`faithfulness verdicts (reasons ${reasons}): same answer, verdict = most probable value`, async () => {
        const run = (reading: VerdictReading) =>
          judgeVerdictList(
            llm,
            faithfulnessVerdictsPrompt,
            input,
            { ...reading, reasons, prefill: false },
            settings,
            newUsage(),
            undefined,
          );
        const greedy = await run(WRITTEN_VERDICTS);
        const read = await run(READ);
        expect(written(read)).toEqual(greedy);
        expect(read).toHaveLength(input.statements.length);
        for (const v of read) expectArgmax(v.verdict, v.confidence, v.weight);
        expect(await run(READ)).toEqual(read);
      }, 120_000);
    }

    it("context relevance statement scores: same answer, score = most probable value", async () => {
      // The test models write an empty statement list for the metric's own schema, so the same prompt is asked
      // with exactly three statements (the grammar then has to write three scores).
      const template = defaultContextRelevancePrompts.statements;
      const schema = z.object({
        statements: z.array(z.object({ statement: judgeText(), score: z.literal([0, 1]) })).length(3),
      });
      const run = (reading: VerdictReading) =>
        askJudgeForVerdicts(
          {
            llm,
            template,
            input: { question, contexts: input.contexts },
            settings,
            usage: newUsage(),
            signal: undefined,
            schema,
          },
          { key: "score", values: ["0", "1"] },
          reading,
          (answer) => answer.statements.map((st) => st.score),
        );
      const greedy = await run(WRITTEN_VERDICTS);
      const read = await run(READ);
      expect(greedy.reads).toBeUndefined();
      expect(read.value).toEqual(greedy.value);
      read.value.statements.forEach((st, i) => {
        const r = read.reads![i]!;
        expectArgmax(st.score, r.confidence, r.probabilities["1"]);
      });
      // The metric itself on the same input: same statements and scores with and without reads.
      const metricRun = (reading: VerdictReading) =>
        judgeContextRelevance(
          llm,
          defaultContextRelevancePrompts,
          "statements",
          { question, contexts: input.contexts },
          "retrievedContexts",
          settings,
          undefined,
          reading,
        );
      const a = await metricRun(WRITTEN_VERDICTS);
      const b = await metricRun(READ);
      expect([b.statements, b.statementScores]).toEqual([a.statements, a.statementScores]);
    }, 120_000);

    it("answer relevancy noncommittal flags: same answer, flag = most probable value", async () => {
      const template = answerRelevancyPrompt(2);
      const run = (reading: VerdictReading) =>
        outcome(() => writeQuestions(llm, template, "Rome.", 2, settings, newUsage(), undefined, reading));
      const greedy = await run(WRITTEN_VERDICTS);
      const read = await run(READ);
      expect(read.error).toBe(greedy.error);
      expect(read.value?.questions).toEqual(greedy.value?.questions);
      read.value?.questions.forEach((q, i) => {
        const r = read.value!.reads![i]!;
        expectArgmax(q.noncommittal, r.confidence, r.probabilities["1"]);
      });
    }, 120_000);

    it("context precision, aspect critic, rubric score and NVIDIA ratings: same answers, confidences read", async () => {
      const usage = newUsage();
      const cp = (reading: VerdictReading) =>
        judgeContextPrecision(
          llm,
          { question, answer: "Rome.", contexts: input.contexts },
          settings,
          undefined,
          reading,
        );
      const [cpGreedy, cpRead] = await bothWays(cp);
      expect(written(cpRead.verdicts)).toEqual(cpGreedy.verdicts);
      for (const v of cpRead.verdicts) expectArgmax(v.verdict, v.confidence, v.weight);

      const template = aspectCriticPrompt("polite", "Is the response polite?");
      const aspect = (reading: VerdictReading) =>
        judgeAspect(
          llm,
          template,
          { user_input: question, response: "Rome." },
          settings,
          [0],
          undefined,
          reading,
        );
      const [aGreedy, aRead] = await bothWays(aspect);
      expect(written(aRead.votes)).toEqual(aGreedy.votes);
      for (const v of aRead.votes) expectArgmax(v.verdict, v.confidence, v.weight);

      const levels = rubricLevels(DEFAULT_RUBRIC_WITHOUT_REFERENCE, { field: "rubrics" });
      const rubric = (reading: VerdictReading) =>
        judgeRubric(
          llm,
          rubricsScorePrompt(levels),
          { user_input: question, response: "Rome." },
          levels,
          settings,
          undefined,
          reading,
        );
      const [rGreedy, rRead] = await bothWays(rubric);
      expect([rRead.feedback, rRead.score]).toEqual([rGreedy.feedback, rGreedy.score]);
      const probabilities = Object.values(rRead.read!.probabilities);
      expect(rRead.read!.confidence).toBe(Math.max(...probabilities));
      expect(probabilities.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);

      const nv = (reading: VerdictReading) =>
        judgeAnswerAccuracy(
          { ...statementSteps(llm, settings, undefined, reading), usage },
          { question, response: "Rome.", reference: "Rome is the capital." },
        );
      const [nGreedy, nRead] = await bothWays(nv);
      expect(nRead.written).toEqual(nGreedy.written);
      expect(nGreedy.confidences).toBeUndefined();
      for (const c of nRead.confidences!) expect(c).toBeGreaterThan(0);
    }, 180_000);

    it("Faithfulness with scoring expected scores the mean of P(1) and repeats exactly", async () => {
      const metric = new Faithfulness({ llm, scoring: "expected", reasons: false });
      const sample = { userInput: question, response: "Rome.", retrievedContexts: input.contexts };
      const result = await metric.score(sample);
      expect(result.status).toBe("ok");
      const verdicts = (result.details as { verdicts: Array<{ weight: number }> }).verdicts;
      if (verdicts.length > 0) {
        expect(result.value).toBeCloseTo(verdicts.reduce((s, v) => s + v.weight, 0) / verdicts.length, 12);
      }
      expect((await metric.score(sample)).value).toBe(result.value);
    }, 120_000);
  });
}
