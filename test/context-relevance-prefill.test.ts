import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ContextRelevance } from "../src/index.js";
import type { LlamaCppLlm } from "../src/llm/llama-cpp-llm.js";
import type { AnswerPart } from "../src/llm/types.js";
import { createMetric } from "../src/metrics/catalog.js";
import {
  contextRelevanceSentencesPrompt,
  contextRelevanceStatementsPrompt,
  maxContextStatements,
  relevantStatementsSchema,
  scoredStatementsSchema,
  statementChars,
} from "../src/metrics/context-relevance/prompt.js";
import { contextSentences, sentenceScorePlan } from "../src/metrics/context-relevance/sentences.js";
import { MAX_STATEMENT_CHARS } from "../src/metrics/shared/judge/text-schema.js";
import { renderPrompt } from "../src/prompts/render.js";
import { tinyGgufPath } from "./setup/paths.js";
import { ggufTestJudges, loadTestJudge } from "./support/gguf-judges.js";
import { expectPrefillEqualsTokenByToken, usePlanJudge } from "./support/plan-equivalence.js";
import { stubLlm, stubPlanLlm } from "./support/stub-models.js";

const contexts = [
  "Mount Everest is in Nepal. It rises 8,849 metres above sea level.",
  'Everest was first climbed in 1953. The climbers called it "the top of the world".',
];
const sentences = [
  "Mount Everest is in Nepal.",
  "It rises 8,849 metres above sea level.",
  "Everest was first climbed in 1953.",
  'The climbers called it "the top of the world".',
];
const sample = { userInput: "How tall is Mount Everest?", retrievedContexts: contexts };

/** The plan's text with every choice written as `value`. */
function filled(plan: readonly AnswerPart[], value: string): string {
  return plan.map((p) => (p.kind === "text" ? p.text : p.kind === "choice" ? value : '"r"')).join("");
}

describe("context relevance prefill: sentences, plan and prompt", () => {
  it("the statements are the contexts' sentences, trimmed, in order", () => {
    expect(contextSentences(contexts)).toEqual(sentences);
    expect(contextSentences(["  One.  Two?\n\nThree!  ", " "])).toEqual(["One.", "Two?", "Three!"]);
    expect(contextSentences([])).toEqual([]);
  });

  it("list markers, abbreviations and initials stay with their sentence", () => {
    expect(
      contextSentences([
        "Mr. Smith agrees. 1. First item.\n2. Second item. It opens at 5 p.m. on Jan. 3. J. Doe wrote it. One. Two?",
      ]),
    ).toEqual([
      "Mr. Smith agrees.",
      "1. First item.",
      "2. Second item.",
      "It opens at 5 p.m. on Jan. 3.",
      "J. Doe wrote it.",
      "One.",
      "Two?",
    ]);
  });

  it("a context of megabytes is split into sentences in linear time, the same as window by window", () => {
    const sentence = (i: number) => `Sentence number ${i} says something about topic ${i % 97}.`;
    const big = Array.from({ length: 40_000 }, (_, i) => sentence(i)).join(" ");
    const sentences = contextSentences([big]);
    expect(sentences).toHaveLength(40_000);
    expect(sentences.every((s, i) => s === sentence(i))).toBe(true);
    // One sentence longer than the segmenting window stays whole.
    const long = `${"word ".repeat(5_000)}end.`;
    expect(contextSentences([`${long} Next.`])).toEqual([long, "Next."]);
  }, 30_000);

  it("the plan fills into an answer the statements schema accepts, one score slot per sentence", () => {
    const plan = sentenceScorePlan(sentences);
    const answer = contextRelevanceStatementsPrompt.outputSchema.parse(JSON.parse(filled(plan, "1")));
    expect(answer.statements).toEqual(sentences.map((statement) => ({ statement, score: 1 })));
    expect(plan.filter((p) => p.kind === "choice")).toHaveLength(sentences.length);
    expect(plan.some((p) => p.kind === "string")).toBe(false);
  });

  it("a statement is bounded by the contexts' longest sentence, so a planned long sentence validates", () => {
    const long = `The report ${"covers one more quarter and ".repeat(20)}ends here.`;
    const parts = contextSentences([`${long} It is short.`]);
    expect(parts).toEqual([long, "It is short."]);
    const planned = JSON.parse(filled(sentenceScorePlan(parts), "0"));
    expect(long.length).toBeGreaterThan(MAX_STATEMENT_CHARS);
    expect(statementChars(parts)).toBe(long.length + 20);
    expect(scoredStatementsSchema(parts).safeParse(planned).success).toBe(true);
    expect(scoredStatementsSchema().safeParse(planned).success).toBe(false);
    // Short sentences keep a statement's bound, so a judge may still write a statement a little longer than them.
    expect(statementChars(["Short."])).toBe(MAX_STATEMENT_CHARS);
    expect(
      relevantStatementsSchema(["Short."]).safeParse({
        relevantStatements: ["x".repeat(MAX_STATEMENT_CHARS + 1)],
      }).success,
    ).toBe(false);
  });

  it("the statements are counted: at most three per sentence of the contexts, in the grammar and the check", () => {
    const two = ["Paris is in France.", "It is big."];
    expect(maxContextStatements(two)).toBe(6);
    expect(maxContextStatements([])).toBe(1);
    const scored = (n: number) => ({
      statements: Array.from({ length: n }, (_, i) => ({ statement: `Fact ${i}.`, score: 1 })),
    });
    expect(scoredStatementsSchema(two).safeParse(scored(6)).success).toBe(true);
    expect(scoredStatementsSchema(two).safeParse(scored(7)).success).toBe(false);
    expect(scoredStatementsSchema().safeParse(scored(50)).success).toBe(true);
    const relevant = (n: number) => ({
      relevantStatements: Array.from({ length: n }, (_, i) => `Fact ${i}.`),
    });
    expect(relevantStatementsSchema(two).safeParse(relevant(7)).success).toBe(false);
    // A blank item does not count: the list drops it before the count is checked.
    const six = ["a", "b", "c", "d", "e", "f"];
    expect(relevantStatementsSchema(two).parse({ relevantStatements: [...six, " "] })).toEqual({
      relevantStatements: six,
    });
    // The grammar gets the count as maxItems.
    for (const schema of [scoredStatementsSchema(two), relevantStatementsSchema(two)]) {
      const json = z.toJSONSchema(schema) as { properties: Record<string, { maxItems?: number }> };
      expect(Object.values(json.properties)[0]!.maxItems).toBe(6);
    }
    // Planned sentences always fit: one statement per sentence.
    const planned = JSON.parse(filled(sentenceScorePlan(two), "1"));
    expect(scoredStatementsSchema(two).safeParse(planned).success).toBe(true);
  });

  it("the sentences prompt's examples list exactly their contexts' sentences, so the judge sees what it is given", () => {
    for (const example of contextRelevanceSentencesPrompt.examples) {
      expect(example.output.statements.map((s) => s.statement)).toEqual(
        contextSentences(example.input.contexts),
      );
    }
    expect(contextRelevanceSentencesPrompt.version).toBe(
      `${contextRelevanceStatementsPrompt.version}+sentences`,
    );
    expect(contextRelevanceSentencesPrompt.name).toBe(contextRelevanceStatementsPrompt.name);
  });

  it("is checked when the metric is built, and recorded in the config and the prompt version", () => {
    expect(() => new ContextRelevance({ llm: stubLlm, prefill: true })).toThrow(/ContextRelevance\.prefill/);
    expect(() => new ContextRelevance({ llm: stubPlanLlm, prefill: true, temperature: 0.7 })).toThrow(
      /temperature 0/,
    );
    expect(
      () => new ContextRelevance({ llm: stubPlanLlm, prefill: true, mode: "relevant-statements" }),
    ).toThrow(/mode "statements"/);
    expect(() => new ContextRelevance({ llm: stubPlanLlm, prefill: "yes" as unknown as boolean })).toThrow(
      /prefill/,
    );
    const on = new ContextRelevance({ llm: stubPlanLlm, prefill: true }).config();
    expect(on.options).toMatchObject({ prefill: true });
    expect(on.promptVersions).toEqual({ "context_relevance/statements": "1.3.0+sentences" });
    const off = new ContextRelevance({ llm: stubPlanLlm }).config();
    expect(off.options).not.toHaveProperty("prefill");
    expect(off.promptVersions).toEqual({ "context_relevance/statements": "1.3.0" });
    const fromCatalog = createMetric("context_relevance", { llm: stubPlanLlm }, { prefill: true });
    expect(fromCatalog.config().options).toMatchObject({ prefill: true });
  });
});

for (const [label, modelPath] of ggufTestJudges) {
  describe.skipIf(modelPath === undefined)(`context relevance prefill on ${label}`, () => {
    let llm: LlamaCppLlm;
    beforeAll(async () => {
      llm = await loadTestJudge(modelPath!);
    });
    afterAll(async () => llm?.dispose());

    it("scores every sentence, writes no free text, repeats exactly, and the score is the scores' mean", async () => {
      const metric = new ContextRelevance({ llm, prefill: true });
      const [row] = await metric.scoreBatch([sample]);
      expect(row!.status, row!.reason).toBe("ok");
      const details = row!.details as {
        statements: string[];
        statementScores: number[];
        usage: { completionTokens: number };
      };
      expect(details.statements).toEqual(sentences);
      expect(details.statementScores).toHaveLength(sentences.length);
      expect(row!.value).toBe(details.statementScores.filter((s) => s === 1).length / sentences.length);
      // One generated token per score: nothing else is left to the judge.
      expect(details.usage.completionTokens).toBe(sentences.length);
      expect(await metric.scoreBatch([sample])).toEqual([row]);
    }, 120_000);

    it("contexts too long for the judge's window are judged per part, every sentence scored once", async () => {
      const long = (topic: string) =>
        Array.from({ length: 60 }, (_, i) => `${topic} fact number ${i + 1} is written here.`).join(" ");
      const big = { userInput: "What is fact 7?", retrievedContexts: [long("Alpha"), long("Beta")] };
      const [row] = await new ContextRelevance({ llm, prefill: true }).scoreBatch([big]);
      expect(row!.status, row!.reason).toBe("ok");
      const details = row!.details as { statements: string[]; statementScores: number[]; splits?: unknown[] };
      expect(details.splits).toBeDefined();
      expect(details.statements).toEqual(contextSentences(big.retrievedContexts));
      expect(details.statementScores).toHaveLength(120);
    }, 240_000);

    it("a context whose prompt fits but whose answer plan does not is split, never shifted out of the window", async () => {
      // 60 short sentences: the prompt fits the 2,048-token window with the 200-token answer budget, but the plan
      // repeats every sentence in the answer, so one call would overflow; llama.cpp would then drop the prompt's start.
      const context = Array.from({ length: 60 }, (_, i) => `Fact ${i + 1} is here.`).join(" ");
      const [row] = await new ContextRelevance({ llm, prefill: true }).scoreBatch([
        { userInput: "What is fact 7?", retrievedContexts: [context] },
      ]);
      expect(row!.status, row!.reason).toBe("ok");
      const details = row!.details as { statements: string[]; splits?: Array<{ calls: number }> };
      expect(details.splits?.[0]?.calls).toBeGreaterThan(1);
      expect(details.statements).toEqual(contextSentences([context]));
    }, 240_000);

    it('with scoring "expected": the written scores are unchanged and the row averages P(1)', async () => {
      const [argmax] = await new ContextRelevance({ llm, prefill: true }).scoreBatch([sample]);
      const [expected] = await new ContextRelevance({ llm, prefill: true, scoring: "expected" }).scoreBatch([
        sample,
      ]);
      const d = expected!.details as { statementScores: number[]; weights: number[]; confidences: number[] };
      expect(d.statementScores).toEqual((argmax!.details as { statementScores: number[] }).statementScores);
      expect(d.weights).toHaveLength(sentences.length);
      for (const [i, w] of d.weights.entries()) {
        // The written score is the more probable one, and its confidence is its probability.
        expect(d.statementScores[i] === 1 ? w >= 0.5 : w <= 0.5).toBe(true);
        expect(d.confidences[i]).toBeCloseTo(d.statementScores[i] === 1 ? w : 1 - w, 12);
      }
      expect(expected!.value).toBeCloseTo(d.weights.reduce((s, w) => s + w, 0) / d.weights.length, 12);
    }, 120_000);
  });
}

describe.skipIf(!tinyGgufPath)("context relevance prefill equals token-by-token feeding", () => {
  const judge = usePlanJudge(tinyGgufPath);
  it("same answer text and scores, probabilities within 1e-3", async () => {
    const prompt = renderPrompt(contextRelevanceSentencesPrompt, { question: sample.userInput, contexts });
    const tokens = judge().model.tokenize(`${prompt.system}\n${prompt.input}\n`, false);
    const batched = await expectPrefillEqualsTokenByToken(judge(), tokens, sentenceScorePlan(sentences));
    expect(batched.choices).toHaveLength(sentences.length);
  }, 120_000);
});
