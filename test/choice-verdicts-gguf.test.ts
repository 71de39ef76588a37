// Verdicts read from token probabilities on real GGUF judges (issue 14). argmax is NOT always greedy's verdict,
// and this file pins down why: the forced prefix is compact JSON, while greedy decoding under the JSON grammar
// writes spaces (`"verdict": 1`), and the model's choice depends on that layout. With greedy's own layout as the
// prefix, the most probable value is the greedy one (stories260K). docs/judge-speed.md has the measured agreement.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LlamaCppLlm } from "../src/llm/llama-cpp-llm.js";
import { judgeVerdictList, type VerdictMode } from "../src/metrics/faithfulness/judge.js";
import { faithfulnessVerdictsPrompt } from "../src/metrics/faithfulness/prompt.js";
import { Faithfulness } from "../src/metrics/index.js";
import { argmaxChoice } from "../src/metrics/shared/choice-verdicts.js";
import { newUsage } from "../src/metrics/shared/judge.js";
import { renderPrompt } from "../src/prompts/render.js";
import { extraGgufPath, tinyGgufPath } from "./setup/paths.js";

const input = {
  contexts: ["Rome is the capital of Italy."],
  statements: ["Rome is the capital of Italy.", "Italy is in Asia.", "Paris is in France."],
};
const settings = { temperature: 0, maxTokens: undefined };

/** The faithfulness verdict step on `input` in one mode. */
function verdictsOn(llm: LlamaCppLlm, mode: VerdictMode) {
  return judgeVerdictList(llm, faithfulnessVerdictsPrompt, input, mode, settings, newUsage(), undefined);
}

for (const [label, modelPath] of [
  ["tiny-llama", tinyGgufPath],
  ["stories260K", extraGgufPath],
] as const) {
  describe.skipIf(modelPath === undefined)(`probability verdicts on ${label}`, () => {
    let llm: LlamaCppLlm;
    beforeAll(async () => {
      llm = await LlamaCppLlm.load({
        modelPath: modelPath!,
        threads: 1,
        contextSize: 2048,
        maxTokens: 200,
        memoSize: 0,
      });
    });
    afterAll(async () => llm?.dispose());

    it("argmax without reasons generates nothing, repeats exactly, and expected weights are P(1)", async () => {
      const before = llm.stats().completionTokens;
      const mode = { scoring: "expected", reasons: false } as const;
      const a = await verdictsOn(llm, mode);
      const b = await verdictsOn(llm, mode);
      expect(llm.stats().completionTokens).toBe(before);
      expect(a).toEqual(b);
      expect(a.map((v) => v.statement)).toEqual(input.statements);
      for (const v of a) {
        expect(v.confidence).toBeGreaterThanOrEqual(0.5);
        expect(v.weight! >= 0.5).toBe(v.verdict === 1);
      }
    });

    it("Faithfulness with scoring expected gives the mean of P(1) and records confidences", async () => {
      const metric = new Faithfulness({ llm, scoring: "expected", reasons: false });
      const sample = {
        userInput: "What is the capital of Italy?",
        response: "Rome.",
        retrievedContexts: input.contexts,
      };
      const result = await metric.score(sample);
      expect(result.status).toBe("ok");
      const verdicts = (result.details as { verdicts: Array<{ weight: number }> }).verdicts;
      if (verdicts.length > 0) {
        expect(result.value).toBeCloseTo(verdicts.reduce((s, v) => s + v.weight, 0) / verdicts.length, 12);
      }
      expect((await metric.score(sample)).value).toBe(result.value);
    }, 60_000);
  });
}

describe.skipIf(extraGgufPath === undefined)("why argmax differs from greedy (stories260K)", () => {
  it("after greedy's own spaced layout the most probable verdict is greedy's; after compact JSON it is not", async () => {
    const llm = await LlamaCppLlm.load({
      modelPath: extraGgufPath!,
      threads: 1,
      contextSize: 2048,
      maxTokens: 200,
      memoSize: 0,
    });
    try {
      const mode = { scoring: "greedy", reasons: true } as const;
      const greedy = await verdictsOn(llm, mode);
      const prompt = renderPrompt(faithfulnessVerdictsPrompt, input);
      let spaced = '{ "verdicts": [';
      let compact = '{"verdicts":[';
      for (const v of greedy) {
        const fields = `"statement": ${JSON.stringify(v.statement)}, "reason": ${JSON.stringify(v.reason)}, "verdict": `;
        const bySpaced = await llm.scoreChoices(prompt, {
          prefix: `${spaced} { ${fields}`,
          choices: ["0", "1"],
        });
        expect(argmaxChoice(["0", "1"], bySpaced.probabilities)).toBe(String(v.verdict));
        spaced = `${spaced} { ${fields}${v.verdict} },`;
        compact = `${compact}${JSON.stringify(v)},`;
      }
      // The compact prefix (what readListVerdicts forces) gives a different verdict for at least one statement.
      const reread = await judgeVerdictList(
        llm,
        faithfulnessVerdictsPrompt,
        input,
        { scoring: "argmax", reasons: true },
        settings,
        newUsage(),
        undefined,
      );
      expect(reread.map((v) => v.verdict)).not.toEqual(greedy.map((v) => v.verdict));
    } finally {
      await llm.dispose();
    }
  }, 120_000);
});
