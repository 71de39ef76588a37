import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../../../src/errors.js";
import { createMetric } from "../../../src/metrics/catalog.js";
import { QuotedSpansAlignment } from "../../../src/metrics/quoted-spans-alignment/metric.js";
import {
  normalizeQuoteText,
  quotedSpans,
  quotedSpansAlignment,
} from "../../../src/metrics/quoted-spans-alignment/score.js";

describe("quoted_spans_alignment", () => {
  it("reads spans between any of Ragas' quote marks, keeping those of minWords words or more", () => {
    expect(quotedSpans('"first span here" and then “second span here” in text', 3)).toEqual([
      "first span here",
      "second span here",
    ]);
    expect(quotedSpans("He said 'a b' and `one two three four`", 3)).toEqual(["one two three four"]);
    expect(quotedSpans('only "two words" here', 3)).toEqual([]);
    expect(quotedSpans('a quote "across\nlines is not one" span', 3)).toEqual([]);
    expect(normalizeQuoteText("  Hello \n\n  World  ")).toBe("hello world");
  });

  it("scores the share of spans found in the joined contexts, 1 when nothing is quoted", () => {
    const contexts = ["Machine learning and deep learning models", "are popular today."];
    const all = quotedSpansAlignment(
      '"Machine Learning and deep" and "models are popular"',
      contexts,
      3,
      true,
    );
    expect(all.score).toBe(1); // the second span crosses the join of the two contexts
    const half = quotedSpansAlignment(
      '"deep learning models" but "quantum computing is here"',
      contexts,
      3,
      true,
    );
    expect(half).toEqual({
      score: 0.5,
      spans: [
        { span: "deep learning models", found: true },
        { span: "quantum computing is here", found: false },
      ],
    });
    expect(quotedSpansAlignment("no quotes at all", contexts, 3, true)).toEqual({ score: 1, spans: [] });
    expect(quotedSpansAlignment('"Machine Learning and deep"', contexts, 3, false).score).toBe(0);
  });

  it("is built from its descriptor: defaults, options checked, recorded in the config", async () => {
    const metric = new QuotedSpansAlignment();
    expect(metric.name).toBe("quoted_spans_alignment");
    expect(metric.config().options).toEqual({ minSpanWords: 3, casefold: true, skipApostrophes: false });
    const result = await metric.score({
      response: 'The guide says "the tower was finished in 1889".',
      retrievedContexts: ["The Tower was finished in 1889 for the fair."],
    });
    expect(result).toMatchObject({
      value: 1,
      status: "ok",
      reason: "1 of 1 quoted spans occur in the retrieved contexts",
    });
    expect(createMetric("quoted_spans_alignment", {}, { minSpanWords: 6 }).config().options).toEqual({
      minSpanWords: 6,
      casefold: true,
      skipApostrophes: false,
    });
    expect(() => new QuotedSpansAlignment({ minSpanWords: 0 })).toThrow(InvalidInputError);
    expect(() => metric.scoreSync({ response: "x", retrievedContexts: "not a list" } as never, 4)).toThrow(
      expect.objectContaining({ field: "retrievedContexts", row: 4 }),
    );
  });
});

describe("quoted_spans_alignment, apostrophes", () => {
  it("reads them as quote marks, as Ragas does, unless skipApostrophes", () => {
    const response =
      "The virus's protein trains the immune system, and it's 'safe for most people' they say.";
    expect(quotedSpans(response, 3)).toEqual([
      "s protein trains the immune system, and it",
      "safe for most people",
    ]);
    expect(quotedSpans(response, 3, true)).toEqual(["safe for most people"]);
    expect(quotedSpans("It\u2019s \u2018a curly quote here\u2019, isn\u2019t it", 3, true)).toEqual([
      "a curly quote here",
    ]);
    const contexts = ["Doctors say it is safe for most people."];
    expect(quotedSpansAlignment(response, contexts, 3, true).score).toBe(0.5);
    expect(quotedSpansAlignment(response, contexts, 3, true, true).score).toBe(1);
  });
});

describe("quoted_spans_alignment, Python's whitespace", () => {
  it("counts words and folds whitespace as Python does (U+001C..U+001F and U+0085 are spaces, U+FEFF is not)", () => {
    expect(quotedSpans('"a\u001cb\u0085c"', 3)).toEqual(["a\u001cb\u0085c"]);
    expect(quotedSpans('"a\ufeffb c"', 3)).toEqual([]);
    expect(normalizeQuoteText("\u0085 A\u001fB ")).toBe("a b");
  });
});
