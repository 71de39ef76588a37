// Every converter on the shared copies of the public labelled sets (../shared/datasets beside the
// checkout, or $AIRGAP_EVAL_TEST_DATASETS); row counts and class balance are the ones their READMEs state.
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { datasetConverters } from "../../src/datasets/converters/index.js";

const sharedDir =
  process.env.AIRGAP_EVAL_TEST_DATASETS ?? path.resolve(import.meta.dirname, "../../../shared/datasets");
const present = existsSync(sharedDir);

const expected: Record<string, { rows: number; positive?: number }> = {
  // README: 500 items -> 1,000 answers, 50/50
  "halueval-qa-sample": { rows: 1000, positive: 500 },
  // README: dev 180/250/0 generic, test 1,392/2,209/6 generic; generic rows are dropped
  "begin-wow": { rows: 430 + 3601, positive: 180 + 1392 },
  // README: 477 answers, 9 of the 159 tasks have no contexts (3 answers each) and are dropped
  "mtrag-human-eval": { rows: 477 - 27 },
  // README: 300 answerable + 300 unanswerable
  "clapnq-dev": { rows: 600, positive: 300 },
  // README: 520 rows, 173 consistent
  "summedits-sales-call": { rows: 520, positive: 173 },
  // README: 500 rows, 250 attributable
  "attributionbench-sample500": { rows: 500, positive: 250 },
  // README: benchmark_df 80 pass / 80 fail
  evalsbench: { rows: 160, positive: 80 },
  // README: 100 pairs, label 1: 42
  "llmbar-natural": { rows: 100 },
  // README: 4,507 rows, "no" (not hallucinated) 3,692
  "halueval-general": { rows: 4507, positive: 3692 },
};

describe.skipIf(!present)("data set converters on the shared copies", () => {
  for (const [id, want] of Object.entries(expected)) {
    it(`${id}: ${want.rows} rows`, () => {
      const converter = datasetConverters.get(id)!;
      const rows = converter.convert(path.join(sharedDir, id));
      expect(rows).toHaveLength(want.rows);
      expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
      if (want.positive !== undefined) {
        expect(rows.filter((r) => r.human_label === 1).length).toBe(want.positive);
      }
      for (const row of rows) {
        if (converter.labels.kind === "pairwise") {
          expect(row.preferred === "a" || row.preferred === "b").toBe(true);
          expect(row.response_a && row.response_b).toBeTruthy();
        } else if (converter.labels.kind === "graded") {
          expect(row.human_score).toBeGreaterThanOrEqual(converter.labels.min);
          expect(row.human_score).toBeLessThanOrEqual(converter.labels.max);
        } else expect([0, 1]).toContain(row.human_label);
      }
    });
  }

  it("llmbar-natural keeps its 42/58 preference split", () => {
    const rows = datasetConverters.get("llmbar-natural")!.convert(path.join(sharedDir, "llmbar-natural"));
    expect(rows.filter((r) => r.preferred === "a").length).toBe(42);
  });

  it("mtrag-human-eval gives the README's median distribution", () => {
    const rows = datasetConverters.get("mtrag-human-eval")!.convert(path.join(sharedDir, "mtrag-human-eval"));
    const atLeast3 = rows.filter((r) => (r.human_score ?? 0) >= 3).length;
    // README: binarised at median >= 3 over all 477 answers: 403 faithful; context-less tasks are dropped here
    expect(atLeast3).toBeLessThanOrEqual(403);
    expect(atLeast3).toBeGreaterThan(350);
  });
});

it.runIf(!present)("skips: no ../shared/datasets beside the checkout", () => {
  expect(present).toBe(false);
});
