// The HTML report's decision-graph path in headless Chromium: a dag row's expanded panel shows each node on the
// path taken (a task's text, a verdict with its probability) and the leaf's score, as text, never markup; a jury's
// row shows each judge with its value and its own path (and a head-to-head's flips).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toHtmlReport } from "../src/report/index.js";
import { aggregateRecords } from "../src/results/aggregate.js";
import type { EvaluationResultData } from "../src/results/types.js";
import { launchChromium, skipWithoutChromium } from "./support/chromium.js";
import { HOSTILE, makeFixtureResult } from "./support/report-fixtures.js";

const DETAILS = {
  path: [
    { node: "headings", type: "task", output: `Intro, Body ${HOSTILE.script}` },
    { node: "complete", type: "binary_judgement", verdict: "true", reason: "All there.", probability: 0.91 },
    { node: "order", type: "non_binary_judgement", verdict: "two swapped", reason: "Body first." },
  ],
  leaf: { node: "order", verdict: "two swapped", score: 4, value: 0.4 },
};

const JURY = {
  jury: {
    aggregate: "mean",
    scale: "interval",
    voters: 1,
    disagreement: null,
    members: [
      { judge: "judge-a.gguf", value: 0.4, status: "ok", details: DETAILS },
      {
        judge: "judge-b.gguf",
        value: 0.5,
        status: "ok",
        details: { winner: "mine", swappedPairs: 2, positionFlips: 1, winShare: { mine: 0.75, base: 0.25 } },
      },
      { judge: "judge-c.gguf", value: null, status: "error", error: "out of memory" },
    ],
  },
};

/**
 * The fixture run with context_relevance renamed summary_format, row 0 holding a decision graph's path, row 1 a
 * jury's judges.
 */
function dagRun(): EvaluationResultData {
  const base = makeFixtureResult({ rows: 3, hostile: false });
  const { context_relevance: relevance, ...others } = base.metadata.metrics;
  const metrics = { ...others, summary_format: { ...relevance!, name: "summary_format" } };
  const records = base.records.map((r) => {
    if (r.metric !== "context_relevance") return r;
    const result =
      r.row === 0
        ? {
            value: 0.4,
            status: "ok" as const,
            reason: "complete: true -> order: two swapped",
            details: DETAILS,
          }
        : r.row === 1
          ? { value: 0.45, status: "ok" as const, reason: "mean of the judges' values", details: JURY }
          : { value: 1, status: "ok" as const, details: { spans: [] } };
    return { ...r, metric: "summary_format", result };
  });
  return {
    ...base,
    metadata: { ...base.metadata, metrics },
    records,
    aggregates: aggregateRecords(records, Object.keys(metrics)),
  };
}

describe.skipIf(skipWithoutChromium("browser-report-dag"))(
  "a decision graph's path in the HTML report (headless Chromium)",
  () => {
    const dir = mkdtempSync(join(tmpdir(), "airgap-dag-report-"));
    let context: BrowserContext;
    let page: Page;
    const pageErrors: string[] = [];

    beforeAll(async () => {
      const file = join(dir, "report.html");
      writeFileSync(file, toHtmlReport(dagRun(), { title: "Decision graph" }));
      ({ context, page } = await launchChromium(join(dir, "profile")));
      page.on("pageerror", (err) => pageErrors.push(String(err)));
      await page.goto(pathToFileURL(file).href, { waitUntil: "load" });
      await page.locator('#row-table tr[data-row="0"] button.toggle').click();
    });

    afterAll(async () => {
      await context?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it("lists each node of the path and the leaf, in order, as text", async () => {
      const steps = page.locator('.metric-detail[data-metric="summary_format"] ol.dag-path li');
      expect(await steps.allTextContents()).toEqual([
        `headings wrote: Intro, Body ${HOSTILE.script}`,
        "complete: true (P 0.91)",
        "order: two swapped",
        "score 4 of 10",
      ]);
      expect(await page.locator("ol.dag-path script").count()).toBe(0);
      expect(await page.locator('.metric-detail[data-metric="answer_relevancy"] ol.dag-path').count()).toBe(
        0,
      );
      expect(pageErrors).toEqual([]);
    });

    it("lists a jury's judges, each with its value and its own path or flips", async () => {
      await page.locator('#row-table tr[data-row="1"] button.toggle').click();
      const panel = page.locator('.metric-detail[data-metric="summary_format"]').nth(1);
      const judges = panel.locator("ol.jury-members > li.jury-member");
      expect(await judges.count()).toBe(3);
      expect(await judges.locator(".jury-judge").allTextContents()).toEqual([
        "judge-a.gguf ok 0.400",
        "judge-b.gguf ok 0.500",
        "judge-c.gguf error",
      ]);
      expect(await judges.nth(0).locator("ol.dag-path li").count()).toBe(4);
      expect(await judges.nth(1).locator("ul.readable").textContent()).toContain(
        "winner mine; the verdict changed when the order was swapped in 1 of 2 pairs",
      );
      expect(await judges.nth(2).locator("pre.error-text").textContent()).toBe("out of memory");
      expect(pageErrors).toEqual([]);
    });
  },
);
