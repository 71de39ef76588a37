// Built-in ids are reserved for the built-in metrics, whatever the order modules are loaded in.
import { describe, expect, it, vi } from "vitest";
import { evaluate } from "../../src/evaluate/evaluate.js";
import { AspectCritic } from "../../src/metrics/aspect-critic/metric.js";
import { checkMetricId, isBuiltInMetricId, metricDescriptorIds } from "../../src/metrics/catalog.js";
import { ExactMatch } from "../../src/metrics/exact-match/metric.js";
import { FakeMetric } from "../support/fake-metrics.js";
import { ScriptedLlm } from "../support/scripted-llm.js";

const rows = [{ user_input: "q", response: "a", reference: "a" }];
const definition = "Is it polite?";

describe("built-in metric ids", () => {
  it("every catalog id is reserved, and no other", () => {
    for (const id of metricDescriptorIds()) expect(isBuiltInMetricId(id)).toBe(true);
    expect(isBuiltInMetricId("on_topic")).toBe(false);
  });

  it("a custom judge loaded before the catalog may not take a built-in id", async () => {
    // Fresh modules, the custom judge's first: the order in which the check used to miss every id whose
    // descriptor was not loaded yet.
    vi.resetModules();
    const { AspectCritic: FirstLoaded } = await import("../../src/metrics/aspect-critic/metric.js");
    const critic = new FirstLoaded({ llm: new ScriptedLlm({}), name: "faithfulness", definition });
    const { evaluate: freshEvaluate } = await import("../../src/evaluate/evaluate.js");
    await expect(freshEvaluate(rows, [critic])).rejects.toThrow(
      'metric (AspectCritic): "faithfulness" is the id of a built-in metric, whose results this metric\'s would be mixed with (in merge, report compare and --fail-under); give it an id of its own, e.g. my_faithfulness',
    );
  });

  it("nor may a metric class of the user's own, nor another built-in's id", () => {
    expect(() => checkMetricId(new FakeMetric({ name: "answer_relevancy" }))).toThrow(
      'metric (FakeMetric): "answer_relevancy" is the id of a built-in metric',
    );
    expect(() => checkMetricId({ name: "exact_match" })).toThrow(
      'metric: "exact_match" is the id of a built-in metric',
    );
    const critic = new AspectCritic({ llm: new ScriptedLlm({}), name: "rubrics_score", definition });
    expect(() => checkMetricId(critic)).toThrow('"rubrics_score" is the id of a built-in metric');
  });

  it("the built-in metrics, their subclasses and own ids pass", async () => {
    class StrictExactMatch extends ExactMatch {}
    expect(() => checkMetricId(new StrictExactMatch())).not.toThrow();
    expect(() =>
      checkMetricId(new AspectCritic({ llm: new ScriptedLlm({}), name: "polite", definition })),
    ).not.toThrow();
    const ownId = new FakeMetric({ name: "my_faithfulness" });
    const result = await evaluate(rows, [new ExactMatch(), ownId]);
    expect(result.detailed()[0]!.metrics.exact_match!.value).toBe(1);
    expect(result.detailed()[0]!.metrics.my_faithfulness!.value).toBe(0.01);
  });
});
