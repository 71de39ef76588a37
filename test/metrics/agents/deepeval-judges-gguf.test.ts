// DeepEval's multi-turn judges on real GGUF judges (the generated tiny models and, where AIRGAP_EVAL_TEST_GGUF names
// it, stories260K): every step's answer is valid under its grammar (no parse failure, no error row), the verdicts
// are as many as the formula needs, and reasons: false with scoring "expected" reads a probability per verdict.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LlamaCppLlm } from "../../../src/llm/llama-cpp-llm.js";
import { createMetric } from "../../../src/metrics/catalog.js";
import { intentionVerdictPromptFor } from "../../../src/metrics/conversation-completeness/prompt.js";
import { retentionPromptFor } from "../../../src/metrics/knowledge-retention/prompt.js";
import { WRITTEN_VERDICTS } from "../../../src/metrics/shared/judge/choice-verdicts.js";
import { askPassVerdict } from "../../../src/metrics/shared/judge/deepeval-verdicts.js";
import { newUsage } from "../../../src/metrics/shared/judge/judge.js";
import type { MetricResult, Sample } from "../../../src/metrics/types.js";
import { deepEvalTurns } from "../../../src/sample/conversation/deepeval-turns.js";
import type { ConversationMessage } from "../../../src/sample/conversation/messages.js";
import { ggufTestJudges, loadTestJudge } from "../../support/gguf-judges.js";

const sample: Sample = {
  chatbotRole: "A friendly travel agent who answers briefly.",
  messages: [
    { role: "system", content: "You are a travel agent." },
    { role: "user", content: "I live in Oslo and I want to visit Rome in May." },
    {
      role: "assistant",
      content: "Rome in May is lovely. Shall I look for flights from Oslo?",
      toolCalls: [],
    },
    { role: "user", content: "Yes, and find me a hotel too." },
    { role: "assistant", content: "Which city are you flying from?", toolCalls: [] },
  ],
};

/** The verdicts of a result's details. */
function verdictsOf(result: MetricResult): Array<{ verdict: number; reason?: string; weight?: number }> {
  return (result.details as { verdicts: Array<{ verdict: number; reason?: string; weight?: number }> })
    .verdicts;
}

/** How many verdicts each metric must give for the sample, when that does not depend on the judge's lists. */
const fixedCounts: Record<string, number> = { role_adherence: 2, turn_relevancy: 2 };

const ids = ["knowledge_retention", "conversation_completeness", "role_adherence", "turn_relevancy"];

for (const [label, modelPath] of ggufTestJudges) {
  describe.skipIf(modelPath === undefined)(`DeepEval's multi-turn judges on ${label}`, () => {
    let llm: LlamaCppLlm;
    beforeAll(async () => {
      llm = await loadTestJudge(modelPath!);
    });
    afterAll(async () => llm?.dispose());

    for (const id of ids) {
      it(`${id}: schema-valid answers with reasons, and without them with probabilities`, async () => {
        const withReasons = await createMetric(id, { llm }).score(sample);
        expect(withReasons.status, withReasons.reason).toBe("ok");
        expect(withReasons.value).toBeGreaterThanOrEqual(0);
        expect(withReasons.value).toBeLessThanOrEqual(1);
        const verdicts = verdictsOf(withReasons);
        if (fixedCounts[id] !== undefined) expect(verdicts).toHaveLength(fixedCounts[id]!);
        for (const v of verdicts) {
          expect([0, 1]).toContain(v.verdict);
          expect(v.reason).toMatch(/\S/);
        }

        const bare = await createMetric(id, { llm }, { reasons: false, scoring: "expected" }).score(sample);
        expect(bare.status, bare.reason).toBe("ok");
        const bareVerdicts = verdictsOf(bare);
        if (fixedCounts[id] !== undefined) expect(bareVerdicts).toHaveLength(fixedCounts[id]!);
        for (const v of bareVerdicts) {
          expect(v).not.toHaveProperty("reason");
          expect(v.weight).toBeGreaterThanOrEqual(0);
          expect(v.weight).toBeLessThanOrEqual(1);
        }
        const mean = bareVerdicts.reduce((s, v) => s + v.weight!, 0) / bareVerdicts.length;
        expect(bare.value).toBeCloseTo(bareVerdicts.length === 0 ? 1 : mean, 12);
      }, 300_000);
    }

    it("the verdict steps after the judge's lists (facts, intentions) answer under their grammar too", async () => {
      // A small judge may list no fact or intention, leaving these steps unasked in the runs above.
      const settings = { temperature: 0, maxTokens: undefined };
      const turns = deepEvalTurns(sample.messages as ConversationMessage[]);
      for (const reasons of [true, false]) {
        const reading = { ...WRITTEN_VERDICTS, ...(reasons ? {} : { reasons: false }) };
        const usage = newUsage();
        const retained = await askPassVerdict(
          {
            llm,
            template: retentionPromptFor(reasons),
            input: {
              knowledge: [[{ name: "Home city", value: "Oslo" }]],
              assistantMessage: turns[3]!.content,
            },
            settings,
            usage,
            signal: undefined,
          },
          reading,
        );
        const satisfied = await askPassVerdict(
          {
            llm,
            template: intentionVerdictPromptFor(reasons),
            input: { turns, intention: "The user wants a hotel in Rome." },
            settings,
            usage,
            signal: undefined,
          },
          reading,
        );
        for (const v of [retained, satisfied]) {
          expect([0, 1]).toContain(v.verdict);
          if (reasons) expect(v.reason).toMatch(/\S/);
          else expect(v).not.toHaveProperty("reason");
        }
        expect(usage.calls).toBe(2);
      }
    }, 300_000);
  });
}
