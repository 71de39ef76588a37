// Prompt-prefix reuse must give the cleared sequence's answer bit for bit. llama.cpp computes a one-token
// batch with other kernels than a longer one, so the rule in src/llm/prefix-reuse.ts keeps the last batch's
// size class. Checked here on the next-token probabilities themselves, on every F32 test model.
import path from "node:path";
import type { LlamaContextSequence, Token } from "node-llama-cpp";
import { describe, expect, it } from "vitest";
import { getSharedLlama } from "../src/llm/llama-instance.js";
import { reusableLength } from "../src/llm/prefix-reuse.js";
import { extraGgufPath, tinyGgufPath } from "./setup/paths.js";

describe("reusableLength", () => {
  it("keeps at most the shared part and never the last token, and ends in a one-token batch only when a fresh read does", () => {
    for (const batchSize of [1, 2, 3, 16, 512]) {
      for (let promptLength = 1; promptLength <= 70; promptLength++) {
        for (let shared = 0; shared <= promptLength + 2; shared++) {
          const keep = reusableLength(shared, promptLength, batchSize);
          expect(keep).toBeGreaterThanOrEqual(0);
          expect(keep).toBeLessThanOrEqual(Math.min(shared, promptLength - 1));
          if (batchSize > 1 && keep > 0) {
            expect((promptLength - keep) % batchSize === 1).toBe(promptLength % batchSize === 1);
          }
        }
      }
    }
    expect(reusableLength(500, 600, 512)).toBe(500);
    expect(reusableLength(512, 513, 512)).toBe(512);
    expect(reusableLength(300, 513, 512)).toBe(0);
    expect(reusableLength(599, 600, 512)).toBe(598); // 1 token left would be a one-token batch: read 2
  });
});

const models = [
  { name: "tiny", modelPath: tinyGgufPath },
  ...(extraGgufPath ? [{ name: path.basename(extraGgufPath), modelPath: extraGgufPath }] : []),
];
const BATCH = 16;
const TEXT =
  "Once upon a time there was a little girl named Lily. She loved to play in the park with her friends " +
  "and her dog. One day she went to the big park and saw a bird. The bird was blue and small and it sang.";

describe.each(models)("prefix reuse on the real runtime ($name)", ({ modelPath }) => {
  it("gives the fresh next-token probabilities bit for bit with the rule, and the naive keep does not always", async () => {
    const llama = await getSharedLlama();
    const model = await llama.loadModel({ modelPath, gpuLayers: 0 });
    const context = await model.createContext({
      contextSize: 256,
      batchSize: BATCH,
      sequences: 2,
      threads: 1,
      flashAttention: false,
    });
    try {
      const fresh = context.getSequence();
      const reused = context.getSequence();
      const bos = model.tokens.bos;
      const all = [...(bos !== null ? [bos] : []), ...model.tokenize(TEXT, false)];
      const probabilities = async (sequence: LlamaContextSequence, tokens: Token[]) => {
        const options = { temperature: 1, topK: 0, topP: 1, minP: 0 };
        const input = tokens.map((token, i) =>
          i === tokens.length - 1
            ? ([token, { generateNext: { probabilities: true, options } }] as const)
            : token,
        );
        const out = await sequence.controlledEvaluate(
          input as Parameters<typeof sequence.controlledEvaluate>[0],
        );
        return [...(out[tokens.length - 1]?.next?.probabilities ?? new Map<Token, number>())];
      };
      const withKept = async (tokens: Token[], keep: number) => {
        await reused.clearHistory();
        if (keep > 0) await reused.evaluateWithoutGeneratingNewTokens(tokens.slice(0, keep));
        return probabilities(reused, tokens.slice(keep));
      };
      let naiveDiffers = 0;
      let cases = 0;
      for (const promptLength of [33, 34, 40, 49]) {
        const tokens = all.slice(0, promptLength);
        await fresh.clearHistory();
        const expected = await probabilities(fresh, tokens);
        expect(expected.length).toBeGreaterThan(0);
        for (const suffix of [1, 2, 3, 5, 17, 18, 20]) {
          const shared = promptLength - suffix;
          expect(await withKept(tokens, reusableLength(shared, promptLength, BATCH))).toEqual(expected);
          const naive = await withKept(tokens, Math.min(shared, promptLength - 1));
          if (JSON.stringify(naive) !== JSON.stringify(expected)) naiveDiffers++;
          cases++;
        }
      }
      // The check can see the difference the rule avoids (otherwise it would pass vacuously).
      expect(naiveDiffers).toBeGreaterThan(0);
      expect(cases).toBe(28);
    } finally {
      await context.dispose();
      await model.dispose();
    }
  });
});
