import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Embeddings } from "../src/embeddings/types.js";
import { AnswerRelevancy } from "../src/index.js";
import type { LlamaCppLlm } from "../src/llm/llama-cpp-llm.js";
import { writeQuestions } from "../src/metrics/answer-relevancy/judge.js";
import {
  answerRelevancyPrompt,
  questionsPlan,
  questionsSchema,
} from "../src/metrics/answer-relevancy/prompt.js";
import { WRITTEN_VERDICTS } from "../src/metrics/shared/judge/choice-verdicts.js";
import { newUsage } from "../src/metrics/shared/judge/judge.js";
import { renderPrompt } from "../src/prompts/render.js";
import { tinyGgufPath } from "./setup/paths.js";
import { ggufTestJudges, loadTestJudge } from "./support/gguf-judges.js";
import { expectPrefillEqualsTokenByToken, usePlanJudge } from "./support/plan-equivalence.js";
import { stubLlm, stubPlanLlm } from "./support/stub-models.js";

/** Letter counts as a vector: any text embeds, deterministically, so a real judge's questions can be scored. */
const letterEmbeddings: Embeddings = {
  id: "letter-counts",
  dimensions: 26,
  embed: async (texts) =>
    texts.map((t) => {
      const v = new Float32Array(26);
      for (const c of t.toLowerCase()) {
        const i = c.charCodeAt(0) - 97;
        if (i >= 0 && i < 26) v[i]! += 1;
      }
      v[0]! += 0.5; // never the zero vector
      return v;
    }),
  provenance: () => ({
    id: "letter-counts",
    kind: "embedding",
    runtime: { name: "test", version: "0" },
    settings: {},
  }),
};

describe("answer relevancy prefill: plan and option", () => {
  it("the plan fills into an answer of exactly `count` questions, one string and one flag slot each", () => {
    for (const count of [1, 3, 10]) {
      const plan = questionsPlan(count);
      const text = plan
        .map((p) => (p.kind === "text" ? p.text : p.kind === "string" ? '"Q?"' : "1"))
        .join("");
      const answer = questionsSchema(count).parse(JSON.parse(text));
      expect(answer.questions).toEqual(
        Array.from({ length: count }, () => ({ question: "Q?", noncommittal: 1 })),
      );
      expect(plan.filter((p) => p.kind === "string")).toHaveLength(count);
      expect(plan.filter((p) => p.kind === "choice")).toHaveLength(count);
      // Each question the judge writes into the plan has the schema's bound, so a planned answer always validates.
      const questionBound = (
        z.toJSONSchema(questionsSchema(count)) as unknown as {
          properties: { questions: { items: { properties: { question: { maxLength: number } } } } };
        }
      ).properties.questions.items.properties.question.maxLength;
      expect(questionBound).toBeGreaterThan(0);
      expect(plan.filter((p) => p.kind === "string").every((p) => p.maxLength === questionBound)).toBe(true);
    }
  });

  it("is checked when the metric is built and recorded in the config", () => {
    const embeddings = letterEmbeddings;
    expect(() => new AnswerRelevancy({ llm: stubLlm, embeddings, prefill: true })).toThrow(
      /AnswerRelevancy\.prefill/,
    );
    expect(
      () => new AnswerRelevancy({ llm: stubPlanLlm, embeddings, prefill: true, temperature: 0.3 }),
    ).toThrow(/temperature 0/);
    const on = new AnswerRelevancy({ llm: stubPlanLlm, embeddings, prefill: true }).config();
    expect(on.options).toMatchObject({ prefill: true });
    expect(new AnswerRelevancy({ llm: stubPlanLlm, embeddings }).config().options).not.toHaveProperty(
      "prefill",
    );
  });
});

for (const [label, modelPath] of ggufTestJudges) {
  describe.skipIf(modelPath === undefined)(`answer relevancy prefill on ${label}`, () => {
    let llm: LlamaCppLlm;
    beforeAll(async () => {
      llm = await loadTestJudge(modelPath!);
    });
    afterAll(async () => llm?.dispose());

    it("writes exactly `count` questions; read, each flag is the most probable value; unread, the same answer", async () => {
      const usage = newUsage();
      const run = (confidence: boolean) =>
        writeQuestions(
          llm,
          answerRelevancyPrompt(2),
          "Rome is the capital of Italy.",
          2,
          { temperature: 0, maxTokens: 120 },
          usage,
          undefined,
          { ...WRITTEN_VERDICTS, confidence, prefill: true },
        );
      const { questions, reads } = await run(true);
      expect(questions).toHaveLength(2);
      expect(reads).toHaveLength(2);
      for (const [i, q] of questions.entries()) {
        const read = reads![i]!;
        expect(read.choice).toBe(String(q.noncommittal));
        expect(read.confidence).toBeGreaterThanOrEqual(0.5);
        expect(read.probabilities["0"]! + read.probabilities["1"]!).toBeCloseTo(1, 12);
      }
      expect(await run(true)).toEqual({ questions, reads });
      // Without confidences the flags are written greedily, unread: the same questions and flags.
      expect(await run(false)).toEqual({ questions, reads: undefined });
    }, 120_000);

    it("the metric scores rows with prefill, repeats exactly, and keeps the default details", async () => {
      const metric = new AnswerRelevancy({ llm, embeddings: letterEmbeddings, prefill: true, strictness: 2 });
      const sample = {
        userInput: "What is the capital of Italy?",
        response: "Rome is the capital of Italy.",
      };
      const [row] = await metric.scoreBatch([sample]);
      expect(row!.status, row!.reason).toBe("ok");
      const details = row!.details as { questions: Array<Record<string, unknown>>; usage: { calls: number } };
      expect(details.questions).toHaveLength(2);
      // Flags unread by default: the details have the shape they have without prefill.
      expect(details.questions.every((q) => !("confidence" in q))).toBe(true);
      expect(details.usage.calls).toBe(1);
      expect(await metric.scoreBatch([sample])).toEqual([row]);
    }, 120_000);
  });
}

describe.skipIf(!tinyGgufPath)("answer relevancy prefill equals token-by-token feeding", () => {
  const judge = usePlanJudge(tinyGgufPath);
  it("same answer text and flags, probabilities within 1e-3", async () => {
    const prompt = renderPrompt(answerRelevancyPrompt(3), {
      response: "Rome is the capital of Italy.",
      count: 3,
    });
    const tokens = judge().model.tokenize(`${prompt.system}\n${prompt.input}\n`, false);
    const batched = await expectPrefillEqualsTokenByToken(judge(), tokens, questionsPlan(3));
    expect(questionsSchema(3).parse(JSON.parse(batched.text)).questions).toHaveLength(3);
  }, 120_000);
});
