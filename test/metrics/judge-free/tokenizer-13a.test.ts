// The 13a tokenizer runs sacrebleu's four regex rules as a scan over code units; here it is checked
// against those regexes, applied as sacrebleu applies them, on many generated lines.
import { describe, expect, it } from "vitest";
import { tokens13a } from "../../../src/metrics/bleu-score/tokenizer-13a.js";
import { pythonSplit } from "../../../src/metrics/shared/text/python-str.js";
import { expectSameOnGenerated, piecesText } from "../../support/generated-text.js";

/** sacrebleu `Tokenizer13a` with `TokenizerRegexp`, written as its regexes (the oracle). */
function regexTokens13a(input: string): string[] {
  let line = input;
  const unescapes: Array<[string, string]> = [
    ["&quot;", '"'],
    ["&amp;", "&"],
    ["&lt;", "<"],
    ["&gt;", ">"],
  ];
  for (const [from, to] of [["<skipped>", ""], ["-\n", ""], ["\n", " "], ...unescapes]) {
    line = line.split(from!).join(to!);
  }
  line = ` ${line} `;
  line = line.replace(/([\x7b-\x7e\x5b-\x60\x20-\x26\x28-\x2b\x3a-\x40\x2f])/g, " $1 ");
  line = line.replace(/([^0-9])([.,])/g, "$1 $2 ");
  line = line.replace(/([.,])([^0-9])/g, " $1 $2");
  line = line.replace(/([0-9])(-)/g, "$1 $2 ");
  return pythonSplit(line);
}

describe("tokens13a", () => {
  // First in the file: the span buffer is still at its first size, so growing it mid-line is tested.
  it("handles long lines on the rule-by-rule path (a period or comma after another)", () => {
    for (const line of ["a..".repeat(3_000), "x,.y 3.,4 ".repeat(2_000), `${"w ".repeat(500)}..`]) {
      expect(tokens13a(line)).toEqual(regexTokens13a(line));
    }
  });

  it("gives the regex rules' tokens on 20,000 generated lines", () => {
    const pieces = [
      "a",
      "Z",
      "1",
      "9",
      "0",
      ".",
      ",",
      "-",
      " ",
      "  ",
      "\t",
      "\n",
      "-\n",
      "'",
      '"',
      "(",
      ")",
      "/",
      "&",
      "&amp;",
      "&lt;",
      "&gt;",
      "&quot;",
      "<skipped>",
      "<",
      "e.g.",
      "3.14",
      "1,000",
      "1-2",
      "é",
      "😀",
      "\u0085",
      "\u00a0",
      "\u3000",
      "\ufeff",
      "\u001c",
      "word",
      "x.,y",
      "..",
      ",,",
      "--",
      "$",
      "@",
      "~",
    ];
    expectSameOnGenerated(20_000, 7, (next) => piecesText(pieces, 14, next), tokens13a, regexTokens13a);
  });

  it("handles the empty line, whitespace only, and a long line", () => {
    for (const line of ["", " ", "\n", "<skipped>", "a.".repeat(5_000), "1-".repeat(5_000)]) {
      expect(tokens13a(line)).toEqual(regexTokens13a(line));
    }
  });
});
