// Several sequences on one context (LlamaCppLlm `sequences`, the CLI's --concurrency): each llama.cpp batch holds one
// sequence's tokens, so calls running at once give bit-identical answers and probabilities to the same calls run one
// after another. Mixed batches round differently, which made results depend on the timing of other calls.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LlamaCppLlm } from "../src/llm/llama-cpp-llm.js";
import {
  faithfulnessVerdictsPrompt,
  verdictsSchema,
} from "../src/metrics/shared/judge/statements/verdicts-prompt.js";
import { renderPrompt } from "../src/prompts/render.js";
import { ggufTestJudges } from "./support/gguf-judges.js";

const inputs = [
  { contexts: ["Rome is the capital of Italy."], statements: ["Rome is in Italy.", "Rome is in Spain."] },
  { contexts: ["Water boils at 100 degrees Celsius at sea level."], statements: ["Water boils at 100 °C."] },
  { contexts: ["The Nile flows north into the Mediterranean Sea."], statements: ["The Nile flows south."] },
];

for (const [label, modelPath] of ggufTestJudges) {
  describe.skipIf(modelPath === undefined)(`two sequences on ${label}`, () => {
    let llm: LlamaCppLlm;
    beforeAll(async () => {
      llm = await LlamaCppLlm.load({
        modelPath: modelPath!,
        threads: 1,
        sequences: 2,
        memoSize: 0,
        maxTokens: 120,
      });
    });
    afterAll(async () => llm?.dispose());

    const ask = (input: (typeof inputs)[number]) =>
      llm.generateObject(
        renderPrompt(faithfulnessVerdictsPrompt, input),
        verdictsSchema(input.statements.length),
        {
          choiceSlots: [{ key: "verdict", values: ["0", "1"] }],
        },
      );
    const answers = (results: Awaited<ReturnType<typeof ask>>[]) => results.map((r) => [r.value, r.slots]);

    it("calls at once equal the same calls one at a time, to the bit", async () => {
      const oneByOne = [];
      for (const input of inputs) oneByOne.push(await ask(input));
      const atOnce = await Promise.all(inputs.map(ask));
      expect(answers(atOnce)).toEqual(answers(oneByOne));
      expect(oneByOne.every((r) => (r.slots?.length ?? 0) > 0 || r.value.verdicts.length === 0)).toBe(true);
    }, 120_000);
  });
}
