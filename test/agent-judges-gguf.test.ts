// Ragas' agent judges on real GGUF judges (the generated tiny models and, where AIRGAP_EVAL_TEST_GGUF names it,
// stories260K), on the shipped agent example: every step's answer is schema-valid (no parse failure, no error row),
// verdicts are 0 or 1, the topic steps make one refusal call per topic and one classification call, and verdict
// probabilities are read while the judge writes them. What the tiny judges decide is not asserted: they are not
// trained to judge.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadDataset } from "../src/dataset/load.js";
import {
  AgentGoalAccuracyWithoutReference,
  AgentGoalAccuracyWithReference,
  type MetricResult,
  TopicAdherenceScore,
} from "../src/index.js";
import type { LlamaCppLlm } from "../src/llm/llama-cpp-llm.js";
import { ggufTestJudges, loadTestJudge } from "./support/gguf-judges.js";

const samples = loadDataset("examples/agent-eval.jsonl", { strict: true }).samples.map((s) => s.sample);
const withOutcome = samples.filter((s) => s.referenceOutcome !== undefined);
const withTopics = samples.filter((s) => s.referenceTopics !== undefined);

function expectScored(results: readonly MetricResult[]): void {
  for (const r of results) {
    expect(r.error, r.error).toBeUndefined();
    expect(r.status).toBe("ok");
    expect(r.value).toBeGreaterThanOrEqual(0);
    expect(r.value).toBeLessThanOrEqual(1);
  }
}

interface TopicDetails {
  topics: Array<{
    topic: string;
    refusal: { refused: number };
    classification: { verdict: number; confidence?: number };
  }>;
  usage: { calls: number };
}

for (const [label, modelPath] of ggufTestJudges) {
  describe.skipIf(modelPath === undefined)(`agent judges on ${label}`, () => {
    let llm: LlamaCppLlm;
    beforeAll(async () => {
      llm = await loadTestJudge(modelPath!);
    });
    afterAll(async () => llm?.dispose());

    it("agent goal accuracy, with and without reference, with reasons and without", async () => {
      expect(withOutcome.length).toBeGreaterThan(0);
      const withReference = await new AgentGoalAccuracyWithReference({ llm }).scoreBatch(withOutcome);
      expectScored(withReference);
      for (const r of withReference) {
        expect([0, 1]).toContain(r.value);
        expect(r.details).toMatchObject({ userGoal: expect.any(String), endState: expect.any(String) });
        expect(r.details).toMatchObject({ reason: expect.any(String), usage: { calls: 2 } });
      }
      const bare = await new AgentGoalAccuracyWithoutReference({
        llm,
        reasons: false,
        confidence: true,
      }).scoreBatch(samples.slice(0, 2));
      expectScored(bare);
      for (const r of bare) {
        expect([0, 1]).toContain(r.value);
        expect(r.details).not.toHaveProperty("reason");
        const confidence = (r.details as { confidence: number }).confidence;
        expect(confidence).toBeGreaterThanOrEqual(0.5); // the written verdict is the more probable of 0 and 1
        expect(confidence).toBeLessThanOrEqual(1);
      }
    }, 300_000);

    it("topic adherence: one refusal call per topic, one classification per topic", async () => {
      expect(withTopics.length).toBeGreaterThan(0);
      for (const options of [{}, { reasons: false, confidence: true, mode: "precision" as const }]) {
        const results = await new TopicAdherenceScore({ llm, ...options }).scoreBatch(withTopics);
        expectScored(results);
        for (const r of results) {
          const d = r.details as unknown as TopicDetails;
          expect(d.usage.calls).toBe(d.topics.length === 0 ? 1 : d.topics.length + 2);
          for (const t of d.topics) {
            expect([0, 1]).toContain(t.refusal.refused);
            expect([0, 1]).toContain(t.classification.verdict);
            if ("confidence" in options) expect(t.classification.confidence).toBeGreaterThanOrEqual(0.5);
          }
        }
      }
    }, 300_000);
  });
}
