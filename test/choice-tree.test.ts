import { describe, expect, it } from "vitest";
import { grammarChoiceProbabilities } from "../src/llm/choice-tree.js";

// Token ids for a tokenizer that splits numbers into digits (SmolLM2, Qwen, Gemma): digits 0-9 are ids 0-9.
const CLOSE = 99; // "}"
const COMMA = 98; // "," (another key: not allowed after the score)
const DOT = 97; // "." (a decimal: not allowed in an integer score)

function dist(entries: Array<[number, number]>): Map<number, number> {
  return new Map(entries);
}

describe("grammarChoiceProbabilities", () => {
  it("reads a 0-10 scale's multi-token 10 by the chain rule, with the close brace costing nothing after it", () => {
    // The shape SmolLM2-135M-Instruct shows at a G-Eval score slot: after a digit it would rather write "," or
    // "." than "}", and after "1" it writes "0" (the judge's answer is 10).
    const root = dist([
      [0, 0.05],
      [1, 0.5],
      [2, 0.05],
      [COMMA, 0.4],
    ]);
    const afterOne = dist([
      [0, 0.63],
      [CLOSE, 0.03],
      [COMMA, 0.2],
      [DOT, 0.14],
    ]);
    const afterDigit = dist([
      [CLOSE, 0.1],
      [COMMA, 0.5],
      [DOT, 0.4],
    ]);
    const afterTen = dist([
      [CLOSE, 0.15],
      [COMMA, 0.45],
      [DOT, 0.4],
    ]);
    const paths = [
      [0, CLOSE],
      [1, CLOSE],
      [2, CLOSE],
      [1, 0, CLOSE],
    ];
    const steps = [
      [root, afterDigit],
      [root, afterOne],
      [root, afterDigit],
      [root, afterOne, afterTen],
    ];
    const [p0, p1, p2, p10] = grammarChoiceProbabilities(paths, steps);
    expect(p0).toBeCloseTo(0.05, 12);
    expect(p2).toBeCloseTo(0.05, 12);
    // "1" and "10" share the first token's 0.5, split 0.03 : 0.63 (end the value : write "0").
    expect(p1).toBeCloseTo(0.5 * (0.03 / 0.66), 12);
    expect(p10).toBeCloseTo(0.5 * (0.63 / 0.66), 12);
    // The mass is what the model put on starting an allowed value: 0.6, not the 0.06 of "value then }".
    expect(p0! + p1! + p2! + p10!).toBeCloseTo(0.6, 12);
  });

  it("gives single-token scores their own token's probability, whatever the model would write after them", () => {
    const root = dist([
      [1, 0.2],
      [2, 0.3],
      [3, 0.1],
    ]);
    const paths = [
      [1, CLOSE],
      [2, CLOSE],
      [3, CLOSE],
    ];
    const steps = [
      [root, dist([[CLOSE, 0.9]])],
      [root, dist([[CLOSE, 0.1]])],
      [root, dist([[CLOSE, 0.5]])],
    ];
    expect(grammarChoiceProbabilities(paths, steps)).toEqual([0.2, 0.3, 0.1]);
  });

  it("keeps the model's own odds of going on when a value ends with no suffix to mark it", () => {
    const root = dist([[1, 0.5]]);
    const afterOne = dist([[0, 0.6]]);
    expect(grammarChoiceProbabilities([[1], [1, 0]], [[root], [root, afterOne]])).toEqual([0.5, 0.5 * 0.6]);
  });

  it("gives a choice whose first token the model never writes no probability, unread steps or not", () => {
    const root = dist([[1, 1]]);
    expect(
      grammarChoiceProbabilities(
        [
          [1, CLOSE],
          [2, CLOSE],
        ],
        [[root, dist([[CLOSE, 1]])], [root]],
      ),
    ).toEqual([1, 0]);
  });
});
