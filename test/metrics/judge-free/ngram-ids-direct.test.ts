// NgramIds' directly indexed mode and DenseSymbols: the same ids as the hashed table, and the bounds
// it relies on are checked.
import { describe, expect, it } from "vitest";
import { DenseSymbols } from "../../../src/metrics/shared/text/dense-symbols.js";
import { NgramIds } from "../../../src/metrics/shared/text/ngram-ids.js";
import { lcg } from "../../support/generated-text.js";

describe("NgramIds direct mode", () => {
  it("hands out the same ids as the hashed table, call for call", () => {
    const next = lcg(3);
    const hashed = new NgramIds();
    const direct = new NgramIds();
    for (let round = 0; round < 50; round++) {
      const alphabet = 1 + Math.floor(next() * 40);
      const symbols = Array.from({ length: Math.floor(next() * 300) }, () => Math.floor(next() * alphabet));
      hashed.reset(symbols.length * 4 + 1);
      direct.reset(symbols.length * 4 + 1, alphabet);
      for (let i = 0; i < symbols.length; i++) {
        let a = 0;
        let b = 0;
        for (let n = 0; n < 4 && i + n < symbols.length; n++) {
          a = hashed.id(a, symbols[i + n]!);
          b = direct.id(b, symbols[i + n]!);
          expect(b).toBe(a);
        }
      }
      expect(direct.count).toBe(hashed.count);
      for (let k = 0; k < 100; k++) {
        const prefix = Math.floor(next() * (hashed.count + 1));
        const symbol = Math.floor(next() * (alphabet + 3));
        expect(direct.find(prefix, symbol)).toBe(hashed.find(prefix, symbol));
      }
    }
  });

  it("throws past the announced number of ids, and falls back to hashing for large tables", () => {
    const ids = new NgramIds();
    ids.reset(2, 10);
    ids.id(0, 1);
    ids.id(0, 2);
    expect(() => ids.id(0, 3)).toThrow(RangeError);
    ids.reset(2000, 1000); // 2 million cells, above the direct limit: hashed, and growing past 2000
    for (let s = 0; s < 5000; s++) expect(ids.id(0, s)).toBe(s + 1);
    expect(ids.find(0, 4999)).toBe(5000);
    expect(ids.find(0, 5000)).toBe(0);
  });
});

describe("DenseSymbols", () => {
  it("numbers symbols in order of first meeting, BMP and astral alike, and forgets them on reset", () => {
    const dense = new DenseSymbols();
    dense.reset();
    expect([0x61, 0x1f600, 0x61, 0x62, 0x1f600].map((s) => dense.of(s))).toEqual([0, 1, 0, 2, 1]);
    expect(dense.size).toBe(3);
    expect(dense.known(0x62)).toBe(2);
    expect(dense.known(0x63)).toBe(-1);
    expect(dense.known(0x1f601)).toBe(-1);
    dense.reset();
    expect(dense.known(0x61)).toBe(-1);
    expect(dense.known(0x1f600)).toBe(-1);
    expect(dense.of(0x62)).toBe(0);
  });
});
