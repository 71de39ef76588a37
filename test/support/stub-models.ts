// Models that are never called: for tests that build metrics and read their configuration only.
import type { Embeddings } from "../../src/embeddings/types.js";
import type { Llm } from "../../src/llm/types.js";

/** A judge whose `generateObject` rejects: building a metric must not call it. */
export const stubLlm: Llm = {
  id: "stub-judge",
  generateObject: () => Promise.reject(new Error("not called in this test")),
  provenance: () => ({
    id: "stub-judge",
    kind: "llm",
    runtime: { name: "stub", version: "0" },
    settings: {},
  }),
};

/** {@link stubLlm} claiming to follow answer plans, for checks of the `prefill` option. */
export const stubPlanLlm: Llm = { ...stubLlm, followsPlans: true };

/** An embedder whose `embed` rejects: building a metric must not call it. */
export const stubEmbeddings: Embeddings = {
  id: "stub-embedder",
  dimensions: 3,
  embed: () => Promise.reject(new Error("not called in this test")),
  provenance: () => ({
    id: "stub-embedder",
    kind: "embedding",
    runtime: { name: "stub", version: "0" },
    settings: {},
  }),
};
