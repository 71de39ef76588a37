// chrF counts character n-grams by integer id on densely numbered code points; here its statistics
// are checked against string-keyed counting (sacrebleu's own way) on generated texts.
import { describe, it } from "vitest";
import { corpusChrf } from "../../../src/metrics/chrf-score/score.js";
import { ngramCounts, overlap, total } from "../../../src/metrics/shared/text/counter.js";
import { isPythonWhitespace } from "../../../src/metrics/shared/text/python-str.js";
import { expectSameOnGenerated, piecesText } from "../../support/generated-text.js";

/** sacrebleu `extract_all_char_ngrams` + `_get_match_statistics` with string keys, orders 1..6. */
function stringKeyedStatistics(hypothesis: string, reference: string): Array<[number, number, number]> {
  const chars = (text: string) => Array.from(text).filter((c) => !isPythonWhitespace(c.codePointAt(0)!));
  const hyp = chars(hypothesis);
  const ref = chars(reference);
  return [1, 2, 3, 4, 5, 6].map((n) => {
    const h = ngramCounts(hyp, n, "\u0000");
    const r = ngramCounts(ref, n, "\u0000");
    return [r.size > 0 ? total(h) : 0, total(r), overlap(h, r)];
  });
}

describe("chrF character statistics", () => {
  it("equal string-keyed counting on 5,000 generated pairs", () => {
    const pieces = [
      "ab",
      "ba",
      "a",
      "b",
      "the",
      "eht",
      " ",
      "\t",
      "é",
      "e\u0301",
      "😀",
      "😁",
      "ab😀",
      ".",
      "1",
      "\u0000",
    ];
    expectSameOnGenerated(
      5_000,
      23,
      (next) => [piecesText(pieces, 30, next), piecesText(pieces, 30, next)] as const,
      ([hypothesis, reference]) => corpusChrf([hypothesis], [[reference]]).statistics,
      ([hypothesis, reference]) => stringKeyedStatistics(hypothesis, reference),
    );
  });
});
