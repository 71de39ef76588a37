// Opens the HTML report in headless Chromium (Debian's /usr/bin/chromium) and checks that it renders,
// sorts, filters and expands rows, fetches nothing, and shows hostile text as text.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compareRuns, comparisonToHtml, detailedView, toHtmlReport } from "../src/report/index.js";
import { launchChromium, skipWithoutChromium } from "./support/chromium.js";
import {
  FIXTURE_ROWS,
  HOSTILE,
  makeFixtureResult,
  withRepeatedErrors,
  withResponse,
  withValue,
} from "./support/report-fixtures.js";

describe.skipIf(skipWithoutChromium("browser-report"))("HTML report in headless Chromium", () => {
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
    writeFileSync(reportPath, toHtmlReport(data, { title: "Browser check" }));
    ({ context, page } = await launchChromium(join(dir, "profile")));
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
    await page.screenshot({ path: join(tmpdir(), "report.png"), fullPage: true });
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

  it("shows a conversation as its turns and tool calls, not as objects", async () => {
    const withConversation = structuredClone(data);
    for (const record of withConversation.records.filter((r) => r.row === 0)) {
      record.sample = {
        messages: [
          { role: "user", content: "Rain in Oslo?" },
          {
            role: "assistant",
            content: "",
            toolCalls: [{ name: "forecast", args: { city: "Oslo" }, id: "c1" }],
          },
          { role: "tool", content: "6 mm", toolCallId: "c1" },
          { role: "assistant", content: "Yes, 6 mm.", toolCalls: [] },
        ],
        referenceToolCalls: [{ name: "forecast", args: { city: "Oslo", days: 1 } }],
      };
    }
    const second = await openWithRowZeroExpanded(withConversation, "conversation.html");
    const inputs = second.locator('tr[data-detail-row="0"] .inputs');
    const conversations = inputs.locator(".conversation");
    expect(await conversations.nth(0).locator(".turn-head").allTextContents()).toEqual([
      "user",
      "assistant",
      "tool · result of c1",
      "assistant",
    ]);
    expect(await conversations.nth(0).locator(".turn-text").allTextContents()).toEqual([
      "Rain in Oslo?",
      "Yes, 6 mm.",
    ]);
    expect(await conversations.nth(0).locator(".tool-call .call-head").allTextContents()).toEqual([
      "#1 forecast (c1)",
    ]);
    expect(await conversations.nth(1).locator(".tool-call").textContent()).toBe(
      `#1 forecast${JSON.stringify({ city: "Oslo", days: 1 }, null, 2)}`,
    );
    expect(await inputs.textContent()).not.toContain("[object Object]");
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

  it("keeps the cards, metrics and charts on the first screen when many rows fail alike; the error is listed once, folded, after them", async () => {
    const failed = [0, 1, 2, 3, 5, 6, 7, 12, 13, 14, 15, 16, 17, 18];
    const file = join(dir, "errors.html");
    writeFileSync(file, toHtmlReport(withRepeatedErrors(makeFixtureResult({ rows: 24 }), failed)));
    const opened = await context.newPage();
    await opened.goto(pathToFileURL(file).href);
    const height = opened.viewportSize()!.height;
    const chartBottoms = await opened.$$eval("figure.chart", (figs) =>
      figs.map((f) => f.getBoundingClientRect().bottom),
    );
    expect(chartBottoms).toHaveLength(3);
    for (const bottom of chartBottoms) expect(bottom).toBeLessThanOrEqual(height);
    const groups = opened.locator("#problems details.problem");
    // The overflow error, the fixture's other error of each of two metrics, its skip (rows 8 and 9), and its rows
    // scored with no value, grouped by their reason.
    expect(await groups.count()).toBe(5);
    expect(await groups.filter({ hasText: "no score" }).count()).toBe(1);
    const overflow = groups.filter({ hasText: "ContextOverflowError: the response" });
    expect(await overflow.locator("summary").textContent()).toContain(
      "answer_relevancy error on rows 0–3, 5–7, 12–18 (14 rows): ContextOverflowError: the response (1200–1866 characters)",
    );
    expect(await overflow.getAttribute("open")).toBeNull();
    expect(await overflow.locator("pre.problem-text").isVisible()).toBe(false);
    await opened.screenshot({ path: join(tmpdir(), "report-errors-first-screen.png") });
    await overflow.locator("summary").click();
    expect(await overflow.locator("pre.problem-text").isVisible()).toBe(true);
    expect((await overflow.locator("pre.problem-text").textContent())!.split("\n")).toHaveLength(4);
    expect((await opened.locator("#problems").textContent())!.split("question-writing prompt")).toHaveLength(
      2,
    );
    await opened.locator("#problems").screenshot({ path: join(tmpdir(), "report-errors-open.png") });
    await opened.close();
  });

  it("a comparison names both runs, shows each changed row's responses and scores, and colours only real changes", async () => {
    const before = makeFixtureResult({ rows: 24, hostile: false });
    const value = (row: number) =>
      before.records.find((r) => r.row === row && r.metric === "faithfulness")!.result.value!;
    let after = withResponse(withValue(before, 1, "faithfulness", 0.05), 1, "A shorter, vaguer answer.");
    after = withValue(after, 2, "faithfulness", Math.min(1, value(2) + 0.2));
    after = withValue(after, 7, "faithfulness", value(7) - 0.0003);
    const comparison = compareRuns(before, after, {
      labelA: "baseline",
      labelB: "candidate",
      files: { a: "baseline.jsonl", b: "candidate.jsonl" },
    });
    const file = join(dir, "compare.html");
    writeFileSync(file, comparisonToHtml(comparison));
    const opened = await context.newPage();
    await opened.goto(pathToFileURL(file).href);
    expect(await opened.title()).toBe(
      "airgap-eval comparison: baseline (baseline.jsonl) → candidate (candidate.jsonl)",
    );
    expect(await opened.locator("h1").textContent()).toBe(
      "baseline (baseline.jsonl) → candidate (candidate.jsonl)",
    );
    const rows = opened.locator("#compare-rows tbody tr");
    expect(await rows.count()).toBe(3);
    const dropped = rows.filter({ hasText: "A shorter, vaguer answer." });
    expect(await dropped.locator("td.text .resp").allTextContents()).toEqual([
      `baseline: ${before.records.find((r) => r.row === 1)!.sample.response}`,
      "candidate: A shorter, vaguer answer.",
    ]);
    /** The computed text colour of an element, read in the page. */
    type Styled = { getComputedStyle(e: unknown): { color: string }; document: { body: unknown } };
    const colour = (cell: ReturnType<typeof opened.locator>) =>
      cell.evaluate((td) => (globalThis as unknown as Styled).getComputedStyle(td).color);
    const text = await opened.evaluate(() => {
      const g = globalThis as unknown as Styled;
      return g.getComputedStyle(g.document.body).color;
    });
    const faithCell = (row: number) =>
      rows
        .filter({ has: opened.locator(`td.num:first-child:text-is("${row}")`) })
        .locator("td.num")
        .nth(2);
    expect(await faithCell(1).textContent()).toContain("→ 0.050 (-");
    expect(await colour(faithCell(1))).toBe("rgb(196, 48, 43)");
    expect(await colour(faithCell(2))).toBe("rgb(31, 138, 76)");
    expect(await faithCell(7).textContent()).toContain("(0.000)");
    expect(await colour(faithCell(7))).toBe(text);
    await opened.screenshot({ path: join(tmpdir(), "report-compare.png"), fullPage: true });
    await opened.close();
  });

  it("logged no console errors, threw nothing, fetched nothing and opened no dialog", () => {
    expect(consoleErrors).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect(foreignRequests).toEqual([]);
    expect(dialogs).toEqual([]);
  });
});
