// rougeTokens finds rouge_score's tokens in one scan; here it is checked against the regex steps of
// rouge_score's tokenizer (lower-case, non-[a-z0-9] runs to spaces, split, stem, keep [a-z0-9]+).
import { describe, expect, it } from "vitest";
import { porterStem } from "../../../src/metrics/rouge-score/porter-stemmer.js";
import { lcsLength, rougeTokens } from "../../../src/metrics/rouge-score/score.js";
import { expectSameOnGenerated, lcg, piecesText } from "../../support/generated-text.js";

function regexRougeTokens(text: string, stem: boolean): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .split(/\s+/)
    .filter((token) => token !== "")
    .map((token) => (stem && token.length > 3 ? porterStem(token) : token))
    .filter((token) => /^[a-z0-9]+$/.test(token));
}

/** The textbook LCS table, in full. */
function lcsByTable(a: readonly string[], b: readonly string[]): number {
  const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      table[i]![j] =
        a[i - 1] === b[j - 1] ? table[i - 1]![j - 1]! + 1 : Math.max(table[i - 1]![j]!, table[i]![j - 1]!);
    }
  }
  return table[a.length]![b.length]!;
}

describe("rougeTokens", () => {
  it("gives the regex steps' tokens on 20,000 generated texts, stemmed and not", () => {
    const pieces = [
      "Running",
      "cats",
      "the",
      "a",
      "1889",
      "x2",
      " ",
      "  ",
      "\t",
      "\n",
      ".",
      ",",
      "-",
      "'",
      "é",
      "İ",
      "\u212a",
      "ß",
      "😀",
      "generously",
      "skies",
      "dying",
      "CAPITAL",
      "mid-2024",
      "e.g.",
      "_",
      "\u0000",
    ];
    expectSameOnGenerated(
      20_000,
      11,
      (next, i) => ({ text: piecesText(pieces, 12, next), stem: i % 2 === 0 }),
      ({ text, stem }) => rougeTokens(text, stem),
      ({ text, stem }) => regexRougeTokens(text, stem),
    );
  });

  it("gives the full table's LCS length, whatever the lengths met before", () => {
    const words = ["a", "b", "c", "d"];
    const next = lcg(5);
    const list = () => Array.from({ length: Math.floor(next() * 90) }, () => words[Math.floor(next() * 4)]!);
    for (let i = 0; i < 500; i++) {
      const a = list();
      const b = list();
      expect(lcsLength(a, b)).toBe(lcsByTable(a, b));
    }
  });
});
