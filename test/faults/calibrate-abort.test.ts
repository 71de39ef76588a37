// Issue 29, fail 6: Ctrl-C during calibrate. A large bootstrap (3,000 rows, 100,000 resamples) must
// yield to the event loop and stop at an abort, measured by events and resamples, never by wall-clock.
import { describe, expect, it } from "vitest";
import { calibrate } from "../../src/calibrate/calibrate.js";
import { computeFigures } from "../../src/calibrate/figures.js";
import { BOOTSTRAP_YIELD_EVERY, bootstrapInterval } from "../../src/math/bootstrap.js";
import { FakeMetric } from "../support/fake-metrics.js";

const ROWS = 3000;
const RESAMPLES = 100_000;

describe("calibrate: an abort stops the bootstrap", () => {
  it("an abort fired from the event loop mid-run rejects with an AbortError after a fraction of the resamples", async () => {
    const controller = new AbortController();
    let computed = 0;
    let turns = 0;
    // Runs only when the bootstrap yields: each turn of the event loop counts, the third aborts.
    const tick = (): void => {
      turns += 1;
      if (turns === 3) controller.abort();
      else setImmediate(tick);
    };
    setImmediate(tick);
    const run = bootstrapInterval(
      ROWS,
      (idx) => {
        computed += 1;
        return { value: idx.length };
      },
      { resamples: RESAMPLES, signal: controller.signal },
    );
    await expect(run).rejects.toMatchObject({ name: "AbortError" });
    expect(turns).toBe(3);
    expect(computed).toBeGreaterThan(0);
    expect(computed).toBeLessThanOrEqual(4 * BOOTSTRAP_YIELD_EVERY);
  });

  it("an already aborted signal computes no resample", async () => {
    let computed = 0;
    const run = bootstrapInterval(
      ROWS,
      () => {
        computed += 1;
        return { value: 1 };
      },
      { resamples: RESAMPLES, signal: AbortSignal.abort() },
    );
    await expect(run).rejects.toMatchObject({ name: "AbortError" });
    expect(computed).toBe(0);
  });

  it("computeFigures on 3,000 binary rows with 100,000 resamples stops at an abort and keeps the point figures", async () => {
    const humans = Array.from({ length: ROWS }, (_, i) => i % 2);
    const scores = humans.map((h, i) => (i % 7 === 0 ? 1 - h : h));
    const groups = humans.map((_, i) => `row ${i}`);
    const controller = new AbortController();
    let turns = 0;
    const tick = (): void => {
      turns += 1;
      if (turns === 2) controller.abort();
      else setImmediate(tick);
    };
    setImmediate(tick);
    const report = await computeFigures(
      { kind: "binary" },
      { humans, scores, groups },
      { bootstrap: { resamples: RESAMPLES }, signal: controller.signal },
    );
    expect(turns).toBe(2);
    if (report.kind !== "binary") throw new Error("expected binary figures");
    expect(report.accuracy.value).toBeCloseTo(1 - 429 / 3000, 10);
    expect(report.accuracy.interval).toBeUndefined();
    expect(report.cohensKappa.interval).toBeUndefined();
  });

  it("calibrate() aborted during its bootstrap returns interrupted, with point figures and no interval", async () => {
    const controller = new AbortController();
    let scoredRows = 0;
    const metric = new FakeMetric({
      name: "fake_faithfulness",
      score: (sample) => {
        scoredRows += 1;
        // The last row is scored: abort a few turns later, when the bootstrap is under way.
        if (scoredRows === ROWS) setImmediate(() => setImmediate(() => controller.abort()));
        return sample.response === "good" ? 1 : 0;
      },
    });
    const rows = Array.from({ length: ROWS }, (_, i) => ({
      user_input: "q",
      response: i % 3 === 0 ? "bad" : "good",
      human_label: i % 3 === 0 ? 0 : 1,
    }));
    const result = await calibrate(rows, {
      judges: [{ name: "scripted", metric }],
      bootstrap: { resamples: RESAMPLES },
      progress: "none",
      signal: controller.signal,
    });
    expect(result.interrupted).toBe(true);
    const figures = result.judges[0]!.figures;
    if (figures.kind !== "binary") throw new Error("expected binary figures");
    expect(figures.accuracy.value).toBe(1);
    expect(figures.auroc.interval).toBeUndefined();
  });
});
