// The HTML report of a conversation dataset in headless Chromium (Debian's /usr/bin/chromium): examples/agent-eval.jsonl
// scored by the rule-based agent metrics. An expanded row shows the conversation turn by turn, its tool calls with
// their arguments as indented JSON, the tool results, and per tool-call metric which made call matched which expected
// call (from the metrics' details.callMatching). A screenshot is taken and the visible text is checked.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evaluate } from "../src/evaluate/evaluate.js";
import { ToolCallAccuracy } from "../src/metrics/tool-call-accuracy/metric.js";
import { ToolCallF1 } from "../src/metrics/tool-call-f1/metric.js";
import { ToolCorrectness } from "../src/metrics/tool-correctness/metric.js";
import { TrajectoryMatch } from "../src/metrics/trajectory-match/metric.js";
import { toHtmlReport } from "../src/report/index.js";
import { launchChromium, skipWithoutChromium } from "./support/chromium.js";

describe.skipIf(skipWithoutChromium("browser-report-agents"))(
  "HTML report of a conversation dataset in headless Chromium",
  () => {
    const dir = mkdtempSync(join(tmpdir(), "airgap-browser-agents-"));
    // Screenshots go here (AIRGAP_SCREENSHOT_DIR keeps them after the run, to look at).
    const shots = process.env.AIRGAP_SCREENSHOT_DIR ?? dir;
    let context: BrowserContext;
    let page: Page;
    const pageErrors: string[] = [];

    beforeAll(async () => {
      const result = await evaluate(
        "examples/agent-eval.jsonl",
        [new ToolCallAccuracy(), new ToolCallF1(), new TrajectoryMatch(), new ToolCorrectness()],
        { cache: false, progress: "none" },
      );
      const file = join(dir, "agents.html");
      writeFileSync(file, toHtmlReport(result, { title: "Agent report" }));
      ({ context, page } = await launchChromium(join(dir, "profile")));
      page.on("pageerror", (err) => pageErrors.push(String(err)));
      await page.goto(pathToFileURL(file).href, { waitUntil: "load" });
    }, 60_000);

    afterAll(async () => {
      await context?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    /** Expands a row and returns its detail panel. */
    async function expand(row: number) {
      await page.locator(`#row-table tr[data-row="${row}"] button.toggle`).click();
      return page.locator(`#row-table tr[data-detail-row="${row}"] .detail-grid`);
    }

    it("draws the conversation turn by turn, with each call's arguments as indented JSON and each tool result", async () => {
      const panel = await expand(1);
      const turns = panel.locator(".inputs .conversation").first().locator(".turn");
      expect(await turns.count()).toBe(5);
      expect(await turns.locator(".turn-head").allTextContents()).toEqual([
        "user",
        "assistant",
        "tool · result of call_a",
        "tool · result of call_b",
        "assistant",
      ]);
      const firstCall = turns.nth(1).locator(".tool-call").first();
      expect(await firstCall.locator(".call-head").textContent()).toBe("#1 book_table (call_a)");
      expect(await firstCall.locator("pre.json").textContent()).toBe(
        JSON.stringify({ restaurant: "Nordlys", party_size: "4", time: "19:00" }, null, 2),
      );
      expect(await turns.nth(2).textContent()).toContain("booked #A17");
      await page.screenshot({ path: join(shots, "agents-row-1.png"), fullPage: true });
    });

    it("shows per metric which made call matched which expected call, and why the others did not", async () => {
      const panel = page.locator('#row-table tr[data-detail-row="1"] .detail-grid');
      const f1 = panel.locator('.metric-detail[data-metric="tool_call_f1"]');
      expect(await f1.locator("ul.readable").textContent()).toContain(
        "calls: 1 matched, 1 argument mismatch",
      );
      const rows = f1.locator("table.call-matching tbody tr");
      expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-status")))).toEqual([
        "matched",
        "argsMismatch",
      ]);
      // party_size 4 expected, "4" made: unequal under Python ==, so F1 does not count the booking.
      const mismatch = rows.nth(1);
      expect(await mismatch.locator("td").nth(0).locator(".call-head").textContent()).toBe("#2 book_table");
      expect(await mismatch.locator("td").nth(1).locator(".call-head").textContent()).toBe(
        "#1 book_table (call_a)",
      );
      expect(await mismatch.locator("ul.arg-results li.arg-different").textContent()).toBe(
        "party_size: different",
      );
      const accuracy = panel.locator('.metric-detail[data-metric="tool_call_accuracy"]');
      expect(
        await accuracy
          .locator("table.call-matching tbody tr")
          .evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-status"))),
      ).toEqual(["outOfOrder", "outOfOrder"]);
      expect(await accuracy.locator("table.call-matching").textContent()).toContain("out of order");
      // tool_correctness does not compare arguments by default: they are shown as ignored.
      const correctness = panel.locator('.metric-detail[data-metric="tool_correctness"]');
      expect(await correctness.locator("ul.arg-results li.arg-ignored").count()).toBe(5);
      expect(await correctness.locator("ul.arg-results li.arg-different").count()).toBe(0);
      expect(pageErrors).toEqual([]);
    });

    it("reads the reference conversation for trajectory_match", async () => {
      const rows = await page.$$eval("#row-table tbody tr.data", (trs) =>
        trs.map((tr) => Number(tr.getAttribute("data-row"))),
      );
      expect(rows).toEqual([0, 1, 2, 3, 4]);
      const panel = await expand(0);
      const trajectory = panel.locator('.metric-detail[data-metric="trajectory_match"]');
      expect(await trajectory.locator("table.call-matching tbody tr").count()).toBeGreaterThan(0);
      expect(await trajectory.locator("table.call-matching").textContent()).toContain("get_forecast");
      await page
        .locator('#row-table tr[data-detail-row="0"]')
        .screenshot({ path: join(shots, "agents-row-0.png") });
      // Row 2 starts with a system message: strict trajectory_match finds the call in another message.
      const moved = (await expand(2)).locator(
        '.metric-detail[data-metric="trajectory_match"] table.call-matching',
      );
      expect(
        await moved.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => tr.dataset.status)),
      ).toEqual(["otherMessage"]);
      expect(await moved.textContent()).toContain("in another message");
      expect(await moved.textContent()).not.toContain("out of order");
      expect(pageErrors).toEqual([]);
    });
  },
);
