// LlamaCppLlm.load checks every option before touching the file or the runtime, and a missing file
// names the pull command only when the caller's id is a judge model of the registry.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { InvalidInputError, ModelNotFoundError } from "../src/errors.js";
import { LlamaCppLlm, type LlamaCppLlmOptions } from "../src/llm/index.js";
import { DEFAULT_THREADS, defaultThreadsFor, LARGE_MODEL_PARAMETERS } from "../src/llm/load-options.js";
import { loadRegistry } from "../src/models/registry.js";
import { checkSeed, checkTemperature, MAX_SEED, positiveInteger } from "../src/util/option-checks.js";
import { testModelsDir, tinyGgufPath } from "./setup/paths.js";

// Options are checked before the file is looked at, so no model is needed here.
const modelPath = path.join(testModelsDir, "never-read.gguf");

const badOptions: [keyof LlamaCppLlmOptions, unknown, RegExp][] = [
  ["modelPath", "", /non-empty string/],
  ["id", "  ", /non-empty string/],
  ["threads", 0, /positive integer, got 0/],
  ["threads", 1.5, /positive integer, got 1\.5/],
  ["threads", Number.NaN, /positive integer, got NaN/],
  ["sequences", -1, /positive integer/],
  ["maxTokens", "64", /positive integer, got "64"/],
  ["contextSize", 0, /positive integer/],
  ["batchSize", Number.POSITIVE_INFINITY, /positive integer, got Infinity/],
  ["temperature", -0.1, /finite number >= 0/],
  ["temperature", Number.NaN, /finite number >= 0.*got NaN/],
  ["temperature", Number.POSITIVE_INFINITY, /finite number >= 0/],
  ["seed", Number.NaN, /integer from 0 to 4294967295, got NaN/],
  ["seed", 1.5, /integer from 0 to 4294967295, got 1\.5/],
  ["seed", -1, /integer from 0/],
  ["seed", 2 ** 32, /integer from 0 to 4294967295/],
  ["retryBudgetFactor", 0.5, /finite number >= 1/],
  ["promptFormat", "json", /one of "auto", "chat", "completion", got "json"/],
  ["sha256", "abc", /64 hexadecimal characters/],
];

describe("LlamaCppLlm.load option checks", () => {
  it.each(badOptions)(
    "refuses %s = %s with InvalidInputError naming the field",
    async (field, value, pattern) => {
      const options = { modelPath, [field]: value } as unknown as LlamaCppLlmOptions;
      const err = await LlamaCppLlm.load(options).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(InvalidInputError);
      expect((err as InvalidInputError).field).toBe(field);
      expect((err as Error).message).toContain(`field "${field}"`);
      expect((err as Error).message).toMatch(pattern);
    },
  );

  it("accepts the edges of each range", () => {
    expect(checkTemperature(0, "temperature")).toBe(0);
    expect(checkSeed(0, "seed")).toBe(0);
    expect(checkSeed(MAX_SEED, "seed")).toBe(4294967295);
    expect(positiveInteger(1, "threads")).toBe(1);
  });
});

describe("LlamaCppLlm.load of a missing file", () => {
  const missing = path.join(testModelsDir, "no-such-judge.gguf");
  const registry = loadRegistry();
  const judgeId = registry.defaults.llm;
  const embeddingId = registry.defaults.embedding;

  it("names the exact pull command when the id is a judge model of the registry", async () => {
    const err = await LlamaCppLlm.load({ modelPath: missing, id: judgeId }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelNotFoundError);
    const notFound = err as ModelNotFoundError;
    expect(notFound.modelId).toBe(judgeId);
    expect(notFound.searchedPaths).toEqual([missing]);
    expect(notFound.message).toContain(missing);
    expect(notFound.message).toContain(`airgap-eval models pull ${judgeId}\n`);
    expect(notFound.message).not.toMatch(/<[a-z ]*id>/);
  });

  it.each([
    ["no id", undefined],
    ["an id the registry does not know", "my-own-judge"],
    ["the id of an embedding model", embeddingId],
  ])("with %s, explains how to get a judge without a placeholder id", async (_case, id) => {
    const err = await LlamaCppLlm.load({ modelPath: missing, ...(id ? { id } : {}) }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ModelNotFoundError);
    const message = (err as Error).message;
    expect(message).toContain(missing);
    expect(message).toContain("airgap-eval models list");
    // The only command with an id is the one for the registry's default judge.
    expect(message).toContain(`(the default judge: airgap-eval models pull ${judgeId})`);
    if (id) expect(message).not.toContain(`models pull ${id}`);
    expect(message).not.toMatch(/<[a-z ]*id>/);
  });
});

describe("default threads", () => {
  it("is 1 below the large-model size and every math core from it on (measured in npm run bench)", () => {
    expect(defaultThreadsFor(260_000, 8)).toBe(DEFAULT_THREADS);
    expect(defaultThreadsFor(LARGE_MODEL_PARAMETERS - 1, 8)).toBe(1);
    expect(defaultThreadsFor(LARGE_MODEL_PARAMETERS, 2)).toBe(2);
    expect(defaultThreadsFor(494_000_000, 8)).toBe(8);
    expect(defaultThreadsFor(494_000_000, 0)).toBe(1);
  });

  it("loads a tiny judge with 1 thread when threads is not given", async () => {
    const llm = await LlamaCppLlm.load({ modelPath: tinyGgufPath, contextSize: 256 });
    try {
      expect(llm.threads).toBe(1);
      expect(llm.provenance().performance).toMatchObject({ threads: 1 });
    } finally {
      await llm.dispose();
    }
  });
});
