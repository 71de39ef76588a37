// Issue 29, fail 7: graded judges on binary labels. The score range comes from the metric's descriptor (or, when
// that is the user's scale, from the rubric's levels or the judge's scale option); thresholds are allowed inside it,
// and scores that cannot meet the labels are warned about. evalsbench (binary) pairs with rubrics_score.
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { calibrate } from "../../src/calibrate/calibrate.js";
import { defaultThreshold, metricScoreRange } from "../../src/calibrate/score-range.js";
import { datasetConverters } from "../../src/datasets/converters/index.js";
import { InvalidInputError } from "../../src/errors.js";
import { createMetric } from "../../src/metrics/catalog.js";
import { FakeMetric } from "../support/fake-metrics.js";
import { ScriptedLlm } from "../support/scripted-llm.js";

const sharedDir =
  process.env.AIRGAP_EVAL_TEST_DATASETS ?? path.resolve(import.meta.dirname, "../../../shared/datasets");

/** A rubric judge that gives 5 to responses holding "GOOD" and 2 to the others. */
function rubricJudge(options: Record<string, unknown> = {}) {
  const llm = new ScriptedLlm({
    "rubrics_score/score": (prompt) => ({ feedback: "scripted", score: /GOOD/.test(prompt.input) ? 5 : 2 }),
  });
  return createMetric("rubrics_score", { llm }, options);
}

const rows = [1, 2, 3, 4, 5, 6].map((i) => ({
  id: `r${i}`,
  user_input: "Explain it.",
  response: i <= 3 ? `GOOD answer ${i}` : `weak answer ${i}`,
  human_label: i <= 3 ? 1 : 0,
}));

describe("calibrate: the score range comes from the metric", () => {
  it("rubrics_score (1-5) on binary labels: threshold 3 by default, perfect agreement, no warning", async () => {
    const result = await calibrate(rows, {
      judges: [{ name: "rubric", metric: rubricJudge() }],
      progress: "none",
      bootstrap: { resamples: 0 },
    });
    expect(result.settings.scoreRange).toEqual({ min: 1, max: 5 });
    expect(result.settings.threshold).toBe(3);
    const f = result.judges[0]!.figures;
    if (f.kind !== "binary") throw new Error("expected binary figures");
    expect(f.confusion).toEqual({ truePositive: 3, falsePositive: 0, falseNegative: 0, trueNegative: 3 });
    expect(f.cohensKappa.value).toBe(1);
    expect(result.warnings).toEqual([]);
  });

  it("a threshold inside the rubric's range is allowed; one outside is refused, naming the range", async () => {
    const at4 = await calibrate(rows, {
      judges: [{ name: "rubric", metric: rubricJudge() }],
      threshold: 4,
      progress: "none",
      bootstrap: { resamples: 0 },
    });
    expect(at4.settings.threshold).toBe(4);
    const refused = calibrate(rows, {
      judges: [{ name: "rubric", metric: rubricJudge() }],
      threshold: 7,
      progress: "none",
    });
    await expect(refused).rejects.toThrow(InvalidInputError);
    await expect(refused).rejects.toThrow(
      /threshold 7 lies outside the score range of rubrics_score \(1 to 5\)/,
    );
  });

  it("warns when scores and the range cannot meet: scores outside it, every verdict the same", async () => {
    const result = await calibrate(rows, {
      judges: [{ name: "rubric", metric: rubricJudge() }],
      scoreRange: { min: 0, max: 1 },
      progress: "none",
      bootstrap: { resamples: 0 },
    });
    expect(result.settings.threshold).toBe(0.5);
    expect(result.warnings).toHaveLength(2);
    expect(result.warnings[0]).toMatch(
      /6 score\(s\) lie outside the score range 0 to 1 \(row 0: 5, row 1: 5/,
    );
    expect(result.warnings[1]).toMatch(/every one of 6 scores is at or above the threshold 0.5.*"yes"/);
  });

  it("reads the user's scale: a rubric's levels and a custom judge's scale option", () => {
    const llm = new ScriptedLlm({});
    expect(
      metricScoreRange(
        createMetric(
          "rubrics_score",
          { llm },
          {
            rubrics: { score0_description: "Bad.", score10_description: "Good." },
          },
        ),
      ),
    ).toEqual({ min: 0, max: 10 });
    expect(
      metricScoreRange(
        createMetric(
          "simple_criteria",
          { llm },
          { name: "tone", definition: "Polite?", scale: { min: 0, max: 4 } },
        ),
      ),
    ).toEqual({ min: 0, max: 4 });
    // No descriptor on the class: the catalog's, by name.
    expect(metricScoreRange(new FakeMetric({ name: "semantic_similarity" }))).toEqual({ min: -1, max: 1 });
    expect(defaultThreshold({ min: 0, max: 1 })).toBe(0.5);
    expect(defaultThreshold({ min: -1, max: 1 })).toBe(0.5);
    expect(defaultThreshold({ min: 1, max: 5 })).toBe(3);
  });

  it("a metric with no known range: 0-1 assumed, with a warning that says how to give it", async () => {
    const result = await calibrate(rows, {
      judges: [{ name: "fake", metric: new FakeMetric({ name: "my_judge", score: () => 0.9 }) }],
      progress: "none",
      bootstrap: { resamples: 0 },
    });
    expect(result.warnings[0]).toMatch(/score range of my_judge is not known.*give scoreRange/);
  });
});

describe.skipIf(!existsSync(path.join(sharedDir, "evalsbench")))(
  "evalsbench pairs with rubrics_score",
  () => {
    it("the grading notes reach the judge and the 1-5 scores meet the pass/fail labels", async () => {
      const converter = datasetConverters.get("evalsbench")!;
      expect(converter.metric).toBe("rubrics_score");
      const records = converter.convert(path.join(sharedDir, "evalsbench")).slice(0, 20);
      const pass = new Map(records.map((r) => [r.response, r.human_label]));
      let sawNotes = 0;
      const llm = new ScriptedLlm({
        "rubrics_score/score": (prompt) => {
          if (records.some((r) => r.reference && prompt.input.includes(r.reference.slice(0, 40))))
            sawNotes += 1;
          // The degraded answer can be a prefix of the complete one: the longest response the prompt holds is the row's.
          const label = [...pass]
            .filter(
              ([text]) => text !== undefined && prompt.input.includes(JSON.stringify(text).slice(1, -1)),
            )
            .sort((a, b) => (b[0]?.length ?? 0) - (a[0]?.length ?? 0))[0]?.[1];
          return { feedback: "scripted", score: label === 1 ? 4 : 1 };
        },
      });
      const metric = createMetric("rubrics_score", { llm }, converter.metricOptions);
      const result = await calibrate(records as unknown as Record<string, unknown>[], {
        judges: [{ name: "scripted", metric }],
        labels: converter.labels,
        progress: "none",
        bootstrap: { resamples: 0 },
      });
      expect(sawNotes).toBe(20);
      expect(result.settings.threshold).toBe(3);
      const f = result.judges[0]!.figures;
      if (f.kind !== "binary") throw new Error("expected binary figures");
      expect(f.cohensKappa.value).toBe(1);
      expect(result.warnings).toEqual([]);
    });
  },
);
