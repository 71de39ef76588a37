// sharedModels with the cache loads a model only when a call misses the cache: a rerun whose every answer is cached
// loads neither the judge nor the embedder (a new test worker is simulated by clearing the worker's store). The
// identity the cache keys need is remembered from the last load, keyed by the files and settings; a model that loads
// differently from the one remembered fails that call and is remembered anew.
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { Cache } from "../../src/cache/cache.js";
import { LazyEmbeddings } from "../../src/embeddings/lazy-embeddings.js";
import { LazyLlm, llmIdentity } from "../../src/llm/lazy-llm.js";
import { resolveModel } from "../../src/models/resolve.js";
import type { JudgePrompt } from "../../src/prompts/types.js";
import { sharedModels } from "../../src/vitest/index.js";
import { RememberedIdentity } from "../../src/vitest/remembered-models.js";
import { tinyEncoderDir, tinyGgufPath } from "../setup/paths.js";
import { FakeEmbeddings } from "../support/fake-embeddings.js";
import { ScriptedLlm } from "../support/scripted-llm.js";

const dir = mkdtempSync(path.join(os.tmpdir(), "airgap-lazy-models-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const prompt = (input: string): JudgePrompt => ({
  name: "lazy-test",
  version: "1",
  system: "Answer with a verdict.",
  examples: [],
  input,
});
const verdict = z.object({ verdict: z.literal([0, 1]) });

/** A new test worker: the models shared on this process's globalThis are forgotten. */
function newWorker(): void {
  delete (globalThis as Record<symbol, unknown>)[Symbol.for("airgap-eval.vitest.sharedModels")];
}

describe("sharedModels behind the cache", () => {
  it("a rerun whose answers are all cached loads no model; a miss loads it", async () => {
    const options = {
      llm: tinyGgufPath,
      embeddings: tinyEncoderDir,
      threads: 1,
      cache: path.join(dir, "c.sqlite"),
    };
    newWorker();
    const first = await sharedModels(options);
    // The first run knows no identity yet: both models load now, and are remembered.
    expect(first.stats()).toMatchObject({ judgeLoaded: true, embeddingsLoaded: true });
    const answer = await first.llm!.generateObject(prompt("Is water wet?"), verdict, { maxTokens: 16 });
    const vectors = await first.embeddings!.embed(["a cat", "a kitten"]);
    expect(first.stats()).toMatchObject({ judgeCalls: 1, cacheMisses: 3 });

    newWorker();
    const rerun = await sharedModels(options);
    expect(await rerun.llm!.generateObject(prompt("Is water wet?"), verdict, { maxTokens: 16 })).toEqual(
      answer,
    );
    expect(await rerun.embeddings!.embed(["a cat", "a kitten"])).toEqual(vectors);
    expect(rerun.stats()).toEqual({
      judgeCalls: 0,
      cacheHits: 3,
      cacheMisses: 0,
      judgeLoaded: false,
      embeddingsLoaded: false,
    });
    // The identity stands in for the model in results: the same provenance as the loaded one.
    expect(rerun.llm!.provenance()).toEqual(first.llm!.provenance());

    await rerun.embeddings!.embed(["a dog"]);
    expect(rerun.stats()).toMatchObject({ judgeLoaded: false, embeddingsLoaded: true });
    await rerun.llm!.generateObject(prompt("Is fire cold?"), verdict, { maxTokens: 16 });
    expect(rerun.stats()).toMatchObject({ judgeCalls: 1, judgeLoaded: true });
    newWorker();
  });
});

describe("a lazy model that loads differently from the one remembered", () => {
  it("fails the call that loaded it, naming what changed", async () => {
    const loaded = new ScriptedLlm({ "lazy-test": [{ verdict: 1 }] });
    const remembered = llmIdentity(loaded);
    remembered.provenance = { ...remembered.provenance, settings: { contextSize: 512 } };
    let seen = 0;
    const lazy = new LazyLlm(
      remembered,
      async () => loaded,
      () => seen++,
    );
    expect(lazy.loadedJudge).toBeUndefined();
    await expect(lazy.generateObject(prompt("q"), verdict)).rejects.toThrow(
      'The judge "scripted-judge" loaded differently from the way remembered from an earlier run (model ' +
        "settings.contextSize 512 -> (none)), so answers this run took from the cache before the load may come from " +
        "the earlier configuration. The new configuration is remembered now: run the tests again.",
    );
    expect(seen).toBe(1);
    // From then on it is the loaded judge, with its own provenance.
    expect(lazy.provenance()).toEqual(loaded.provenance());
  });

  it("an embedder of other dimensions is refused the same way", async () => {
    const model = new FakeEmbeddings({ a: [1, 0, 0] });
    const lazy = new LazyEmbeddings(
      { id: model.id, dimensions: 2, provenance: model.provenance() },
      async () => model,
    );
    expect(lazy.dimensions).toBe(2);
    await expect(lazy.embed(["a"])).rejects.toThrow(/loaded differently .*model dimensions 2 -> 3/);
  });
});

describe("the remembered identity", () => {
  it("is keyed by the model's files and options, and replaced by the next load", async () => {
    const file = path.join(dir, "judge.gguf");
    writeFileSync(file, "GGUF");
    const model = await resolveModel(file, { kind: "llm", verify: "none" });
    const cache = Cache.open({ path: path.join(dir, "identity.sqlite") });
    const memory = new RememberedIdentity<{ n: number }>(cache, model, ["node-llama-cpp"], { threads: 1 });
    expect(memory.get()).toBeUndefined();
    memory.set({ n: 1 });
    memory.set({ n: 2 });
    expect(memory.get()).toEqual({ n: 2 });
    expect(new RememberedIdentity(cache, model, ["node-llama-cpp"], { threads: 2 }).get()).toBeUndefined();
    // Each runtime package is part of the key (an embedder's depends on onnxruntime-node and its tokenizer library).
    expect(
      new RememberedIdentity(cache, model, ["node-llama-cpp", "@huggingface/tokenizers"], {
        threads: 1,
      }).get(),
    ).toBeUndefined();
    utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    expect(new RememberedIdentity(cache, model, ["node-llama-cpp"], { threads: 1 }).get()).toBeUndefined();
    cache.close();
  });
});
