// `reasons: false` on real GGUF judges (issue 14): every reason-free verdict or score step gets a schema-valid answer
// from the tiny test models (the grammar now allows no free text but statement copies), and the step records the
// `+noreasons` prompt. Whether the verdicts equal those written after a reason is measured, not asserted (a model
// writes its verdict after its reason, so they may differ): bench/judge-scoring.ts, docs/judge-speed.md.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LlamaCppLlm } from "../src/llm/llama-cpp-llm.js";
import { answerCorrectnessPromptFor, correctnessSchema } from "../src/metrics/answer-correctness/prompt.js";
import { judgeAspect } from "../src/metrics/aspect-critic/judge.js";
import { aspectCriticPrompt } from "../src/metrics/aspect-critic/prompt.js";
import { judgeContextPrecision } from "../src/metrics/context-precision/judge.js";
import { gEvalScorePrompt } from "../src/metrics/g-eval/prompt.js";
import { judgeRubric } from "../src/metrics/rubrics/judge.js";
import {
  DEFAULT_RUBRIC_WITHOUT_REFERENCE,
  instanceRubricsPrompt,
  rubricPromptWithoutFeedback,
  rubricsScorePrompt,
} from "../src/metrics/rubrics/prompt.js";
import { rubricLevels } from "../src/metrics/rubrics/score.js";
import { type VerdictReading, WRITTEN_VERDICTS } from "../src/metrics/shared/judge/choice-verdicts.js";
import { judgeGEval } from "../src/metrics/shared/judge/g-eval/judge.js";
import { askJudge, newUsage } from "../src/metrics/shared/judge/judge.js";
import { statementSteps } from "../src/metrics/shared/judge/statements/steps.js";
import { judgeStatements } from "../src/metrics/shared/judge/statements/verdicts.js";
import { judgeCriteria } from "../src/metrics/simple-criteria/judge.js";
import { simpleCriteriaPrompt } from "../src/metrics/simple-criteria/prompt.js";
import { ggufTestJudges, loadTestJudge } from "./support/gguf-judges.js";

const question = "What is the capital of Italy?";
const contexts = ["Rome is the capital of Italy."];
const statements = ["Rome is the capital of Italy.", "Italy is in Asia."];
const row = { user_input: question, response: "Rome." };
const settings = { temperature: 0, maxTokens: undefined };
const OFF: VerdictReading = { ...WRITTEN_VERDICTS, reasons: false };

/** Keys of an answer object (and of its list items) that hold text other than a statement copy or a label. */
function freeText(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(freeText);
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([k, v]) =>
    typeof v === "string" && k !== "statement" && k !== "label" ? [k] : freeText(v),
  );
}

for (const [label, modelPath] of ggufTestJudges) {
  describe.skipIf(modelPath === undefined)(`reasons: false on ${label}: schema-valid answers`, () => {
    let llm: LlamaCppLlm;
    beforeAll(async () => {
      llm = await loadTestJudge(modelPath!);
    });
    afterAll(async () => llm?.dispose());

    it("statement verdicts (context recall, noise sensitivity, factual correctness) and context precision", async () => {
      const steps = statementSteps(llm, settings, undefined, OFF);
      const verdicts = await judgeStatements(steps, statements, contexts, "retrievedContexts");
      expect(verdicts.map((v) => v.statement)).toEqual(statements);
      for (const v of verdicts) expect([0, 1]).toContain(v.verdict);
      expect(freeText(verdicts)).toEqual([]);

      const cp = await judgeContextPrecision(
        llm,
        { question, answer: "Rome.", contexts },
        settings,
        undefined,
        OFF,
      );
      expect(cp.verdicts).toHaveLength(1);
      expect([0, 1]).toContain(cp.verdicts[0]!.verdict);
      expect(freeText(cp.verdicts)).toEqual([]);
    }, 180_000);

    it("answer correctness labels", async () => {
      const answer = await askJudge(
        llm,
        answerCorrectnessPromptFor(false),
        { question, responseStatements: ["Rome is the capital."], referenceStatements: statements },
        settings,
        newUsage(),
        undefined,
        correctnessSchema(1, 2, false),
      );
      expect(answer.response.map((l) => l.label).every((l) => l === "TP" || l === "FP")).toBe(true);
      expect(answer.reference).toHaveLength(2);
      expect(freeText([...answer.response, ...answer.reference])).toEqual([]);
    }, 120_000);

    it("aspect critic, simple criteria, rubrics and G-Eval scores", async () => {
      const aspect = await judgeAspect(
        llm,
        aspectCriticPrompt("polite", "Is the response polite?", undefined, false),
        row,
        settings,
        [0],
        undefined,
        OFF,
      );
      expect([0, 1]).toContain(aspect.verdict);
      expect(aspect.votes[0]).not.toHaveProperty("reason");

      const scale = { min: 1, max: 5 };
      const criteria = await judgeCriteria(
        llm,
        simpleCriteriaPrompt("brief", "Is it brief?", scale, false),
        row,
        settings,
        undefined,
      );
      expect(criteria.score).toBeGreaterThanOrEqual(1);
      expect(criteria.score).toBeLessThanOrEqual(5);
      expect(criteria).not.toHaveProperty("reason");

      const levels = rubricLevels(DEFAULT_RUBRIC_WITHOUT_REFERENCE, { field: "rubrics" });
      for (const template of [rubricsScorePrompt(levels), instanceRubricsPrompt]) {
        const input =
          template === instanceRubricsPrompt ? { ...row, rubrics: DEFAULT_RUBRIC_WITHOUT_REFERENCE } : row;
        const rubric = await judgeRubric(
          llm,
          rubricPromptWithoutFeedback(template),
          input,
          levels,
          settings,
          undefined,
          OFF,
        );
        expect(levels.map((l) => l.score)).toContain(rubric.score);
        expect(rubric.feedback).toBeUndefined();
      }

      const g = await judgeGEval(
        llm,
        gEvalScorePrompt("clarity", "Is the answer clear?", ["Read the answer."], scale, false),
        row,
        scale,
        settings,
        undefined,
      );
      expect(g.reason).toBeUndefined();
      expect(g.greedyScore).toBeGreaterThanOrEqual(1);
      expect(g.greedyScore).toBeLessThanOrEqual(5);
      if (g.probabilities !== undefined) {
        const total = Object.values(g.probabilities).reduce((a, b) => a + b, 0);
        expect(total).toBeCloseTo(1, 9);
      }
    }, 240_000);
  });
}
