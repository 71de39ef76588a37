import { describe, expect, it } from "vitest";
import { createMetric, metricDescriptors } from "../../src/metrics/catalog.js";
import { FakeEmbeddings } from "../support/fake-embeddings.js";
import { ScriptedLlm } from "../support/scripted-llm.js";

describe("RAG metric descriptors", () => {
  it("each builds its metric with default options, under its own id and fields", () => {
    const models = { llm: new ScriptedLlm({}), embeddings: new FakeEmbeddings({ x: [1] }) };
    // The custom judges need a user definition (their options have no defaults): opt-in, checked in catalog.test.ts.
    const buildable = metricDescriptors.filter((d) => d.options.safeParse({}).success);
    for (const d of metricDescriptors) if (!buildable.includes(d)) expect(d.optIn, d.id).toBe(true);
    for (const d of buildable) {
      const metric = createMetric(d.id, models);
      expect(metric.name, d.id).toBe(d.id);
      expect(metric.config().name, d.id).toBe(d.id);
    }
    expect(new Set(metricDescriptors.map((d) => d.id)).size).toBe(metricDescriptors.length);
  });

  it("options are parsed with their defaults and checked", () => {
    const byId = new Map(metricDescriptors.map((d) => [d.id, d]));
    expect(byId.get("factual_correctness")!.options.parse({})).toEqual({
      mode: "f1",
      beta: 1,
      atomicity: "low",
      coverage: "low",
      temperature: 0,
      reasons: true,
      prefill: false,
    });
    expect(byId.get("answer_correctness")!.options.parse({})).toEqual({
      weights: [0.75, 0.25],
      beta: 1,
      temperature: 0,
      reasons: true,
    });
    expect(byId.get("noise_sensitivity")!.options.parse({ mode: "irrelevant" })).toEqual({
      mode: "irrelevant",
      temperature: 0,
      reasons: true,
      prefill: false,
    });
    expect(() => byId.get("noise_sensitivity")!.options.parse({ mode: "all" })).toThrow();
  });
});
