// Comparison keys of the retrieval metrics: a string is its own key, every other kind of value gets a
// key beginning with NUL, and no string can take the key of another kind.
import { describe, expect, it } from "vitest";
import { reciprocalRank } from "../../../src/metrics/document-mrr/score.js";
import { comparisonKey } from "../../../src/sample/documents.js";

describe("comparisonKey", () => {
  it("keeps kinds apart, whatever the string holds", () => {
    const key = (value: unknown) => comparisonKey({ meta: { k: value } }, "meta.k");
    expect(key("Paris")).toBe("Paris");
    expect(key(1)).toBe(key(1.0));
    expect(key(1)).toBe(key(true));
    const values: unknown[] = [
      1,
      "1",
      true,
      "\u0000n:1",
      "\u0000s:1",
      [1],
      "[1]",
      "\u0000j:[1]",
      { a: 1 },
      "\u0000",
    ];
    const keys = values.map(key);
    // 1 and true are equal (as in Python); every other pair differs.
    expect(new Set(keys).size).toBe(values.length - 1);
  });

  it("matches NUL-led strings only with themselves", () => {
    const docs = (...contents: string[]) => contents.map((content) => ({ content }));
    expect(reciprocalRank(docs("\u0000n:1"), docs("1", "\u0000n:1"), "content").firstHitRank).toBe(2);
    expect(reciprocalRank(docs("\u0000s:x"), docs("x"), "content").firstHitRank).toBeNull();
  });
});
