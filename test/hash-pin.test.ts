import { describe, expect, it } from "vitest";
import { cacheKey } from "../src/cache/keys.js";
import type { MetricConfig, Sample } from "../src/metrics/types.js";
import { canonicalJson, configHash, rowHash } from "../src/results/hash.js";

// Results files written by earlier versions resume only while these hashes stay byte-identical:
// the values below were computed before the hashing code moved and must never change.
const sample: Sample = {
  userInput: "Where is the Eiffel Tower?",
  response: "In Paris.",
  retrievedContexts: ["The Eiffel Tower is in Paris, France.", "é ü — 漢字"],
  reference: undefined,
};

const config: MetricConfig = {
  name: "faithfulness",
  promptVersions: { statements: "1", verdicts: "2" },
  options: { mode: "ragas", strictness: 3, flag: true, none: null },
  models: [
    {
      id: "qwen",
      kind: "llm",
      path: "/m/q.gguf",
      sha256: "ab".repeat(32),
      runtime: { name: "node-llama-cpp", version: "3.21.1" },
      settings: { temperature: 0, seed: 42 },
      performance: { threads: 4 },
    },
    {
      id: "starter/glove-100d",
      kind: "embedding",
      path: "/m/g",
      sha256: null,
      runtime: { name: "@xenova/transformers", version: "2.17.2" },
      settings: { pooling: "mean" },
    },
  ],
};

describe("pinned hashes (results-file and cache compatibility)", () => {
  it("canonical JSON sorts keys and drops undefined members", () => {
    expect(canonicalJson(sample)).toBe(
      '{"response":"In Paris.","retrievedContexts":["The Eiffel Tower is in Paris, France.","é ü — 漢字"],"userInput":"Where is the Eiffel Tower?"}',
    );
  });

  it("row hash of a known sample", () => {
    expect(rowHash(sample)).toBe("832af547b0a95a97bb292d8c15eabbca09005c671f4bbe63921d34671d70b868");
  });

  it("config hash of a known metric configuration (performance settings excluded)", () => {
    expect(configHash(config)).toBe("ca6d669468e79f945b7b040ee6f2be78e3e0819e234706857d960c5dc4a64ddd");
    const faster = { ...config, models: config.models.map((m) => ({ ...m, performance: { threads: 16 } })) };
    expect(configHash(faster)).toBe(configHash(config));
  });

  it("cache key of known parts", () => {
    expect(cacheKey({ b: [1, undefined, { z: 1, a: 2 }], a: "x" })).toBe(
      "68b82f8be6e7c8c219bf13b06d9cf874e0c78b4371c0fbd4bdd8c3ad963b38e6",
    );
  });
});
