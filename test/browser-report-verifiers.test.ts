// The HTML report's verifier evidence in headless Chromium: hallucinated_spans' unsupported spans highlighted in the
// response (as text, never markup), and the cascade's "decided by" badge on a faithfulness row.
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

const RESPONSE = `Paris has 90 million people and ${HOSTILE.script} a tower.`;
const SPANS = [
  { start: 10, end: 20, text: "90 million", probability: 0.93 },
  { start: 32, end: 32 + HOSTILE.script.length, text: HOSTILE.script, probability: 0.71 },
];

/** The fixture run with context_relevance renamed hallucinated_spans, row 0's spans and a cascaded faithfulness row. */
function verifierRun(): EvaluationResultData {
  const base = makeFixtureResult({ rows: 4, hostile: false });
  const { context_relevance: relevance, ...others } = base.metadata.metrics;
  const metrics = { ...others, hallucinated_spans: { ...relevance!, name: "hallucinated_spans" } };
  const records = base.records.map((r) => {
    if (r.metric === "context_relevance") {
      const sample = r.row === 0 ? { ...r.sample, response: RESPONSE } : r.sample;
      const result =
        r.row === 0
          ? { value: 0.6, status: "ok" as const, reason: "2 unsupported span(s)", details: { spans: SPANS } }
          : { value: 1, status: "ok" as const, details: { spans: [] } };
      return { ...r, metric: "hallucinated_spans", sample, result };
    }
    if (r.metric === "faithfulness" && r.row === 0) {
      return {
        ...r,
        sample: { ...r.sample, response: RESPONSE },
        result: {
          value: 0,
          status: "ok" as const,
          reason: "decided by the verifier",
          details: { decidedBy: "verifier" },
        },
      };
    }
    return r.row === 0 ? { ...r, sample: { ...r.sample, response: RESPONSE } } : r;
  });
  return {
    ...base,
    metadata: { ...base.metadata, metrics },
    records,
    aggregates: aggregateRecords(records, Object.keys(metrics)),
  };
}

describe.skipIf(skipWithoutChromium("browser-report-verifiers"))(
  "verifier evidence in the HTML report (headless Chromium)",
  () => {
    const dir = mkdtempSync(join(tmpdir(), "airgap-verifier-report-"));
    let context: BrowserContext;
    let page: Page;
    const pageErrors: string[] = [];

    beforeAll(async () => {
      const file = join(dir, "report.html");
      writeFileSync(file, toHtmlReport(verifierRun(), { title: "Verifier evidence" }));
      ({ context, page } = await launchChromium(join(dir, "profile")));
      page.on("pageerror", (err) => pageErrors.push(String(err)));
      await page.goto(pathToFileURL(file).href, { waitUntil: "load" });
      await page.locator('#row-table tr[data-row="0"] button.toggle').click();
      // AIRGAP_EVAL_SCREENSHOT=file.png keeps a picture of the expanded row, to look at.
      const shot = process.env.AIRGAP_EVAL_SCREENSHOT;
      if (shot) await page.locator("tr.detail").first().screenshot({ path: shot });
    });

    afterAll(async () => {
      await context?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it("highlights each unsupported span of the response, in order, with its probability, as text", async () => {
      const block = page.locator('.metric-detail[data-metric="hallucinated_spans"]');
      const marks = block.locator(".span-highlight mark.unsupported-span");
      expect(await marks.allTextContents()).toEqual(["90 million", HOSTILE.script]);
      expect(await marks.first().getAttribute("title")).toBe("P(unsupported) 0.93");
      expect(await block.locator(".span-highlight").textContent()).toBe(RESPONSE);
      expect(await page.locator(".span-highlight script").count()).toBe(0);
      expect(pageErrors).toEqual([]);
    });

    it("shows which path decided a cascaded row, and no highlight where there are no spans", async () => {
      const badge = page.locator('.metric-detail[data-metric="faithfulness"] .badge.decided-by');
      expect(await badge.textContent()).toBe("decided by the verifier");
      expect(
        await page.locator('.metric-detail[data-metric="answer_relevancy"] .badge.decided-by').count(),
      ).toBe(0);
      await page.locator('#row-table tr[data-row="1"] button.toggle').click();
      const other = page.locator('tr.detail .metric-detail[data-metric="hallucinated_spans"]');
      expect(await other.count()).toBe(2);
      expect(await page.locator(".span-highlight").count()).toBe(1);
    });
  },
);
