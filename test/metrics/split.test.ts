import { describe, expect, it } from "vitest";
import { ContextOverflowError } from "../../src/errors.js";
import {
  cutPoint,
  judgeWithSplitting,
  sentenceSpans,
  splitRecord,
  type TextPart,
} from "../../src/metrics/shared/judge/split.js";

/** A fake judge call that overflows above `limit` characters and otherwise echoes its parts. */
function windowOf(limit: number) {
  const seen: TextPart[][] = [];
  const call = async (parts: TextPart[]) => {
    const size = parts.reduce((n, p) => n + p.text.length, 0);
    if (size > limit) throw new ContextOverflowError("too long", size, limit);
    seen.push(parts);
    return parts.map((p) => p.text);
  };
  return { call, seen };
}

describe("judgeWithSplitting", () => {
  it("makes one call when everything fits", async () => {
    const { call, seen } = windowOf(1000);
    const outcome = await judgeWithSplitting(["a.", "b."], "contexts", call);
    expect(outcome.split).toBe(false);
    expect(seen).toHaveLength(1);
    expect(splitRecord("contexts", outcome)).toBeUndefined();
  });

  it("falls back to one call per context, then sentence chunks, losing nothing", async () => {
    const long = Array.from({ length: 9 }, (_, i) => `Sentence number ${i} is here.`).join(" ");
    const texts = ["Short one.", long, "Another short."];
    const { call } = windowOf(70);
    const outcome = await judgeWithSplitting(texts, "contexts", call);
    expect(outcome.split).toBe(true);
    for (const r of outcome.results) {
      expect(r.parts).toHaveLength(1);
      expect(r.parts[0]!.text.length).toBeLessThanOrEqual(70);
    }
    // Reassembling every part in order gives back each text exactly.
    texts.forEach((text, index) => {
      const pieces = outcome.results.flatMap((r) => r.parts).filter((p) => p.index === index);
      expect(pieces.map((p) => p.text).join("")).toBe(text);
      for (const p of pieces) expect(text.slice(p.start, p.end)).toBe(p.text);
    });
    const record = splitRecord("contexts", outcome)!;
    expect(record.calls).toBe(outcome.results.length);
    expect(record.parts[0]).toEqual([{ index: 0, start: 0, end: 10 }]);
  });

  it("cuts only on sentence boundaries", () => {
    expect(sentenceSpans("One. Two! Three?")).toEqual([
      { start: 0, end: 5 },
      { start: 5, end: 10 },
      { start: 10, end: 16 },
    ]);
  });

  it("throws ContextOverflowError naming the text only when even one character does not fit", async () => {
    const { call } = windowOf(0);
    const run = judgeWithSplitting(["ok.", "This sentence is far too long."], "retrievedContexts", call);
    await expect(run).rejects.toBeInstanceOf(ContextOverflowError);
    await expect(run).rejects.toThrow(
      /retrievedContexts\[0\] characters 0-1: even a single character does not fit the judge's context window/,
    );
  });

  it("cuts a sentence that does not fit at word boundaries", async () => {
    const text = "This sentence is far too long.";
    const { call, seen } = windowOf(10);
    const outcome = await judgeWithSplitting(["ok.", text], "retrievedContexts", call);
    expect(outcome.cuts).toEqual({ sentence: 0, word: expect.any(Number), character: 0 });
    expect(outcome.cuts.word).toBeGreaterThan(0);
    const pieces = seen.flat().filter((p) => p.index === 1);
    expect(pieces.map((p) => p.text).join("")).toBe(text);
    for (const p of pieces.slice(1)) expect(text[p.start - 1]).toBe(" ");
  });

  it("splits a 200 KB context with no punctuation or spaces by characters into parts that all fit", async () => {
    const blob = Array.from({ length: 200_000 }, (_, i) => String.fromCharCode(97 + ((i * 7) % 26))).join("");
    const limit = 4000;
    const { call, seen } = windowOf(limit);
    const started = Date.now();
    const outcome = await judgeWithSplitting(["A short context.", blob], "contexts", call);
    const elapsed = Date.now() - started;
    expect(outcome.split).toBe(true);
    expect(outcome.cuts.sentence).toBe(0);
    expect(outcome.cuts.word).toBe(0);
    expect(outcome.cuts.character).toBeGreaterThan(0);
    // Nothing lost or repeated: the parts of each text, in order, rebuild it exactly.
    const parts = outcome.results.flatMap((r) => r.parts);
    expect(
      parts
        .filter((p) => p.index === 1)
        .map((p) => p.text)
        .join(""),
    ).toBe(blob);
    for (const p of parts)
      expect(p.text).toBe((p.index === 0 ? "A short context." : blob).slice(p.start, p.end));
    // Every call fits; the number of calls stays near the minimum (200 000 / 4000 = 50).
    for (const group of seen) expect(group.reduce((n, p) => n + p.text.length, 0)).toBeLessThanOrEqual(limit);
    expect(outcome.results.length).toBeLessThanOrEqual(100);
    const record = splitRecord("contexts", outcome)!;
    expect(record.cuts).toEqual(outcome.cuts);
    expect(record.calls).toBe(outcome.results.length);
    expect(elapsed).toBeLessThan(10_000);
  });

  it("prefers word boundaries to characters in a long text without sentence punctuation", async () => {
    const words = Array.from({ length: 3000 }, (_, i) => `token${i}`).join(" ");
    const { call } = windowOf(3000);
    const outcome = await judgeWithSplitting([words], "contexts", call);
    expect(outcome.cuts).toMatchObject({ sentence: 0, character: 0 });
    expect(outcome.cuts.word).toBeGreaterThan(0);
    const parts = outcome.results.flatMap((r) => r.parts);
    expect(parts.map((p) => p.text).join("")).toBe(words);
    for (const p of parts.slice(1)) expect(words[p.start - 1]).toBe(" ");
  });

  it("cuts a table (no punctuation) at line ends, which the sentence segmenter treats as boundaries", async () => {
    const table = Array.from({ length: 2000 }, (_, i) => `row${i} | ${i * 3} | ${i % 7}`).join("\n");
    const { call } = windowOf(3000);
    const outcome = await judgeWithSplitting([table], "contexts", call);
    expect(outcome.cuts.sentence).toBeGreaterThan(0);
    const parts = outcome.results.flatMap((r) => r.parts);
    expect(parts.map((p) => p.text).join("")).toBe(table);
    for (const p of parts.slice(1)) expect(table[p.start - 1]).toBe("\n");
  });

  it("packs small contexts greedily into shared calls after an overflow, in order", async () => {
    const texts = Array.from({ length: 12 }, (_, i) => `Context number ${String(i).padStart(2, "0")}.`);
    const size = texts[0]!.length; // 19 characters each, 228 in all
    const { call, seen } = windowOf(100);
    const outcome = await judgeWithSplitting(texts, "contexts", call);
    expect(outcome.split).toBe(true);
    expect(outcome.cuts).toEqual({ sentence: 0, word: 0, character: 0 });
    // Fewer calls than one per context, several contexts per call, all in order, none cut.
    expect(outcome.results.length).toBeLessThan(texts.length);
    expect(outcome.results.some((r) => r.parts.length > 1)).toBe(true);
    const parts = outcome.results.flatMap((r) => r.parts);
    expect(parts.map((p) => p.index)).toEqual(texts.map((_, i) => i));
    for (const p of parts) expect(p.end - p.start).toBe(size);
    for (const group of seen) expect(group.length * size).toBeLessThanOrEqual(100);
  });

  it("never cuts inside a surrogate pair", async () => {
    const emoji = "😀".repeat(40); // 80 UTF-16 code units, no spaces or punctuation
    const { call } = windowOf(7);
    const outcome = await judgeWithSplitting([emoji], "contexts", call);
    const parts = outcome.results.flatMap((r) => r.parts);
    for (const p of parts) {
      expect(p.start % 2).toBe(0);
      expect(p.end % 2).toBe(0);
    }
    expect(parts.map((p) => p.text).join("")).toBe(emoji);
  });

  it("cutPoint prefers a sentence boundary, then a word start, then a character near the middle", () => {
    expect(cutPoint("One. Two three four five six.")).toEqual({ at: 5, kind: "sentence" });
    expect(cutPoint("alpha beta gamma delta")).toEqual({ at: 11, kind: "word" });
    expect(cutPoint("abcdefgh")).toEqual({ at: 4, kind: "character" });
    expect(cutPoint("a")).toBeUndefined();
  });

  it("passes other errors straight through", async () => {
    await expect(
      judgeWithSplitting(["a"], "contexts", async () => {
        throw new Error("judge crashed");
      }),
    ).rejects.toThrow("judge crashed");
  });
});
