// The `eval` stderr line for rows whose result lists details.warnings (e.g. a G-Eval judge with almost no
// probability on the allowed scores): counted per metric from the records as they are written.
import { describe, expect, it } from "vitest";
import { RowWarningCounts } from "../src/cli/row-warnings-notice.js";

const record = (metric: string, details?: Record<string, unknown>) => ({
  metric,
  result: { value: 3, status: "ok" as const, ...(details ? { details } : {}) },
});

describe("RowWarningCounts", () => {
  it("says nothing when no row has a warning (none, an empty list, or no details)", () => {
    const counts = new RowWarningCounts();
    counts.add(record("g_eval"));
    counts.add(record("g_eval", { warnings: [] }));
    counts.add(record("faithfulness", { usage: { calls: 2 } }));
    expect(counts.notice()).toBeUndefined();
  });

  it("counts rows (not warnings) per metric, in the order first seen", () => {
    const counts = new RowWarningCounts();
    counts.add(record("coherence", { warnings: ["low mass", "another"] }));
    counts.add(record("faithfulness"));
    counts.add(record("coherence", { warnings: ["low mass"] }));
    counts.add(record("fluency", { warnings: ["low mass"] }));
    expect(counts.notice()).toBe(
      "airgap-eval: 3 rows have warnings (coherence 2, fluency 1); each is in its row's details.warnings " +
        "in the results file and in the HTML report's row details",
    );
  });

  it("one row: singular", () => {
    const counts = new RowWarningCounts();
    counts.add(record("coherence", { warnings: ["low mass"] }));
    expect(counts.notice()).toMatch(/^airgap-eval: 1 row has a warning \(coherence 1\);/);
  });
});
