// Issue 19, weak point 4: each row says which of its texts were longer than the embedder's limit and what was
// done (`details.longTexts`), for every embedding metric and every longText mode, on the tiny test encoder
// (maxLength 8), through the cache and batching wrappers too.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeTinyOnnxEncoder } from "../scripts/tiny-onnx-encoder.js";
import { Cache } from "../src/cache/cache.js";
import { countLongTexts } from "../src/cli/long-text-notice.js";
import {
  BatchingEmbeddings,
  CachedEmbeddings,
  type LongText,
  TransformersEmbeddings,
} from "../src/embeddings/index.js";
import { InvalidInputError } from "../src/errors.js";
import { AnswerRelevancy, SASEvaluator, SemanticSimilarity } from "../src/index.js";
import { AnswerCorrectness } from "../src/metrics/answer-correctness/metric.js";
import type { LongTextEntry } from "../src/metrics/shared/embedding/long-texts.js";
import { explainResult } from "../src/testing/explain.js";
import { tinyEncoderDir } from "./setup/paths.js";
import { ScriptedLlm } from "./support/scripted-llm.js";

// 14 one-token words: with maxLength 8 ([CLS] + 6 + [SEP]) the text has 16 tokens and takes 3 windows.
const long = "the of and to in is it you that he was for on are";
const short = "the of and";
const entry = (field: string, handled: LongText, chunks: number): LongTextEntry => ({
  field,
  tokens: 16,
  limit: 8,
  handled,
  chunks,
});
const CHUNKS: Record<LongText, number> = { "chunk-mean": 3, truncate: 1, error: 0 };

beforeAll(async () => {
  if (!existsSync(path.join(tinyEncoderDir, "onnx", "model.onnx")))
    await writeTinyOnnxEncoder(tinyEncoderDir);
});

const loaded: TransformersEmbeddings[] = [];
async function encoder(longText: LongText): Promise<TransformersEmbeddings> {
  const e = await TransformersEmbeddings.load({ model: tinyEncoderDir, maxLength: 8, longText });
  loaded.push(e);
  return e;
}
const dir = mkdtempSync(path.join(tmpdir(), "airgap-long-details-"));
afterAll(async () => {
  await Promise.all(loaded.map((e) => e.dispose()));
  rmSync(dir, { recursive: true, force: true });
});

describe("semantic_similarity: details.longTexts per row", () => {
  for (const mode of ["chunk-mean", "truncate"] as const) {
    it(`${mode}: the long response is listed with its tokens, the limit and ${CHUNKS[mode]} window(s)`, async () => {
      const metric = new SemanticSimilarity({ embeddings: await encoder(mode) });
      const result = await metric.score({ response: long, reference: short });
      expect(result.status).toBe("ok");
      expect(result.details?.longTexts).toEqual([entry("response", mode, CHUNKS[mode])]);
      // What a failing vitest matcher prints.
      expect(explainResult(result)).toContain(
        `texts longer than the embedder's limit:\n    response: 16 tokens, limit 8 (${mode}, ${CHUNKS[mode]} chunk(s))`,
      );
    });
  }

  it("error: an error row naming the field and the token count, still listing the text", async () => {
    const metric = new SemanticSimilarity({ embeddings: await encoder("error") });
    const result = await metric.score({ response: short, reference: long });
    expect(result).toMatchObject({ value: null, status: "error" });
    expect(result.error).toMatch(/reference has 16 tokens .*limit of 8, and longText is "error"/);
    expect(result.details?.longTexts).toEqual([entry("reference", "error", 0)]);
  });

  it("a row whose texts fit has no longTexts key; in a batch, only the long row fails under error", async () => {
    const metric = new SemanticSimilarity({ embeddings: await encoder("error") });
    const [bad, good] = await metric.scoreBatch([
      { response: long, reference: long },
      { response: short, reference: "he was" },
    ]);
    expect(bad!.status).toBe("error");
    expect(bad!.details?.longTexts).toEqual([entry("response", "error", 0), entry("reference", "error", 0)]);
    expect(good!.status).toBe("ok");
    expect(Object.keys(good!.details!)).toEqual(["similarity", "promptVersions"]);
    expect(countLongTexts([bad!, good!])).toBe(2);
  });

  it("a cached vector reports the same entry as a computed one; batching passes entries per caller", async () => {
    const cache = Cache.open({ path: path.join(dir, "cache.sqlite") });
    try {
      const tiny = await encoder("chunk-mean");
      const first = await new SemanticSimilarity({ embeddings: new CachedEmbeddings(tiny, cache) }).score({
        response: long,
        reference: short,
      });
      expect(tiny.stats().chunkedTexts).toBe(1);
      // A fresh encoder (empty memo) behind the same cache: nothing reaches the model, the entry is still there.
      const fresh = await encoder("chunk-mean");
      const again = await new SemanticSimilarity({ embeddings: new CachedEmbeddings(fresh, cache) }).score({
        response: long,
        reference: short,
      });
      expect(fresh.stats().modelTexts).toBe(0);
      expect(again).toEqual(first);
      expect(again.details?.longTexts).toEqual([entry("response", "chunk-mean", 3)]);

      const batching = new BatchingEmbeddings(await encoder("error"));
      const [refused, fine] = await Promise.allSettled([
        batching.embed([long]),
        batching.embedDetailed([short, long]),
      ]);
      // A refused text rejects only the plain `embed` call that asked for it, with embed's own error.
      expect(refused).toMatchObject({ status: "rejected", reason: { name: "InvalidInputError" } });
      expect(fine).toMatchObject({
        status: "fulfilled",
        value: { longTexts: [undefined, { tokens: 16, limit: 8, handled: "error", chunks: 0 }] },
      });
    } finally {
      cache.close();
    }
  });
});

describe("SASEvaluator: longTexts per row", () => {
  it("lists the long answer in its row; under error it throws naming the row, list and token count", async () => {
    const sas = new SASEvaluator({ embeddings: await encoder("truncate") });
    const { results } = await sas.run({
      predictedAnswers: [short, long],
      groundTruthAnswers: [short, short],
    });
    expect(results[0]).not.toHaveProperty("longTexts");
    expect(results[1]!.longTexts).toEqual([entry("predictedAnswers", "truncate", 1)]);

    const strict = new SASEvaluator({ embeddings: await encoder("error") });
    const err = await strict
      .run({ predictedAnswers: [short, short], groundTruthAnswers: [short, long] })
      .catch((caught: unknown) => caught);
    expect(err).toBeInstanceOf(InvalidInputError);
    expect(err).toMatchObject({ row: 1, field: "groundTruthAnswers" });
    expect((err as Error).message).toMatch(/16 tokens .*limit of 8/);
  });
});

describe("answer_relevancy and answer_correctness: longTexts per row", () => {
  const relevancy = async (mode: LongText) =>
    new AnswerRelevancy({
      llm: new ScriptedLlm({
        "answer_relevancy/questions": () => ({ questions: [{ question: "he was on", noncommittal: 0 }] }),
      }),
      embeddings: await encoder(mode),
      strictness: 1,
    });

  it("answer_relevancy lists a long user input; under error the row is an error naming userInput", async () => {
    const chunked = await relevancy("chunk-mean");
    const ok = await chunked.score({ userInput: long, response: short });
    expect(ok.status).toBe("ok");
    expect(ok.details?.longTexts).toEqual([entry("userInput", "chunk-mean", 3)]);
    // The response is read by the judge, not embedded: it is never listed.
    const fits = await chunked.score({ userInput: short, response: long });
    expect(fits.details).not.toHaveProperty("longTexts");

    const refused = await (await relevancy("error")).score({ userInput: long, response: short });
    expect(refused.status).toBe("error");
    expect(refused.error).toMatch(/userInput has 16 tokens/);
    expect(refused.details?.longTexts).toEqual([entry("userInput", "error", 0)]);
  });

  it("answer_correctness lists a long response in the similarity part", async () => {
    const llm = new ScriptedLlm({ "faithfulness/statements": () => ({ statements: [] }) });
    const metric = new AnswerCorrectness({ llm, embeddings: await encoder("truncate") });
    const result = await metric.score({ userInput: "he", response: long, reference: short });
    expect(result.status).toBe("ok");
    expect(result.details?.longTexts).toEqual([entry("response", "truncate", 1)]);
  });
});
