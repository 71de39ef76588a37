// Batched prefill against token-by-token feeding of the same plan (issue 14): the check every plan test shares, on
// tiny-llama with one sequence and one thread.
import type { LlamaContext, LlamaModel, Token } from "node-llama-cpp";
import { afterAll, beforeAll, expect } from "vitest";
import { getSharedLlama } from "../../src/llm/llama-instance.js";
import {
  type PlanGrammars,
  type PlanWriting,
  planGrammarsFor,
  writeFromPlan,
} from "../../src/llm/plan-writer.js";
import type { AnswerPart } from "../../src/llm/types.js";

/** A model, one context on it and the plan grammars. */
export interface PlanJudge {
  model: LlamaModel;
  context: LlamaContext;
  grammars: PlanGrammars;
}

/** Loads `modelPath` before the suite's tests and frees it after them; call inside a `describe`. */
export function usePlanJudge(modelPath: string): () => PlanJudge {
  let judge: PlanJudge | undefined;
  beforeAll(async () => {
    const llama = await getSharedLlama(false);
    const model = await llama.loadModel({ modelPath });
    const context = await model.createContext({
      contextSize: 2048,
      sequences: 1,
      threads: 1,
      flashAttention: false,
    });
    judge = { model, context, grammars: planGrammarsFor(llama) };
  });
  afterAll(async () => {
    await judge?.context.dispose();
    await judge?.model.dispose();
  });
  return () => judge!;
}

/**
 * Writes `plan` after `prompt` twice, known tokens in batches and one forward pass each, every choice read; expects the
 * same text and choices and every value's probability within 1e-3 (batched arithmetic rounds differently in the last
 * bits). Returns the batched writing.
 */
export async function expectPrefillEqualsTokenByToken(
  judge: PlanJudge,
  prompt: Token[],
  plan: readonly AnswerPart[],
): Promise<PlanWriting> {
  const settings = {
    maxTokens: 60,
    retryBudget: 60,
    temperature: 0,
    seed: 0,
    signal: new AbortController().signal,
  };
  const sequence = judge.context.getSequence();
  try {
    const { model, grammars } = judge;
    const batched = await writeFromPlan(model, sequence, prompt, 0, plan, grammars, settings);
    const oneByOne = await writeFromPlan(model, sequence, prompt, 0, plan, grammars, {
      ...settings,
      batched: false,
    });
    expect(oneByOne.text).toBe(batched.text);
    expect(oneByOne.choices).toEqual(batched.choices);
    expect(batched.slots).toHaveLength(plan.filter((p) => p.kind === "choice").length);
    for (const [i, slot] of batched.slots.entries()) {
      for (const [value, p] of Object.entries(slot.probabilities)) {
        expect(Math.abs(p - oneByOne.slots[i]!.probabilities[value]!)).toBeLessThan(1e-3);
      }
    }
    return batched;
  } finally {
    sequence.dispose();
  }
}
