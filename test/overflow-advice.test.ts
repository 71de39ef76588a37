// The advice of a context overflow: the TypeScript options in the library, the CLI's flags in the CLI, with a
// suggested context size and the largest answer budget that fits, named as the metric's own option.
import { afterEach, describe, expect, it } from "vitest";
import { ContextOverflowError } from "../src/errors.js";
import {
  fittingAnswerBudget,
  forMetric,
  overflowAdvice,
  overflowError,
  suggestedContextSize,
} from "../src/llm/overflow-advice.js";
import { setAdviceStyle } from "../src/util/advice-style.js";

const facts = { promptTokens: 1573, contextSize: 2048, answerTokens: 512 };

afterEach(() => setAdviceStyle("typescript"));

describe("overflow advice", () => {
  it("suggests the prompt plus its budget rounded up to 1024, and the budget that fits when it is useful", () => {
    expect(suggestedContextSize(facts)).toBe(3072);
    expect(suggestedContextSize({ promptTokens: 3000, contextSize: 2048, answerTokens: 72 })).toBe(3072);
    expect(fittingAnswerBudget(facts)).toBe(475);
    // No budget on a choice call, and a room under 32 tokens is too small for a judge's answer.
    expect(fittingAnswerBudget({ promptTokens: 1573, contextSize: 2048 })).toBeUndefined();
    expect(fittingAnswerBudget({ promptTokens: 2030, contextSize: 2048, answerTokens: 512 })).toBeUndefined();
  });

  it("the library names the TypeScript options", () => {
    expect(overflowAdvice(facts, { name: "answer_relevancy" })).toBe(
      "To fix it: load the judge with contextSize: 3072 (LlamaCppLlm.load({ contextSize: 3072 })), or give " +
        "answer_relevancy the option maxTokens: 475, or shorten the input.",
    );
    expect(overflowAdvice(facts)).toMatch(/or pass maxTokens: 475,/);
    expect(overflowAdvice(facts)).not.toMatch(/--/);
  });

  it("the CLI names its flags: --context-size and the metric's --metric-option", () => {
    setAdviceStyle("cli");
    expect(overflowAdvice(facts, { name: "answer_relevancy" })).toBe(
      "To fix it: pass --context-size 3072, or --metric-option answer_relevancy.maxTokens=475, or shorten the input.",
    );
    expect(overflowAdvice(facts)).toMatch(/--metric-option <metric>\.maxTokens=475/);
    // A judge defined in a metric file: its entry, or the kind's flag.
    expect(overflowAdvice(facts, { name: "on_topic", kind: "aspect_critic" })).toMatch(
      /maxTokens: 475 in the definition of on_topic \(its --metric-file entry; --metric-option aspect_critic\.maxTokens=475 when --metric-option defines it\)/,
    );
    // A metric without a maxTokens option is only told the context size.
    expect(overflowAdvice(facts, { name: "x", takesMaxTokens: false })).toBe(
      "To fix it: pass --context-size 3072, or shorten the input.",
    );
    expect(overflowAdvice(facts)).not.toMatch(/contextSize|LlamaCppLlm/);
  });

  it("a restated error keeps its detail and facts and carries the advice once", () => {
    const inner = overflowError('Prompt "p" does not fit.', facts);
    expect(inner).toBeInstanceOf(ContextOverflowError);
    expect(inner.detail).toBe('Prompt "p" does not fit.');
    expect(inner.answerTokens).toBe(512);
    setAdviceStyle("cli");
    const outer = forMetric(inner, { name: "faithfulness" });
    expect(outer.message).toBe(
      'Prompt "p" does not fit. To fix it: pass --context-size 3072, or --metric-option faithfulness.maxTokens=475, or shorten the input.',
    );
    expect(outer.message.match(/To fix it/g)).toHaveLength(1);
    expect([outer.promptTokens, outer.contextSize, outer.answerTokens]).toEqual([1573, 2048, 512]);
  });
});
