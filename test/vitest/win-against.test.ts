// toWinAgainst on scripted judges: a clear win passes, a position-biased judge (a flip in each pair) fails naming
// the win shares and the flips, .not passes on a loss, and a bad received value is refused with what to write.
import { describe, expect, it } from "vitest";
import "../../src/vitest/index.js";
import type { JudgePrompt } from "../../src/prompts/types.js";
import { ScriptedLlm } from "../support/scripted-llm.js";

const PROMPT = "arena_g_eval/arena_g_eval";
const criteria = "Which response answers the question correctly?";
const evaluationSteps = ["Check each response against the question."];
const sample = { userInput: "What is the capital of France?", response: "Paris." };

/** A judge that prefers the text "Paris." in either position, or always the first shown when `biased`. */
function judge(biased = false) {
  return new ScriptedLlm({
    [PROMPT]: (prompt: JudgePrompt) => {
      const input = JSON.parse(prompt.input) as { response_A: string; response_B: string };
      if (biased) return { reason: "the first one", verdict: "A" };
      return { reason: "Paris is right", verdict: input.response_A === "Paris." ? "A" : "B" };
    },
  });
}

describe("toWinAgainst", () => {
  it("passes when the response wins in both orders", async () => {
    await expect(sample).toWinAgainst("Lyon.", { llm: judge(), criteria, evaluationSteps });
  });

  it("fails when the verdict only follows the order, naming the win shares and the flip", async () => {
    const failure = expect(sample).toWinAgainst("Lyon.", { llm: judge(true), criteria, evaluationSteps });
    await expect(failure).rejects.toThrow(/arena_g_eval scored 0\.5; expected >= 0\.75/);
    const again = await expect(sample)
      .toWinAgainst("Lyon.", { llm: judge(true), criteria, evaluationSteps })
      .then(
        () => undefined,
        (e: Error) => e,
      );
    expect(again?.message).toMatch(/response 0\.50, other 0\.50/);
    expect(again?.message).toMatch(/changed with the order in 1 of 1 pairs/);
  });

  it(".not passes when the response loses", async () => {
    await expect({ ...sample, response: "Lyon." }).not.toWinAgainst("Paris.", {
      llm: judge(),
      criteria,
      evaluationSteps,
    });
  });

  it("refuses a received value without a response", async () => {
    await expect(
      expect("Paris.").toWinAgainst("Lyon.", { llm: judge(), criteria, evaluationSteps }),
    ).rejects.toThrow(/takes a sample with the response to judge/);
  });
});
