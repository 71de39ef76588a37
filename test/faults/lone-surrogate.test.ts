// Weak point 5 of the hostile trial (issue 19): a lone surrogate (\ud800) in a row passed through, and
// the results file and JSON report then could not be read by strict parsers such as jq.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadDataset } from "../../src/dataset/load.js";
import { evaluate } from "../../src/evaluate/evaluate.js";
import { loneSurrogateIndex, toWellFormed } from "../../src/util/well-formed.js";
import { cliSandbox, runCli } from "../fixtures/cli/run-cli.js";
import { tinyEncoderDir } from "../setup/paths.js";
import { FakeMetric } from "../support/fake-metrics.js";

const box = cliSandbox("airgap-faults-utf16-");
afterAll(() => box.cleanup());

/** Reads a file as strict UTF-8 (throws on any invalid byte) and checks it has no lone-surrogate escape. */
function strictText(file: string): string {
  const text = new TextDecoder("utf-8", { fatal: true }).decode(readFileSync(file));
  expect(text, file).not.toMatch(/\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F])/);
  expect(loneSurrogateIndex(text), file).toBe(-1);
  return text;
}

/** Parses strict UTF-8 JSON, or JSON Lines. */
function strictJson(file: string): unknown {
  const text = strictText(file);
  if (file.endsWith(".jsonl")) {
    return text
      .split("\n")
      .filter((l) => l !== "")
      .map((l) => JSON.parse(l));
  }
  return JSON.parse(text);
}

describe("lone surrogates", { timeout: 120_000 }, () => {
  it("toWellFormed replaces only lone surrogates", () => {
    expect(toWellFormed("a\ud800b\udc00c")).toBe("a\ufffdb\ufffdc");
    expect(toWellFormed("emoji \ud83d\ude00")).toBe("emoji \ud83d\ude00");
    expect(loneSurrogateIndex("ok \ud83d")).toBe(3);
  });

  it("a field holding one is an unreadable cell, naming the row and field", () => {
    const data = loadDataset([
      { user_input: "fine", response: "fine" },
      { user_input: "fine", response: "cut emoji \ud83d" },
      { user_input: "fine", retrieved_contexts: ["ok", "\udc00 low"] },
    ]);
    // The rows stay, without the unreadable field, for metrics that do not read it.
    expect(data.samples.map((s) => s.sample)).toEqual([
      { userInput: "fine", response: "fine" },
      { userInput: "fine" },
      { userInput: "fine" },
    ]);
    const cells = data.badCells ?? [];
    expect(cells).toHaveLength(2);
    expect(cells[0]).toMatchObject({ row: 1, field: "response" });
    expect(cells[0]!.message).toContain("lone UTF-16 surrogate (U+D83D at character 10)");
    expect(cells[1]).toMatchObject({ row: 2, field: "retrieved_contexts[1]" });
  });

  it("results written by evaluate() are well-formed even when a metric's reason holds one", async () => {
    const out = box.file("lib-results.jsonl");
    const metric = new FakeMetric({ score: () => ({ value: 0.5, status: "ok", reason: "cut \ud800 here" }) });
    await evaluate([{ response: "fine" }], [metric], { out });
    const lines = strictJson(out) as Array<{ type: string; result?: { reason: string } }>;
    expect(lines.find((l) => l.type === "record")?.result?.reason).toBe("cut \ufffd here");
  });

  it("the CLI names the row and field, and every file it writes reads back with a strict parser", async () => {
    const dataset = box.file("rows.jsonl");
    // JSON escapes in the file: the bytes are valid UTF-8, the decoded strings are not valid Unicode.
    writeFileSync(
      dataset,
      [
        '{"response": "Paris is the capital.", "reference": "Paris."}',
        '{"response": "bad \\ud800 text", "reference": "Paris."}',
        '{"response": "Lyon.", "reference": "lone low \\udfff"}',
      ].join("\n"),
    );
    const dir = box.file("written");
    const out = path.join(dir, "results.jsonl");
    const reports = ["report.json", "report.html", "report.csv", "report.md"].map((f) => path.join(dir, f));
    const result = await runCli(
      [
        "eval",
        dataset,
        "--metrics",
        "semantic_similarity",
        "--embeddings",
        tinyEncoderDir,
        "--out",
        out,
        "--no-cache",
        ...reports.flatMap((r) => ["--report", r]),
      ],
      box.env,
    );
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toMatch(/line 2, row 1, field "response": holds a lone UTF-16 surrogate \(U\+D800/);
    expect(result.stderr).toMatch(
      /line 3, row 2, field "reference": holds a lone UTF-16 surrogate \(U\+DFFF/,
    );

    const report = box.file("written/again.json");
    const again = await runCli(["report", out, "--json", report], box.env);
    expect(again.code, again.stderr).toBe(0);

    const written = readdirSync(dir).map((f) => path.join(dir, f));
    expect(written).toHaveLength(6);
    for (const file of written) {
      if (file.endsWith(".json") || file.endsWith(".jsonl")) strictJson(file);
      else strictText(file);
    }
  });
});
