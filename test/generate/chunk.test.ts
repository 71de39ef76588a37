import { describe, expect, it } from "vitest";
import { chunkDocument, sections } from "../../src/generate/chunk.js";
import { splitSentences } from "../../src/generate/sentences.js";

// One token per word: easy to count by eye.
const words = (text: string) => text.split(/\s+/).filter((w) => w !== "").length;

describe("splitSentences", () => {
  it("cuts at sentence ends, not after abbreviations or initials, and at paragraph and list breaks", () => {
    const text = "Dr. Smith came, e.g. today. J. Doe left! Why?\n\nNew para\n- item one\n- item two";
    const spans = splitSentences(text).map((s) => text.slice(s.start, s.end));
    expect(spans).toEqual([
      "Dr. Smith came, e.g. today.",
      "J. Doe left!",
      "Why?",
      "New para",
      "- item one",
      "- item two",
    ]);
  });
});

describe("chunkDocument", () => {
  it("packs whole sentences up to the token limit, never across a heading, with offsets and heading paths", () => {
    const text =
      "# Guide\nIntro one two. Three four.\n\n## Setup\nAb cd ef. Gh ij kl. Mn op qr.\n```\n# not a heading\n```\n### Deep\nLast words here.";
    const chunks = chunkDocument({ id: "g.md", text }, { maxTokens: 6, countTokens: words });
    for (const chunk of chunks) {
      expect(chunk.text).toBe(text.slice(chunk.start, chunk.end));
      expect(chunk.tokens).toBe(words(chunk.text));
      expect(chunk.tokens).toBeLessThanOrEqual(6);
    }
    expect(chunks.map((c) => [c.id, c.text, c.headings])).toEqual([
      ["g.md#0", "Intro one two. Three four.", ["Guide"]],
      ["g.md#1", "Ab cd ef. Gh ij kl.", ["Guide", "Setup"]],
      ["g.md#2", "Mn op qr.", ["Guide", "Setup"]],
      ["g.md#3", "```\n# not a heading\n```", ["Guide", "Setup"]],
      ["g.md#4", "Last words here.", ["Guide", "Setup", "Deep"]],
    ]);
  });

  it("throws naming the document and offset when one sentence is longer than a chunk", () => {
    const text = "Short. This single sentence has far too many words to fit.";
    expect(() => chunkDocument({ id: "long.txt", text }, { maxTokens: 5, countTokens: words })).toThrow(
      'document "long.txt" has a sentence of 10 tokens at character 7 ("This single sentence has far too many words to fit.…"), more than a chunk holds (5); raise --chunk-tokens',
    );
  });

  it("keeps the heading path when a heading of the same or a higher level follows", () => {
    const s = sections("# A\nx\n## B\ny\n# C\nz");
    expect(s.map((x) => x.headings)).toEqual([["A"], ["A", "B"], ["C"]]);
  });
});
