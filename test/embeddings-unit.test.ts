// Unit tests of the embeddings layer's pure parts: input validation, pooling, normalization, cosine.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { normalizeInPlace, poolRow } from "../src/embeddings/pooling.js";
import { runtimeVersions } from "../src/embeddings/runtime-versions.js";
import { validateTexts } from "../src/embeddings/validate-texts.js";
import { InvalidInputError } from "../src/errors.js";
import { cosineSimilarity } from "../src/math/cosine.js";
import { installedVersion } from "../src/util/installed-version.js";
import { repoRoot } from "./setup/paths.js";

describe("validateTexts", () => {
  it("accepts non-empty strings, including ones with surrounding spaces", () => {
    expect(() => validateTexts(["a", " b ", "ünïcode", "\u00a0x"])).not.toThrow();
    expect(() => validateTexts([])).not.toThrow();
  });

  it("names the index and field of the first bad item", () => {
    const bad: Array<[unknown, string]> = [
      ["", "empty"],
      [" \t\n\u00a0", "whitespace-only"],
      [undefined, "got undefined"],
      [{ text: "a" }, "got object"],
      [["a"], "got an array"],
      [7, "got number"],
    ];
    for (const [value, message] of bad) {
      try {
        validateTexts(["ok", "fine", value]);
        expect.unreachable("should throw");
      } catch (err) {
        expect(err).toBeInstanceOf(InvalidInputError);
        const e = err as InvalidInputError;
        expect(e.row).toBe(2);
        expect(e.field).toBe("texts[2]");
        expect(e.message).toContain(message);
        expect(e.message).toMatch(/^row 2, field "texts\[2\]": /);
      }
    }
  });

  it("rejects a non-array", () => {
    expect(() => validateTexts("abc")).toThrow(/expected an array of strings, got string/);
  });
});

describe("poolRow", () => {
  // Batch of 2 sequences, seqLength 3, dims 2. Row 1 has 2 real tokens and one pad (large values).
  const hidden = Float32Array.from([1, 2, 3, 4, 5, 6, /* row 1 */ 10, 20, 30, 40, 999, -999]);

  it("averages only the real tokens (padding never counts)", () => {
    expect(Array.from(poolRow(hidden, 0, 3, 2, 3, "mean"))).toEqual([3, 4]);
    expect(Array.from(poolRow(hidden, 1, 3, 2, 2, "mean"))).toEqual([20, 30]);
  });

  it("cls takes the first token of the row", () => {
    expect(Array.from(poolRow(hidden, 1, 3, 2, 2, "cls"))).toEqual([10, 20]);
  });
});

describe("normalizeInPlace", () => {
  it("scales to unit length", () => {
    const v = normalizeInPlace(Float32Array.of(3, 4));
    expect(v[0]).toBeCloseTo(0.6, 6);
    expect(v[1]).toBeCloseTo(0.8, 6);
  });

  it("leaves a zero vector zero instead of producing NaN", () => {
    expect(Array.from(normalizeInPlace(new Float32Array(3)))).toEqual([0, 0, 0]);
  });
});

describe("cosineSimilarity", () => {
  it("computes the cosine of the angle", () => {
    expect(cosineSimilarity([1, 0], [1, 1])).toBeCloseTo(Math.SQRT1_2, 12);
    expect(cosineSimilarity(Float32Array.of(1, 2, 3), Float32Array.of(2, 4, 6))).toBeCloseTo(1, 6);
    expect(cosineSimilarity([1, 0], [-3, 0])).toBe(-1);
    expect(cosineSimilarity([1, 0], [0, 5])).toBe(0);
  });

  it("stays within [-1, 1] despite rounding", () => {
    const v = Float32Array.from({ length: 384 }, (_, i) => Math.sin(i) * 0.1);
    const value = cosineSimilarity(v, v);
    expect(value).toBeLessThanOrEqual(1);
    expect(value).toBeCloseTo(1, 6);
  });

  it("returns 0 (not NaN) when either vector is zero", () => {
    expect(cosineSimilarity([0, 0], [1, 2])).toBe(0);
    expect(cosineSimilarity([1, 2], [0, 0])).toBe(0);
    expect(cosineSimilarity([], [])).toBe(0);
  });

  it("throws on a length mismatch", () => {
    expect(() => cosineSimilarity([1, 2], [1, 2, 3])).toThrow(RangeError);
    expect(() => cosineSimilarity([1, 2], [1, 2, 3])).toThrow(/different lengths \(2 and 3\)/);
  });
});

describe("runtimeVersions", () => {
  it("reads the installed onnxruntime-node and @huggingface/tokenizers (scoped, package.json not exported)", () => {
    const pins = (
      JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as {
        dependencies: Record<string, string>;
      }
    ).dependencies;
    expect(runtimeVersions()).toEqual({
      onnxruntime: pins["onnxruntime-node"],
      tokenizers: pins["@huggingface/tokenizers"],
    });
    expect(installedVersion("no-such-package-airgap-eval")).toBe("unknown");
  });
});
