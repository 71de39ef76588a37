// Opens the HTML report in headless Chromium (Debian's /usr/bin/chromium) and checks that it renders,
// sorts, filters and expands rows, fetches nothing, and shows hostile text as text.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { detailedView, toHtmlReport } from "../src/report/index.js";
import { FIXTURE_ROWS, HOSTILE, makeFixtureResult } from "./support/report-fixtures.js";

const CHROMIUM = "/usr/bin/chromium";
const installed = existsSync(CHROMIUM);
const inCi = Boolean(process.env.CI);

if (!installed && !inCi) {
  console.warn(
    `browser-report: skipped because ${CHROMIUM} is not installed; install it with ` +
      "`apt-get update && apt-get install -y chromium` (in CI this test fails instead).",
  );
}

describe.skipIf(!installed && !inCi)("HTML report in headless Chromium", () => {
  const data = makeFixtureResult({ rows: 24 });
  const view = detailedView(data);
  const dir = mkdtempSync(join(tmpdir(), "airgap-browser-"));
  const reportPath = join(dir, "report.html");
  let context: BrowserContext;
  let page: Page;
  const consoleErrors: string[] = [];
  const pageErrors: string[] = [];
  const foreignRequests: string[] = [];
  const dialogs: string[] = [];

  beforeAll(async () => {
    if (!installed)
      throw new Error(`${CHROMIUM} is missing: CI must install Debian's chromium (see .ci/run)`);
    writeFileSync(reportPath, toHtmlReport(data, { title: "Browser check" }));
    context = await chromium.launchPersistentContext(join(dir, "profile"), {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
      viewport: { width: 1360, height: 900 },
    });
    page = context.pages()[0] ?? (await context.newPage());
    page.on("console", (msg) => {
      if (msg.type() === "error") consoleErrors.push(msg.text());
    });
    page.on("pageerror", (err) => pageErrors.push(String(err)));
    page.on("request", (req) => {
      const url = req.url();
      if (!url.startsWith("file://") && !url.startsWith("data:")) foreignRequests.push(url);
    });
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(pathToFileURL(reportPath).href, { waitUntil: "load" });
  });

  afterAll(async () => {
    await context?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A new page showing the report of `result` (written to `name`), with row 0 expanded. */
  async function openWithRowZeroExpanded(result: typeof data, name: string): Promise<Page> {
    const file = join(dir, name);
    writeFileSync(file, toHtmlReport(result));
    const opened = await context.newPage();
    await opened.goto(pathToFileURL(file).href);
    await opened.locator('#row-table tr[data-row="0"] button.toggle').click();
    return opened;
  }
  const visibleRows = () =>
    page.$$eval("#row-table tbody tr.data", (trs) => trs.map((tr) => Number(tr.getAttribute("data-row"))));
  const columnValues = (metric: string) =>
    page.$$eval(`#row-table tbody tr.data td.metric[data-metric="${metric}"]`, (tds) =>
      tds.map((td) => {
        const v = td.querySelector(".value");
        return v ? Number(v.textContent) : null;
      }),
    );

  it("renders every row, one histogram per metric and the run metadata", async () => {
    expect(await visibleRows()).toEqual(view.rows.map((r) => r.row));
    expect(await page.locator("#row-count").textContent()).toBe("Showing 24 of 24 rows");
    expect(await page.locator("figure.chart svg.histogram").count()).toBe(3);
    for (const metric of view.metrics) {
      const chart = page.locator(`figure.chart[data-metric="${metric}"]`);
      expect(await chart.locator("rect.bar").count()).toBe(10);
    }
    expect(await page.locator("#model-table tbody tr").count()).toBe(2);
    expect(await page.locator("#model-table").textContent()).toContain(
      data.metadata.metrics.faithfulness!.models[0]!.sha256!,
    );
  });

  it("shows the <script> row as text and runs none of it", async () => {
    const cell = page.locator(`#row-table tr[data-row="${FIXTURE_ROWS.script}"] td.question`);
    expect(await cell.textContent()).toContain(HOSTILE.script);
    expect(await page.locator("script").count()).toBe(2);
    expect(await page.locator("img").count()).toBe(0);
    expect(dialogs).toEqual([]);
  });

  it("sorts by a metric column both ways, rows without a number last", async () => {
    const header = page.locator('#row-table th button[data-sort="m:faithfulness"]');
    await header.click();
    expect(
      await page.locator('#row-table th:has(button[data-sort="m:faithfulness"])').getAttribute("aria-sort"),
    ).toBe("ascending");
    const asc = await columnValues("faithfulness");
    const nums = asc.filter((v): v is number => v !== null);
    expect(nums).toEqual([...nums].sort((a, b) => a - b));
    expect(asc.slice(nums.length).every((v) => v === null)).toBe(true);
    await header.click();
    const desc = (await columnValues("faithfulness")).filter((v): v is number => v !== null);
    expect(desc).toEqual([...nums].sort((a, b) => b - a));
    expect(desc[0]).toBeGreaterThan(desc[desc.length - 1]!);
    await page.locator('#row-table th button[data-sort="row"]').click();
    expect(await visibleRows()).toEqual(view.rows.map((r) => r.row));
  });

  it("filters by text and by status", async () => {
    const needle = "krebs";
    const expected = view.rows
      .filter((r) => JSON.stringify({ s: r.sample, m: r.metrics }).toLowerCase().includes(needle))
      .map((r) => r.row);
    expect(expected.length).toBeGreaterThan(0);
    await page.fill("#filter-text", "Krebs");
    expect(await visibleRows()).toEqual(expected);
    await page.fill("#filter-text", "");

    await page.selectOption("#filter-status", "error");
    const errorRows = view.rows
      .filter((r) => Object.values(r.metrics).some((c) => c.status === "error"))
      .map((r) => r.row);
    expect(await visibleRows()).toEqual(errorRows);
    expect(errorRows).toEqual([FIXTURE_ROWS.faithfulnessError, FIXTURE_ROWS.contextError]);
    await page.selectOption("#filter-status", "skipped");
    expect(await visibleRows()).toEqual([...FIXTURE_ROWS.relevancySkipped]);
    expect(await page.locator("#row-count").textContent()).toBe("Showing 2 of 24 rows");
    await page.selectOption("#filter-status", "all");
    expect(await visibleRows()).toHaveLength(24);
  });

  it("expands a row to show statements, verdicts, questions and reasons", async () => {
    await page.locator(`#row-table tr[data-row="${FIXTURE_ROWS.script}"] button.toggle`).click();
    const detail = page.locator(`#row-table tr[data-detail-row="${FIXTURE_ROWS.script}"]`);
    expect(await detail.count()).toBe(1);
    const faith = detail.locator('.metric-detail[data-metric="faithfulness"]');
    const record = view.rows[FIXTURE_ROWS.script]!.metrics.faithfulness!;
    const statements = record.details!.statements as string[];
    // Verdict objects render as one table row each.
    expect(await faith.locator("table tbody tr").count()).toBe(statements.length);
    expect(await faith.textContent()).toContain(HOSTILE.comment);
    expect(await faith.textContent()).toContain(record.reason!);
    const rel = detail.locator('.metric-detail[data-metric="answer_relevancy"]');
    // Parallel arrays (questions, noncommittal, similarities) become one table.
    expect(await rel.locator("thead th").allTextContents()).toEqual([
      "#",
      "questions",
      "noncommittal",
      "similarities",
    ]);
    expect(await rel.locator("tbody tr").count()).toBe(3);
    expect(await detail.locator(".inputs").textContent()).toContain(HOSTILE.scriptClose);
    // Details start folded (the row stays compact) and open on a click; long texts are capped.
    const fold = faith.locator("details.metric-details");
    expect(await fold.getAttribute("open")).toBeNull();
    expect(await fold.locator("summary").textContent()).toContain("statements");
    await fold.locator("summary").click();
    expect(await fold.getAttribute("open")).not.toBeNull();
    const capped = await page.evaluate(
      `getComputedStyle(document.querySelector('tr[data-detail-row="${FIXTURE_ROWS.script}"] .inputs dd.cap')).maxHeight`,
    );
    expect(capped).not.toBe("none");
    await page.locator(`#row-table tr[data-row="${FIXTURE_ROWS.faithfulnessError}"]`).click();
    const errDetail = page.locator(`#row-table tr[data-detail-row="${FIXTURE_ROWS.faithfulnessError}"]`);
    expect(await errDetail.locator("pre.error-text").first().textContent()).toContain("JudgeOutputError");
    await page.screenshot({ path: "/tmp/report.png", fullPage: true });
  });

  it("names a missing value 'no score', in the table and in the expanded row", async () => {
    const cell = page.locator(
      `#row-table tr[data-row="${FIXTURE_ROWS.nullFaithfulness}"] td.metric[data-metric="faithfulness"]`,
    );
    expect(await cell.textContent()).toBe("no score");
    expect(await page.locator("#card-no-score .n").textContent()).toBe("1");
    expect(await page.locator("#card-scored .n").textContent()).toMatch(/^\d+ of \d+$/);
  });

  it("writes the judge-free metrics' evidence and the row's warnings as readable lines", async () => {
    const withEvidence = structuredClone(data);
    const rec = withEvidence.records.find((r) => r.row === 0 && r.metric === "faithfulness")!;
    rec.result = {
      ...rec.result,
      details: {
        firstHitRank: 2,
        retrievedCount: 3,
        matchedIds: ["d1"],
        denominator: 2,
        position: null,
        longTexts: [{ field: "response", tokens: 812, limit: 512, handled: "chunk-mean", chunks: 2 }],
        warnings: ["the judge put 4e-16 of its probability on the allowed scores"],
      },
    };
    const second = await openWithRowZeroExpanded(withEvidence, "evidence.html");
    const lines = await second
      .locator('tr[data-detail-row="0"] .metric-detail[data-metric="faithfulness"] ul.readable li')
      .allTextContents();
    expect(lines).toEqual([
      "warning: the judge put 4e-16 of its probability on the allowed scores",
      "first relevant document at rank 2",
      "1 of 2 ids matched: d1",
      "not found in the response",
      "response: 812 tokens, over the embedder's limit of 512; embedded in 2 chunks and averaged",
    ]);
    await second.close();
  });

  it("shows every sample field a row has in the expanded row, ids, documents and rubric included", async () => {
    const withFields = structuredClone(data);
    for (const record of withFields.records.filter((r) => r.row === 0)) {
      record.sample = {
        userInput: "Where is Paris?",
        rubrics: { score1_description: "wrong place" },
        retrievedContextIds: ["c1", 7],
        retrievedDocuments: [{ content: "Paris is in France.", id: "d1", score: 0.5 }],
      };
    }
    const second = await openWithRowZeroExpanded(withFields, "fields.html");
    const inputs = second.locator('tr[data-detail-row="0"] .inputs');
    expect(await inputs.locator("dt").allTextContents()).toEqual([
      "Question",
      "Rubric (1)",
      "Retrieved context ids (2)",
      "Retrieved documents (1)",
      "Row hash",
    ]);
    expect(await inputs.locator("dd li").allTextContents()).toEqual([
      "score1_description: wrong place",
      "c1",
      "7",
      "[d1] Paris is in France. (score 0.5)",
    ]);
    await second.fill("#filter-text", "Paris is in France");
    expect(await second.locator("#row-table tr[data-row]").count()).toBe(1);
    await second.close();
  });

  it("draws long tables 200 rows at a time, with a button for more", async () => {
    const bigPath = join(dir, "big.html");
    writeFileSync(bigPath, toHtmlReport(makeFixtureResult({ rows: 230, hostile: false })));
    await page.goto(pathToFileURL(bigPath).href, { waitUntil: "load" });
    expect(await visibleRows()).toHaveLength(200);
    expect(await page.locator("#row-count").textContent()).toBe("Showing 200 of 230 matching, 230 rows");
    await page.locator("button.show-more").click();
    expect(await visibleRows()).toEqual(Array.from({ length: 230 }, (_, i) => i));
    expect(await page.locator("button.show-more").count()).toBe(0);
  });

  it("logged no console errors, threw nothing, fetched nothing and opened no dialog", () => {
    expect(consoleErrors).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect(foreignRequests).toEqual([]);
    expect(dialogs).toEqual([]);
  });
});
