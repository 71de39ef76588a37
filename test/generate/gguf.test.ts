// Test-set rows written by a real GGUF judge (stories260K, named by AIRGAP_EVAL_TEST_GGUF) from hand-made chunks:
// every answer parses under the grammars (no `failed` rejection), every row is well formed, and the same seed
// writes the same rows.
import { describe, expect, it } from "vitest";
import { defaultMix } from "../../src/generate/defaults.js";
import type { GenerationContext } from "../../src/generate/stage.js";
import { defaultStage } from "../../src/generate/synth/default-stage.js";
import { MAX_REFERENCE_CHARS, QUERY_LENGTHS } from "../../src/generate/synth/query-options.js";
import type { TestsetRow } from "../../src/generate/types.js";
import { extraGgufPath } from "../setup/paths.js";
import { bridgeChunks } from "../support/generate-chunks.js";
import { loadTestJudge } from "../support/gguf-judges.js";
import { WordEmbeddings } from "../support/word-embeddings.js";

async function generate(modelPath: string, seed: number) {
  const llm = await loadTestJudge(modelPath);
  try {
    const ctx: GenerationContext = {
      llm,
      embeddings: new WordEmbeddings(),
      seed,
      callBudget: { maxTokens: 256, timeoutMs: 120_000 },
    };
    const plan = await defaultStage.plan(bridgeChunks, 6, defaultMix, ctx);
    const accepted: TestsetRow[] = [];
    const outcomes = [];
    for (const row of plan) {
      const outcome = await defaultStage.produce(row, ctx, accepted);
      if ("row" in outcome) accepted.push(outcome.row);
      outcomes.push(outcome);
    }
    return { plan, outcomes, accepted };
  } finally {
    await llm.dispose();
  }
}

describe.runIf(extraGgufPath)("test-set rows on stories260K", () => {
  it("writes well-formed rows with no parse failure, the same for the same seed", async () => {
    const first = await generate(extraGgufPath as string, 11);
    expect(first.outcomes.filter((o) => "reason" in o && o.reason.kind === "failed")).toEqual([]);
    expect(first.accepted.length).toBeGreaterThan(0);
    first.outcomes.forEach((outcome, i) => {
      if (!("row" in outcome)) return;
      const { row } = outcome;
      const { request } = first.plan[i]!;
      expect(row.user_input.trim().length).toBeGreaterThan(0);
      expect(row.user_input.length).toBeLessThanOrEqual(QUERY_LENGTHS[request.length].maxChars);
      expect(row.reference.length).toBeGreaterThan(0);
      expect(row.reference.length).toBeLessThanOrEqual(MAX_REFERENCE_CHARS);
      expect(row.reference_contexts).toEqual(request.chunks.map((c) => c.text));
      expect(row.reference_context_ids).toEqual(request.chunks.map((c) => c.id));
      expect(row.synthesizer_name).toBe(request.synthesizer);
      expect(row.query_style).toBe(request.style);
      expect(row.query_length).toBe(request.length);
    });
    const again = await generate(extraGgufPath as string, 11);
    expect(again.outcomes).toEqual(first.outcomes);
  });
});
