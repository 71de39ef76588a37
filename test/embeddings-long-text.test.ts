// longText ("chunk-mean" | "truncate" | "error") on the tiny test encoder (maxLength set small) and on the
// starter GloVe embedder (512 tokens), including issue 19's case: the same words in two orders against "Paris".
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeTinyOnnxEncoder } from "../scripts/tiny-onnx-encoder.js";
import { longTextNotice } from "../src/cli/long-text-notice.js";
import { cosineSimilarity, TransformersEmbeddings } from "../src/embeddings/index.js";
import { InvalidInputError } from "../src/errors.js";
import { starterModelDir, tinyEncoderDir } from "./setup/paths.js";

// 14 words, one token each for the tiny encoder: with maxLength 8 ([CLS] + 6 + [SEP]) the windows hold 6, 6, 2.
const words = "the of and to in is it you that he was for on are".split(" ");
const long = words.join(" ");

beforeAll(async () => {
  if (!existsSync(path.join(tinyEncoderDir, "onnx", "model.onnx")))
    await writeTinyOnnxEncoder(tinyEncoderDir);
});

describe("longText on the tiny encoder (maxLength 8)", () => {
  const loaded: TransformersEmbeddings[] = [];
  async function load(options: Partial<Parameters<typeof TransformersEmbeddings.load>[0]>) {
    const e = await TransformersEmbeddings.load({ model: tinyEncoderDir, maxLength: 8, ...options });
    loaded.push(e);
    return e;
  }
  afterAll(async () => {
    await Promise.all(loaded.map((e) => e.dispose()));
  });

  it("chunk-mean is the default: the token-weighted mean of the windows' pooled vectors, then normalized", async () => {
    const raw = await load({ normalize: false, memoSize: 0 });
    expect(raw.longText).toBe("chunk-mean");
    const windows = [words.slice(0, 6), words.slice(6, 12), words.slice(12)].map((w) => w.join(" "));
    const parts = await raw.embed(windows);
    const expected = new Float32Array(raw.dimensions);
    for (let k = 0; k < expected.length; k++)
      expected[k] = (6 * parts[0]![k]! + 6 * parts[1]![k]! + 2 * parts[2]![k]!) / 14;
    const { vectors, chunkedIndices, truncated } = await raw.embedDetailed(["cat", long, long]);
    expect(chunkedIndices).toEqual([1, 2]);
    expect(truncated).toBe(0);
    for (let k = 0; k < expected.length; k++) expect(vectors[1]![k]).toBeCloseTo(expected[k]!, 5);
    expect(raw.stats()).toMatchObject({ chunkedTexts: 1, truncatedTexts: 0 });

    const unit = await load({});
    const [v] = await unit.embed([long]);
    expect(cosineSimilarity(v!, expected)).toBeCloseTo(1, 5);
    expect(Math.hypot(...v!)).toBeCloseTo(1, 5);
  });

  it("truncate embeds the first window only and counts the text", async () => {
    const e = await load({ longText: "truncate" });
    const [cut, firstSix] = await e.embed([long, words.slice(0, 6).join(" ")]);
    expect(cosineSimilarity(cut!, firstSix!)).toBeCloseTo(1, 6);
    expect(e.stats()).toMatchObject({ truncatedTexts: 1, chunkedTexts: 0 });
  });

  it("error throws an InvalidInputError naming the text's index, its token count and the limit", async () => {
    const e = await load({ longText: "error" });
    const err = await e.embed(["cat", long]).catch((caught: unknown) => caught);
    expect(err).toBeInstanceOf(InvalidInputError);
    expect(err).toMatchObject({ row: 1, field: "texts[1]" });
    expect((err as Error).message).toMatch(/16 tokens .*limit of 8/);
    expect(await e.embed(["cat", "hello world"])).toHaveLength(2);
  });

  it("records longText in the provenance settings and rejects an unknown mode naming the option", async () => {
    const chunked = await load({});
    const cut = await load({ longText: "truncate" });
    expect(chunked.provenance().settings).toMatchObject({ longText: "chunk-mean" });
    expect(cut.provenance().settings).toMatchObject({ longText: "truncate" });
    await expect(
      TransformersEmbeddings.load({ model: tinyEncoderDir, longText: "middle" as never }),
    ).rejects.toMatchObject({ name: "InvalidInputError", field: "longText" });
  });

  it("the run notice counts the long texts once, naming the mode", async () => {
    const e = await load({ longText: "truncate" });
    expect(longTextNotice(e)).toBeUndefined();
    await e.embed([long, `${long} more`, "cat"]);
    expect(longTextNotice(e)).toBe(
      "airgap-eval: 2 texts were longer than the embedder's 8 tokens and truncated (their tail was not embedded) " +
        '(--long-text truncate; see docs/embeddings.md, "Long texts")',
    );
  });
});

describe("issue 19: the relevant words after the 512-token limit (starter embedder)", () => {
  // 520 filler words the starter vocabulary knows, unrelated to France, and 300 words about Paris: the Paris
  // half is past the 512-token limit in one order and inside it in the other.
  const filler = Array.from(
    { length: 520 },
    (_, i) => ["green", "river", "music", "table", "winter"][i % 5],
  ).join(" ");
  const relevant = Array.from({ length: 50 }, () => "paris is the capital of france").join(" ");
  const late = `${filler} ${relevant}`;
  const early = `${relevant} ${filler}`;

  async function scores(longText: "truncate" | "chunk-mean"): Promise<[number, number]> {
    const e = await TransformersEmbeddings.load({ model: starterModelDir, longText });
    try {
      const [paris, a, b] = await e.embed(["Paris", late, early]);
      return [cosineSimilarity(paris!, a!), cosineSimilarity(paris!, b!)];
    } finally {
      await e.dispose();
    }
  }

  it("truncate loses the late words; chunk-mean scores both orders alike", async () => {
    const [lateCut, earlyCut] = await scores("truncate");
    const [lateChunked, earlyChunked] = await scores("chunk-mean");
    // Truncated: the late copy never sees "paris" (measured 0.13 against 0.64).
    expect(earlyCut - lateCut).toBeGreaterThan(0.3);
    // Chunked: every word counts, in either order (measured 0.391 and 0.392; averaged word vectors have no
    // position, and only the windows' own [CLS]/[SEP] differ).
    expect(Math.abs(lateChunked - earlyChunked)).toBeLessThan(5e-3);
    expect(lateChunked).toBeGreaterThan(lateCut + 0.2);
  });
});
