// sentenceSpans segments a long text a window at a time (V8's segmenter slows with the whole text's length at every
// step: a 1 MB response took 81 s). A seeded oracle test: on texts built from pieces that exercise the sentence
// rules (abbreviations, quotes, closing brackets, numbers, blank lines), the windowed spans equal Intl.Segmenter's on
// the whole text.
import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../src/math/prng.js";
import { sentenceSpans } from "../../src/metrics/shared/judge/split.js";

const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });
const whole = (text: string) =>
  [...segmenter.segment(text)].map((s) => ({ start: s.index, end: s.index + s.segment.length }));

const pieces = [
  "Paris",
  "is",
  "in",
  "France.",
  "Dr.",
  "Smith",
  "said",
  '"Yes!"',
  "e.g.",
  "3.14",
  "U.S.",
  "rain?",
  "...",
  "oslo",
  "\n\n",
  "(see above).",
  "a)",
  "Mr.",
  "ok",
  "!!",
  "x",
  "“Quoted.”",
  "5 p.m.",
  "i.e.",
  "-",
];

describe("sentenceSpans on long texts", () => {
  it("gives Intl.Segmenter's spans of the whole text on 80 seeded texts of 3 to 25 KB", () => {
    const random = mulberry32(41);
    for (let n = 0; n < 80; n += 1) {
      const words = Array.from(
        { length: 500 + Math.floor(random() * 3500) },
        () => pieces[Math.floor(random() * pieces.length)]!,
      );
      const text = words.join(random() < 0.5 ? " " : "  ");
      expect(sentenceSpans(text), `text ${n}`).toEqual(whole(text));
    }
  });

  it("splits a 1 MB response into its 18,000 sentences", () => {
    const text = Array.from({ length: 18_000 }, (_, i) => `Sentence ${i} says that rain falls on Oslo.`).join(
      " ",
    );
    const spans = sentenceSpans(text);
    expect(spans).toHaveLength(18_000);
    expect(text.slice(spans[17_999]!.start, spans[17_999]!.end)).toBe(
      "Sentence 17999 says that rain falls on Oslo.",
    );
  });
});
