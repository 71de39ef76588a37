import { describe, expect, it } from "vitest";
import { ContextOverflowError } from "../../src/errors.js";
import {
  judgeWithSplitting,
  sentenceSpans,
  splitRecord,
  type TextPart,
} from "../../src/metrics/shared/split.js";

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

  it("throws ContextOverflowError naming the text when one sentence does not fit", async () => {
    const { call } = windowOf(10);
    await expect(
      judgeWithSplitting(["ok.", "This sentence is far too long."], "retrievedContexts", call),
    ).rejects.toThrow(/retrievedContexts\[1\] characters 0-30 form one sentence that does not fit/);
  });

  it("passes other errors straight through", async () => {
    await expect(
      judgeWithSplitting(["a"], "contexts", async () => {
        throw new Error("judge crashed");
      }),
    ).rejects.toThrow("judge crashed");
  });
});
