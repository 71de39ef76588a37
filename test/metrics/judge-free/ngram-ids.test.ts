import { describe, expect, it } from "vitest";
import { NgramIds } from "../../../src/metrics/shared/text/ngram-ids.js";

describe("NgramIds", () => {
  it("gives stable dense ids, keeps them when the table grows, and restarts after reset", () => {
    const ids = new NgramIds();
    ids.reset(1);
    const first = Array.from({ length: 5000 }, (_, i) => ids.id(i % 7, i));
    expect(first).toEqual(Array.from({ length: 5000 }, (_, i) => i + 1));
    // Same (prefix, symbol) pairs after the table grew past its first size: same ids.
    expect(Array.from({ length: 5000 }, (_, i) => ids.id(i % 7, i))).toEqual(first);
    expect(ids.id(3, 2)).toBe(5001);
    expect(ids.count).toBe(5001);
    ids.reset(10);
    expect(ids.id(0, 42)).toBe(1);
    expect(ids.id(1, 42)).toBe(2);
    expect(ids.id(0, 42)).toBe(1);
  });
});
