// Outputs reached through a symbolic link: rewriting them (a resume that supersedes records, a report written
// again) replaces the link's target, and the link stays a link.
import { lstatSync, mkdtempSync, readFileSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { evaluate, loadResults } from "../src/evaluate/index.js";
import { writeReport } from "../src/report/write.js";
import { FakeMetric } from "./support/fake-metrics.js";
import { makeFixtureResult } from "./support/report-fixtures.js";

const tmp = mkdtempSync(path.join(os.tmpdir(), "airgap-symlinked-"));
const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ user_input: `q${i}`, response: "y".repeat(i + 1) }));

describe("outputs behind a symbolic link", () => {
  it("a resume that supersedes a changed row rewrites the link's target and keeps the link", async () => {
    const real = path.join(tmp, "real-results.jsonl");
    const link = path.join(tmp, "link-results.jsonl");
    await evaluate(rows(3), [new FakeMetric()], { out: real, progress: "none" });
    symlinkSync(real, link);
    const edited = rows(3);
    edited[1]!.response = "edited response";
    await evaluate(edited, [new FakeMetric()], { out: link, resume: true, progress: "none" });
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(real, "utf8")).toContain('"type":"superseded"');
    expect(loadResults(link).records.map((r) => r.result.value)).toEqual([0.01, 0.15, 0.03]);
  });

  it("a report written through a link replaces the target's content", async () => {
    const real = path.join(tmp, "real-report.md");
    const link = path.join(tmp, "link-report.md");
    await writeReport(real, makeFixtureResult());
    symlinkSync(real, link);
    const before = readFileSync(real, "utf8");
    await writeReport(link, makeFixtureResult({ rows: 2 }));
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(real, "utf8")).not.toBe(before);
  });
});
