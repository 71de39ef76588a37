import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { afterAll, describe, expect, it } from "vitest";
import { InvalidInputError } from "../src/errors.js";
import { reportMetadata } from "../src/report/display-paths.js";
import {
  compareRuns,
  comparisonToHtml,
  comparisonToJson,
  comparisonToMarkdown,
  csvField,
  escapeHtml,
  escapeMarkdownCell,
  jsonForScript,
  neutraliseCsvText,
  REPORT_CSP,
  reportFormatForPath,
  toCsvReport,
  toHtmlReport,
  toJsonReport,
  toMarkdownReport,
  writeComparison,
  writeReport,
} from "../src/report/index.js";
import { FIXTURE_ROWS, HOSTILE, makeFixtureResult, withValue } from "./support/report-fixtures.js";

const data = makeFixtureResult();
const dir = mkdtempSync(join(tmpdir(), "airgap-report-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("JSON", () => {
  it("round-trips the full result", () => {
    expect(JSON.parse(toJsonReport(data))).toEqual(data);
  });

  it("writes the aggregated and detailed views", () => {
    const agg = JSON.parse(toJsonReport(data, { view: "aggregated", indent: 0 }));
    expect(agg.aggregates).toEqual(data.aggregates);
    expect(agg.records).toBeUndefined();
    const detailed = JSON.parse(toJsonReport(data, { view: "detailed" }));
    expect(detailed.rows).toHaveLength(24);
    expect(detailed.rows[FIXTURE_ROWS.script].sample.userInput).toContain(HOSTILE.script);
  });
});

describe("CSV", () => {
  const csv = toCsvReport(data);
  const parsed: string[][] = parse(csv, { relax_column_count: false });
  const header = parsed[0]!;
  const col = (name: string) => header.indexOf(name);
  const rowOf = (i: number) => parsed.find((r, k) => k > 0 && r[0] === String(i))!;

  it("has one header and one line per row, with Ragas input columns and metric columns", () => {
    expect(parsed).toHaveLength(25);
    expect(header.slice(0, 6)).toEqual([
      "row",
      "row_hash",
      "user_input",
      "response",
      "retrieved_contexts",
      "reference",
    ]);
    for (const m of ["faithfulness", "answer_relevancy", "context_relevance"]) {
      for (const suffix of ["", "_status", "_reason", "_error", "_details"])
        expect(header).toContain(`${m}${suffix}`);
    }
    expect(csv.endsWith("\r\n")).toBe(true);
  });

  it("neutralises formula cells with a leading single quote", () => {
    const row = rowOf(FIXTURE_ROWS.formula);
    expect(row[col("user_input")]).toBe(`'${HOSTILE.formula}`);
    expect(row[col("response")]).toBe(`'${HOSTILE.dashFormula}`);
    // Text that looks like a negative number is still text from the dataset, so it is neutralised.
    expect(row[col("reference")]).toBe(`'${HOSTILE.numberLike}`);
    expect(rowOf(FIXTURE_ROWS.multiline)[col("reference")]).toBe(`'${HOSTILE.tabFormula}`);
    // No parsed cell (other than our own numbers) starts with a trigger character.
    for (const r of parsed.slice(1)) {
      r.forEach((cell, i) => {
        const numericColumn = ["row", "faithfulness", "answer_relevancy", "context_relevance"].includes(
          header[i]!,
        );
        if (!numericColumn) expect(cell).not.toMatch(/^ *[=+\-@\t\r\n]/);
      });
    }
  });

  it("keeps computed numbers numeric, negative ones included", () => {
    expect(csvField(-0.2)).toBe("-0.2");
    expect(csvField(0.75)).toBe("0.75");
    expect(csvField("-0.2")).toBe("'-0.2");
    expect(csvField(Number.NEGATIVE_INFINITY)).toBe("'-Infinity");
    const sim = withValue(data, 0, "answer_relevancy", -0.25);
    const r = (parse(toCsvReport(sim)) as string[][])[1]!;
    expect(r[col("answer_relevancy")]).toBe("-0.25");
  });

  it("quotes commas, quotes and newlines so they round-trip", () => {
    const row = rowOf(FIXTURE_ROWS.multiline);
    expect(row[col("user_input")]).toBe(HOSTILE.quoted);
    expect(row[col("response")]).toBe(HOSTILE.multiline);
    expect(csvField('a "b", c')).toBe('"a ""b"", c"');
    expect(csvField("x\ny")).toBe('"x\ny"');
    expect(csvField(null)).toBe("");
  });

  it("writes lists and details as JSON cells", () => {
    const row = rowOf(0);
    expect(JSON.parse(row[col("retrieved_contexts")]!)).toEqual(data.records[0]!.sample.retrievedContexts);
    const details = JSON.parse(row[col("faithfulness_details")]!);
    expect(details.statements.length).toBeGreaterThan(1);
    expect(rowOf(FIXTURE_ROWS.faithfulnessError)[col("faithfulness_status")]).toBe("error");
    expect(rowOf(FIXTURE_ROWS.faithfulnessError)[col("faithfulness")]).toBe("");
  });

  it("covers OWASP's trigger list and leaves other text alone", () => {
    for (const t of ["=", "+", "-", "@", "\t", "\r", " =1"])
      expect(neutraliseCsvText(`${t}x`)).toBe(`'${t}x`);
    expect(neutraliseCsvText("plain text = fine")).toBe("plain text = fine");
    expect(neutraliseCsvText("")).toBe("");
    expect(
      toCsvReport(data, { bom: true, lineEnding: "\n", includeDetails: false }).startsWith("\uFEFFrow,"),
    ).toBe(true);
  });
});

describe("Markdown", () => {
  const md = toMarkdownReport(data);

  it("escapes pipes, newlines and HTML in cells", () => {
    expect(escapeMarkdownCell("a | b\nc")).toBe("a \\| b<br>c");
    expect(escapeMarkdownCell("<script>alert(1)</script>")).toBe("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(md).not.toContain("<script");
    expect(md).not.toContain("<img");
    expect(md).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("keeps every table row on one line with the header's column count", () => {
    const lines = md.split("\n");
    const start = lines.indexOf("## Rows");
    const tableLines = lines.slice(start + 2).filter((l) => l.startsWith("|"));
    expect(tableLines).toHaveLength(2 + 24);
    const cells = (l: string) => l.replace(/\\\|/g, "").split("|").length;
    for (const l of tableLines) expect(cells(l)).toBe(cells(tableLines[0]!));
    expect(md).toContain("third \\| piped");
  });

  it("has the aggregate table, models and invalid rows", () => {
    const agg = data.aggregates.find((a) => a.metric === "faithfulness")!;
    expect(md).toContain(`| \`faithfulness\` | ${agg.mean!.toFixed(3)} |`);
    expect(md).toContain("## Models");
    expect(md).toContain(data.metadata.metrics.faithfulness!.models[0]!.sha256!);
    expect(md).toContain("## Invalid rows");
    const problems = md.split("## Errors and skipped rows")[1]!;
    expect(problems).toContain(
      "- `answer_relevancy` skipped on rows 8, 9 (2 rows): embedding model all-minilm-l6-v2 not found; run \\`airgap-eval models pull all-minilm-l6-v2\\`",
    );
    expect(problems).toContain("- `faithfulness` error on row 4: JudgeOutputError");
    expect(md).toMatch(/\| 4 \| .* \| error \|/);
    const faithAgg = data.aggregates.find((a) => a.metric === "faithfulness")!;
    expect(md).toContain(
      "| Metric | Mean | 95% interval | Std | Min | Max | Scored | No score | Errors | Skipped |",
    );
    expect(md).toContain(
      ` | ${faithAgg.count} of ${faithAgg.count + faithAgg.nulls + faithAgg.errors + faithAgg.skipped} | ${faithAgg.nulls} | ${faithAgg.errors} | ${faithAgg.skipped} |`,
    );
    expect(md).toMatch(/\| 10 \| .* \| no score \|/);
    expect(md).not.toMatch(/\bn\/a\b/);
  });
});

describe("HTML", () => {
  const page = toHtmlReport(data, { title: "Fixture <report>" });

  it("never contains raw markup from the data", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
    // Exactly our two script elements open; no data-born <script>, <img> or comment.
    expect(page.match(/<script/gi)).toHaveLength(2);
    expect(page.match(/<\/script/gi)).toHaveLength(2);
    expect(page).not.toContain("<img");
    expect(page).not.toContain("<!--");
    expect(page).toContain("<title>Fixture &lt;report&gt;</title>");
    expect(page).toContain("expected an array, got &lt;script&gt;alert(1)&lt;/script&gt;");
    // Distinct error and skip reasons are listed once, with their rows.
    expect(page).toMatch(
      /<code>answer_relevancy<\/code> <span class="badge skipped">skipped<\/span> on <span class="problem-rows">rows 8, 9 \(2 rows\)<\/span>/,
    );
    expect(page).toContain("run `airgap-eval models pull all-minilm-l6-v2`");
  });

  it("embeds the data as JSON that parses back and cannot break out", () => {
    const match = page.match(/<script type="application\/json" id="report-data">([\s\S]*?)<\/script>/);
    expect(match).not.toBeNull();
    const json = match![1]!;
    expect(json).not.toMatch(/[<>]/);
    const payload = JSON.parse(json);
    expect(payload.rows).toHaveLength(24);
    expect(payload.rows[FIXTURE_ROWS.script].sample.response).toBe(
      `${HOSTILE.scriptClose} ${HOSTILE.comment}`,
    );
    expect(jsonForScript({ t: "</script>\u2028&" })).toBe('{"t":"\\u003c/script\\u003e\\u2028\\u0026"}');
  });

  it("is self-contained: CSP, no external URLs, one histogram per metric, run metadata", () => {
    expect(page).toContain(`<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}">`);
    const clean = toHtmlReport(makeFixtureResult({ hostile: false }));
    expect(clean).not.toMatch(/https?:\/\//);
    expect(clean).not.toMatch(/\b(src|href)=/);
    expect(page.match(/<svg class="histogram"/g)).toHaveLength(3);
    for (const model of data.metadata.metrics.answer_relevancy!.models) expect(page).toContain(model.sha256!);
    expect(page).toContain("node-llama-cpp 3.21.1");
    expect(page).toContain("strictness=3");
  });

  it("shows each mean's interval with a whisker titled with the figures, and how the intervals were made", () => {
    for (const a of data.aggregates) {
      const { low, high } = a.interval!;
      const cell = `${low.toFixed(3)}–${high.toFixed(3)}`;
      expect(page).toMatch(
        new RegExp(`<tr data-metric="${a.metric}">.*<td class="num interval">${cell}<svg class="whisker"`),
      );
      expect(page).toContain(`aria-label="mean ${a.mean!.toFixed(3)}, 95% interval ${cell} on [`);
    }
    expect(page).toContain('<p class="muted interval-note">Intervals of the mean over scored rows: ');
  });

  it("shows scored n of N per metric, a no-score card, one term for a missing value, and a mean legend", () => {
    for (const a of data.aggregates) {
      const n = a.count + a.nulls + a.errors + a.skipped;
      expect(page).toContain(`<b>${a.metric}</b> · scored ${a.count} of ${n}`);
      expect(page).toMatch(
        new RegExp(
          `<tr data-metric="${a.metric}">.*<td class="num">${a.count} of ${n}</td><td class="num">${a.nulls}</td><td class="num">${a.errors}</td><td class="num">${a.skipped}</td></tr>`,
        ),
      );
    }
    const noScore = data.aggregates.reduce((t, a) => t + a.nulls, 0);
    expect(noScore).toBeGreaterThan(0);
    expect(page).toMatch(
      new RegExp(`id="card-no-score"><div class="n">${noScore}</div><div class="l">No score</div>`),
    );
    const errors = data.aggregates.reduce((t, a) => t + a.errors, 0);
    expect(page).toMatch(new RegExp(`id="card-errors"><div class="n">${errors}</div>`));
    expect(page).not.toMatch(/\bn\/a\b|no value|>Null</);
    expect(page).toMatch(
      /<g class="legend"><line class="mean"[^>]*\/><text class="tick"[^>]*>mean \d\.\d{3}<\/text><\/g>/,
    );
    // Axis labels at round values: 0, 0.2, ..., 1 on a [0, 1] domain.
    const faithChart = page.split('data-metric="faithfulness"><figcaption>')[1]!.split("</svg>")[0]!;
    const ticks = [...faithChart.matchAll(/text-anchor="middle">([^<]+)<\/text>/g)].map((m) => m[1]);
    expect(ticks).toEqual(["0.0", "0.2", "0.4", "0.6", "0.8", "1.0"]);
  });

  it("draws negative values on a range that includes them", () => {
    const neg = withValue(data, 0, "answer_relevancy", -0.5);
    const html = toHtmlReport(neg);
    expect(html).toMatch(/Histogram of answer_relevancy: \d+ values from -0\.5 to/);
  });
});

describe("comparison exports", () => {
  const before = makeFixtureResult();
  const after = withValue(before, 1, "faithfulness", 0.05);
  const c = compareRuns(before, after, { labelA: "before", labelB: "after|x" });

  it("Markdown lists aggregate deltas and changed rows", () => {
    const md = comparisonToMarkdown(c);
    expect(md).toContain("## Aggregates");
    expect(md).toContain("after\\|x");
    const changed = md.split("## Changed rows")[1]!;
    expect(changed.split("\n").filter((l) => l.startsWith("| 1 |"))).toHaveLength(1);
    expect(changed).toContain("→ 0.050");
  });

  it("JSON round-trips", () => {
    expect(JSON.parse(comparisonToJson(c))).toEqual(JSON.parse(JSON.stringify(c)));
  });

  it("HTML shows per-metric deltas with scored n of N and the rows that changed most, fetching nothing", () => {
    const page = comparisonToHtml(c);
    expect(page).toContain("default-src 'none'");
    expect(page).not.toMatch(/<script|\b(src|href)=/);
    expect(page).toContain("<h1>before → after|x</h1>");
    const faith = c.metrics.find((m) => m.metric === "faithfulness")!;
    expect(page).toContain(`<tr data-metric="faithfulness"><td><code>faithfulness</code></td>`);
    expect(page).toContain(
      `${faith.a!.count} of ${faith.a!.count + faith.a!.nulls + faith.a!.errors + faith.a!.skipped}`,
    );
    const changed = page.split('id="compare-rows"')[1]!;
    expect(changed.match(/<tr><td class="num">/g)).toHaveLength(1);
    expect(changed).toMatch(/<td class="num">1<\/td><td class="num">1<\/td>/);
    expect(changed).toContain("→ 0.050");
    // Dataset text is escaped.
    expect(
      comparisonToHtml(
        compareRuns(
          makeFixtureResult(),
          withValue(makeFixtureResult(), FIXTURE_ROWS.script, "faithfulness", 0.01),
        ),
      ),
    ).not.toContain(HOSTILE.script);
  });
});

describe("writeReport", () => {
  it("chooses the format from the extension", async () => {
    expect(await writeReport(join(dir, "nested", "r.HTML"), data)).toBe("html");
    expect(readFileSync(join(dir, "nested", "r.HTML"), "utf8")).toMatch(/^<!doctype html>/);
    expect(await writeReport(join(dir, "r.md"), data)).toBe("markdown");
    expect(await writeReport(join(dir, "r.csv"), data)).toBe("csv");
    expect(await writeReport(join(dir, "r.json"), data)).toBe("json");
    // The data, its absolute paths shown relative to the current directory or by file name.
    expect(JSON.parse(readFileSync(join(dir, "r.json"), "utf8"))).toEqual({
      ...data,
      metadata: reportMetadata(data.metadata),
    });
    expect(await writeComparison(join(dir, "c.md"), compareRuns(data, data))).toBe("markdown");
  });

  it("refuses unknown extensions with the supported list", async () => {
    expect(() => reportFormatForPath("report.pdf")).toThrow(InvalidInputError);
    expect(() => reportFormatForPath("report.pdf")).toThrow(/\.json, \.csv, \.md, \.markdown, \.html, \.htm/);
    await expect(writeComparison(join(dir, "c.csv"), compareRuns(data, data))).rejects.toThrow(
      /\.json, \.md or \.html/,
    );
  });
});
