// A JSON answer ends at its complete root value: the token loop stops there instead of running one more forward pass
// whose only possible outcome under the grammar is the end (or whitespace, which is dropped). The answer is the same;
// the sequence then holds every answer token but the last, which nothing reads.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { JudgeGrammars } from "../src/llm/judge-grammars.js";
import { checkLoadOptions } from "../src/llm/load-options.js";
import { openGguf } from "../src/llm/open-gguf.js";
import { promptTokensOf } from "../src/llm/prompt-tokens.js";
import { generateUnderGrammar } from "../src/llm/token-loop.js";
import type { JudgePrompt } from "../src/prompts/types.js";
import { ggufTestJudges } from "./support/gguf-judges.js";

const prompt: JudgePrompt = {
  name: "answer-end",
  version: "1",
  system: "Is fire cold? Answer in JSON.",
  examples: [],
  input: "",
};
const schema = z.object({ verdict: z.literal([0, 1]) });

describe.each(ggufTestJudges.filter(([, p]) => p !== undefined))(
  "the answer's end on %s",
  (_label, modelPath) => {
    it("stops at the complete JSON value without evaluating it, with the same answer", async () => {
      const opened = await openGguf(
        checkLoadOptions({ modelPath: modelPath!, threads: 1, contextSize: 512 }),
      );
      try {
        const sequence = opened.context.getSequence();
        const tokens = promptTokensOf(opened.model, opened.chatWrapper, prompt);
        const grammar = await new JudgeGrammars(opened.llama).forSchema(schema);
        const settings = {
          maxTokens: 32,
          retryBudget: 32,
          temperature: 0,
          seed: 0,
          signal: new AbortController().signal,
        };
        const full = await generateUnderGrammar(opened.model, sequence, tokens, 0, grammar, settings);
        const heldAfterFull = sequence.nextTokenIndex;
        const early = await generateUnderGrammar(opened.model, sequence, tokens, 0, grammar, {
          ...settings,
          endsAtCompleteJson: true,
        });
        expect(early).toEqual(full);
        expect(JSON.parse(early.text)).toHaveProperty("verdict");
        // Without the option the last answer token was evaluated (to find the end); with it, it is not.
        expect(heldAfterFull).toBe(tokens.length + full.tokens);
        expect(sequence.nextTokenIndex).toBe(tokens.length + early.tokens - 1);
      } finally {
        await opened.context.dispose();
        await opened.model.dispose();
      }
    });
  },
);
