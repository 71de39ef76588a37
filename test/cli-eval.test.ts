// The `airgap-eval eval` command as a user meets it: spawned from source, real (tiny) models,
// exit codes, summary and --json output, bad rows, the column map and --help of every command.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultMetricIds } from "../src/cli/metric-factory.js";
import { loadDataset } from "../src/dataset/index.js";
import { canScoreAny, metricDescriptor } from "../src/metrics/catalog.js";
import { loadResults } from "../src/results/load.js";
import type { RowMetricRecord } from "../src/results/types.js";
import { cliSandbox, exampleRows, recordLines, runCli } from "./fixtures/cli/run-cli.js";
import { tinyGgufPath } from "./setup/paths.js";

const example = "examples/rag-eval.jsonl";
const box = cliSandbox("airgap-cli-eval-");
afterAll(() => box.cleanup());

function writeJsonl(name: string, rows: readonly unknown[]): string {
  const file = box.file(name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${rows.map((r) => (typeof r === "string" ? r : JSON.stringify(r))).join("\n")}\n`);
  return file;
}

/** The summary table as objects: header cells and value cells are separated by two or more spaces. */
function summaryTable(stdout: string): Map<string, Record<string, string>> {
  const lines = stdout.split("\n");
  const headerAt = lines.findIndex((l) => /^metric\s{2,}/.test(l));
  expect(headerAt, `no summary table in:\n${stdout}`).toBeGreaterThanOrEqual(0);
  const header = lines[headerAt]!.trim().split(/\s{2,}/);
  const table = new Map<string, Record<string, string>>();
  for (const line of lines.slice(headerAt + 1)) {
    if (line.trim() === "") break;
    const cells = line.trim().split(/\s{2,}/);
    table.set(cells[0]!, Object.fromEntries(header.map((h, i) => [h, cells[i] ?? ""])));
  }
  return table;
}

function byRowMetric(records: readonly RowMetricRecord[]): Map<string, RowMetricRecord> {
  return new Map(records.map((r) => [`${r.row}/${r.metric}`, r]));
}

describe("eval: a normal run", { timeout: 300_000 }, () => {
  let result: Awaited<ReturnType<typeof runCli>>;
  const out = box.file("ok/results.jsonl");
  const report = box.file("ok/report.html");

  beforeAll(async () => {
    result = await runCli(
      [
        "eval",
        example,
        "--metrics",
        "semantic_similarity,faithfulness",
        "--out",
        out,
        "--report",
        report,
        "--cache-file",
        box.file("ok/cache.sqlite"),
        "--fail-under",
        "semantic_similarity=0.5",
      ],
      box.env,
    );
  });

  it("exits 0 with the starter embedder, even though the default judge is not on this machine", () => {
    expect(result.stderr).not.toMatch(/unexpected error/);
    expect(result.code).toBe(0);
  });

  it("prints per-metric mean, scored n of N and errors, and where the results and report were written", () => {
    const data = loadResults(out);
    const semantic = data.aggregates.find((a) => a.metric === "semantic_similarity")!;
    expect(semantic.count).toBe(20);
    const table = summaryTable(result.stdout);
    expect(table.get("semantic_similarity")).toMatchObject({
      mean: semantic.mean!.toFixed(3),
      scored: "20 of 20",
      errors: "0",
    });
    expect(table.get("faithfulness")).toMatchObject({
      mean: "-",
      scored: "0 of 20",
      errors: "0",
      skipped: "20",
    });
    expect(result.stdout).toContain(`Results: ${out}`);
    expect(result.stdout).toMatch(new RegExp(`Report: +${report.replaceAll(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    expect(existsSync(report)).toBe(true);
  });

  it("reports judge metrics as skipped with the exact models pull command", () => {
    expect(result.stdout).toContain("airgap-eval models pull qwen2.5-0.5b-instruct");
    const skipped = loadResults(out).records.filter((r) => r.metric === "faithfulness");
    expect(skipped).toHaveLength(20);
    for (const r of skipped) {
      expect(r.result.status).toBe("skipped");
      expect(r.result.reason).toContain("`airgap-eval models pull qwen2.5-0.5b-instruct`");
    }
  });

  it("--json prints the aggregates as JSON, with the exit code and where things went", async () => {
    const json = await runCli(
      [
        "eval",
        example,
        "--metrics",
        "semantic_similarity",
        "--json",
        "--out",
        box.file("ok/json.jsonl"),
        "--cache-file",
        box.file("ok/cache.sqlite"),
      ],
      box.env,
    );
    expect(json.code).toBe(0);
    const parsed = JSON.parse(json.stdout) as {
      aggregates: Array<{ metric: string; mean: number; count: number; errors: number }>;
      exitCode: number;
      errors: number;
      invalidRows: number;
      interrupted: boolean;
      resultsFile: string;
      cache: { hits: number; misses: number } | null;
    };
    const earlier = loadResults(out).aggregates.find((a) => a.metric === "semantic_similarity")!;
    expect(parsed.aggregates).toHaveLength(1);
    expect(parsed.aggregates[0]).toMatchObject({ metric: "semantic_similarity", count: 20, errors: 0 });
    expect(parsed.aggregates[0]!.mean).toBeCloseTo(earlier.mean!, 10);
    expect(parsed).toMatchObject({ exitCode: 0, errors: 0, invalidRows: 0, interrupted: false });
    expect(parsed.resultsFile).toBe(box.file("ok/json.jsonl"));
    // Same cache file as the first run: every row's semantic_similarity comes from it.
    expect(parsed.cache).not.toBeNull();
    expect(parsed.cache!.hits).toBeGreaterThanOrEqual(20);
    expect(parsed.cache!.misses).toBe(0);
  });
});

describe("eval: exit codes 1 and 3", { timeout: 300_000 }, () => {
  it("exits 1 when a metric fails on a row (a question too long for the tiny judge's context)", async () => {
    const longQuestion = `${Array.from({ length: 3000 }, (_, i) => `word${i}`).join(" ")}?`;
    const [first] = exampleRows();
    const dataset = writeJsonl("fail/data.jsonl", [
      first,
      { user_input: longQuestion, response: "Words.", retrieved_contexts: ["A short context."] },
    ]);
    const out = box.file("fail/results.jsonl");
    const result = await runCli(
      [
        "eval",
        dataset,
        "--metrics",
        "context_relevance",
        "--llm",
        tinyGgufPath,
        "--out",
        out,
        "--cache-file",
        box.file("fail/cache.sqlite"),
      ],
      box.env,
    );
    expect(result.code, result.stderr).toBe(1);
    expect(summaryTable(result.stdout).get("context_relevance")).toMatchObject({
      scored: expect.stringMatching(/^1 of \d+$/),
      errors: "1",
    });
    const records = byRowMetric(loadResults(out).records);
    expect(records.get("0/context_relevance")?.result.status).toBe("ok");
    const failed = records.get("1/context_relevance")!.result;
    expect(failed.status).toBe("error");
    expect(failed.error).toMatch(/ContextOverflowError: .*does not fit the judge's context window/);
  });

  it("exits 3 below a --fail-under bar and says which bar", async () => {
    const result = await runCli(
      [
        "eval",
        example,
        "--metrics",
        "semantic_similarity",
        "--fail-under",
        "semantic_similarity=0.99",
        "--quiet",
        "--out",
        box.file("bar/results.jsonl"),
        "--cache-file",
        box.file("bar/cache.sqlite"),
      ],
      box.env,
    );
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/semantic_similarity: mean 0\.\d{4} is below --fail-under 0\.99/);
    // --quiet: no progress lines.
    expect(result.stderr).not.toMatch(/rows \(\d+%\)/);
  });
});

describe("eval: exit code 2, before any model loads", { timeout: 300_000 }, () => {
  const missingJudge = "./no-such-dir/judge.gguf";

  it.each([
    ["an unknown flag", ["eval", example, "--no-such-flag"], /unknown option '--no-such-flag'/],
    [
      "an unknown metric",
      ["eval", example, "--metrics", "bleu"],
      /unknown metric "bleu"; did you mean bleu_score\? The metric ids:/,
    ],
    [
      "a missing dataset file",
      ["eval", "no-such-file.jsonl"],
      /no-such-file\.jsonl: dataset file does not exist/,
    ],
    ["a bad --concurrency", ["eval", example, "--concurrency", "0"], /--concurrency must be a whole number/],
    ["a bad --column", ["eval", example, "--column", "question"], /--column "question" must look like/],
    [
      "a --column target that is no field",
      ["eval", example, "--column", "question=title"],
      /maps to "title", which is not a sample field; use one of user_input, response/,
    ],
    [
      "a --fail-under metric not evaluated",
      ["eval", example, "--metrics", "semantic_similarity", "--fail-under", "faithfulness=0.5"],
      /--fail-under names faithfulness, which is not among --metrics/,
    ],
    ["a report with an unknown extension", ["eval", example, "--report", "report.pdf"], /extension "\.pdf"/],
    [
      "an explicit --llm path that does not exist",
      ["eval", example, "--metrics", "faithfulness", "--llm", missingJudge],
      /Model path "\.\/no-such-dir\/judge\.gguf" does not exist/,
    ],
  ])("%s", async (_what, args, message) => {
    const out = box.file(`usage-${Math.random().toString(36).slice(2)}.jsonl`);
    const result = await runCli([...args, "--out", out, "--cache-file", box.file("usage.sqlite")], box.env);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(existsSync(out)).toBe(false);
  });

  it("a metric whose required column no row has fails before the judge is even looked up", async () => {
    const dataset = writeJsonl("no-contexts.jsonl", [
      { user_input: "Why is the sky blue?", response: "Rayleigh scattering.", reference: "Scattering." },
    ]);
    const out = box.file("no-contexts-results.jsonl");
    // The judge path does not exist: had the CLI loaded models first, that would be the error.
    const result = await runCli(
      ["eval", dataset, "--metrics", "faithfulness", "--llm", missingJudge, "--out", out],
      box.env,
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/faithfulness needs retrieved_contexts \(retrievedContexts\)/);
    expect(result.stderr).not.toMatch(/does not exist/);
    expect(existsSync(out)).toBe(false);
  });

  it("--strict with a bad row stops before work starts, naming line, row and field", async () => {
    const [first, second] = exampleRows();
    const dataset = writeJsonl("strict.jsonl", [first, { ...second, response: 42 }]);
    const out = box.file("strict-results.jsonl");
    const result = await runCli(
      ["eval", dataset, "--metrics", "faithfulness", "--llm", missingJudge, "--strict", "--out", out],
      box.env,
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /strict\.jsonl, line 2, row 1, field "response": expected a string, got a number/,
    );
    expect(existsSync(out)).toBe(false);
  });

  it("running the same command again continues its results file; another command's file is refused", async () => {
    const out = box.file("rerun.jsonl");
    const args = [
      "eval",
      example,
      "--metrics",
      "exact_match,semantic_similarity",
      "--out",
      out,
      "--no-cache",
    ];
    expect((await runCli(args, box.env)).code).toBe(0);
    const recordsOf = () =>
      readFileSync(out, "utf8")
        .split("\n")
        .filter((l) => l.includes('"type":"record"'));
    const before = recordsOf().length;
    expect(before).toBe(40);

    const again = await runCli(args, box.env);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain(`${out} holds results of this command: continuing it`);
    expect(recordsOf()).toHaveLength(before);

    const other = await runCli(["eval", example, "--metrics", "exact_match", "--out", out], box.env);
    expect(other.code).toBe(2);
    expect(other.stderr).toContain(
      "rerun.jsonl: already holds results of another command (this command leaves out metrics semantic_similarity); " +
        "continue it anyway with --resume, replace it with --overwrite, or choose another --out",
    );
    expect(recordsOf()).toHaveLength(before);

    const notResults = writeJsonl("not-results.jsonl", [{ user_input: "q" }]);
    const refused = await runCli(["eval", example, "--metrics", "exact_match", "--out", notResults], box.env);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      "not-results.jsonl: is not an airgap-eval results file; replace it with --overwrite or choose another --out",
    );
  });
});

describe("eval: the same command run again on a machine without the judge", { timeout: 300_000 }, () => {
  const recordsOf = (file: string) => recordLines(file).length;

  it("the README's quick start (no --metrics, judge absent) run twice continues its --out, exit 0", async () => {
    const out = box.file("quick/results.jsonl");
    const args = ["eval", "--example", "--out", out, "--report", box.file("quick/report.html")];
    const first = await runCli([...args, "--report", box.file("quick/report.md")], box.env);
    expect(first.code, first.stderr).toBe(0);
    const before = recordsOf(out);
    const again = await runCli([...args, "--report", box.file("quick/report.md")], box.env);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain(`${out} holds results of this command: continuing it`);
    expect(again.stderr).toContain("(20 already done)");
    expect(recordsOf(out)).toBe(before);
  });

  it("an explicit --metrics list with a judge metric and no judge continues too (the judge metric skipped both times)", async () => {
    const out = box.file("explicit-rerun.jsonl");
    const args = ["eval", example, "--metrics", "faithfulness,bleu_score", "--out", out, "--no-cache"];
    expect((await runCli(args, box.env)).code).toBe(0);
    const again = await runCli(args, box.env);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain("holds results of this command: continuing it");
    expect(recordsOf(out)).toBe(40);
  });

  it("once a judge is there, the default set grows: the rerun says why and that --resume adds the judge metrics", async () => {
    const dataset = writeJsonl("judge-arrives.jsonl", exampleRows().slice(0, 2));
    const out = box.file("judge-arrives-results.jsonl");
    const base = ["eval", dataset, "--out", out, "--no-cache", "--quiet"];
    expect((await runCli(base, box.env)).code).toBe(0);
    const withJudge = await runCli([...base, "--llm", tinyGgufPath], box.env);
    expect(withJudge.code).toBe(2);
    expect(withJudge.stderr).toMatch(
      /judge-arrives-results\.jsonl: already holds results of another command \(this command adds metrics answer_relevancy, faithfulness, .*\): without --metrics a run scores every metric whose model is on this machine, and their model is here now but was not when the file was written\. Score them into this file with --resume/,
    );
    const resumed = await runCli([...base, "--llm", tinyGgufPath, "--resume"], box.env);
    expect(resumed.code, resumed.stderr).toBeLessThan(2);
    expect(recordLines(out).some((r) => r.metric === "faithfulness")).toBe(true);
  });
});

describe("eval: the default metric set", { timeout: 300_000 }, () => {
  it("runs the metrics the dataset has columns for, leaving out judge metrics in one note naming the pull command", async () => {
    const out = box.file("default-set.jsonl");
    const result = await runCli(["eval", example, "--out", out, "--no-cache", "--quiet"], box.env);
    expect(result.code).toBe(0);
    const notes = result.stderr.split("\n").filter((l) => l.includes("not running"));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/^airgap-eval: not running answer_relevancy, faithfulness, context_relevance, /);
    expect(notes[0]).toContain("`airgap-eval models pull qwen2.5-0.5b-instruct`");
    expect(result.stderr).not.toMatch(/skipping/);
    // Without a judge, the embedding and judge-free metrics the example's columns allow still run (issue 11).
    const rows = loadDataset(example).samples.map((s) => s.sample);
    const expected = defaultMetricIds.filter(
      (id) => !metricDescriptor(id).needsLlm && canScoreAny(metricDescriptor(id), rows),
    );
    const scored = new Set(loadResults(out).records.map((r) => r.metric));
    expect(scored).toEqual(new Set(expected));
    expect(expected.filter((id) => !metricDescriptor(id).needsEmbeddings).length).toBeGreaterThanOrEqual(10);
    for (const judged of defaultMetricIds.filter((id) => metricDescriptor(id).needsLlm)) {
      expect(notes[0]).toContain(judged);
    }
  });

  it("leaves out metrics whose columns no row has, and names the choices when none can run", async () => {
    // Only the columns of judge metrics: with no judge on this machine, no default metric can run.
    const noReference = writeJsonl(
      "no-reference.jsonl",
      exampleRows().map(({ user_input, response, retrieved_contexts }) => ({
        user_input,
        response,
        retrieved_contexts,
      })),
    );
    const noMetric = await runCli(["eval", noReference, "--out", box.file("none.jsonl"), "--quiet"], box.env);
    expect(noMetric.code).toBe(2);
    expect(noMetric.stderr).toMatch(
      /no default metric can run: not running answer_relevancy, faithfulness, context_relevance/,
    );
    const onlyReference = writeJsonl("only-reference.jsonl", [{ reference: "Paris." }]);
    const none = await runCli(["eval", onlyReference, "--out", box.file("none2.jsonl"), "--quiet"], box.env);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/no metric can score any row: answer_relevancy needs user_input, response;/);
  });
});

describe("eval: bad rows are reported and the run goes on", { timeout: 300_000 }, () => {
  it("JSONL: wrong types, missing fields, empty lists, broken JSON and a 1 MB context", async () => {
    const [a, b] = exampleRows();
    // About 1 MB of text as a context and as the response: valid input, embedded (the embedder averages its
    // 512-token chunks) and carried through the results file. (A judge metric would split such a context into
    // thousands of calls, far too slow for a test with the tiny judge.)
    const huge = `${"Lorem ipsum dolor sit amet. ".repeat(38_000)}End.`;
    expect(huge.length).toBeGreaterThan(1_000_000);
    const dataset = writeJsonl("bad-rows.jsonl", [
      a, // line 1, row 0: fine
      { ...b, user_input: ["not", "a", "string"] }, // line 2, row 1: wrong type
      { user_input: "Where is Paris?", retrieved_contexts: ["Paris is in France."] }, // line 3, row 2: no response/reference
      { ...b, retrieved_contexts: [] }, // line 4, row 3: empty list
      '{"user_input": "broken", ', // line 5, row 4: not JSON
      { ...b, response: huge, retrieved_contexts: [huge] }, // line 6, row 5: 1 MB context and response
      b, // line 7, row 6: fine
    ]);
    const out = box.file("bad-rows-results.jsonl");
    const result = await runCli(
      [
        "eval",
        dataset,
        "--metrics",
        "semantic_similarity",
        "--out",
        out,
        "--cache-file",
        box.file("bad-rows.sqlite"),
      ],
      box.env,
    );
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toMatch(
      /bad-rows\.jsonl, line 2, row 1, field "user_input": expected a string, got a list; metrics that read user_input give an error on this row, the others score it/,
    );
    expect(result.stderr).toMatch(
      /bad-rows\.jsonl, line 4, row 3, field "retrieved_contexts": is an empty list/,
    );
    expect(result.stderr).toMatch(/bad-rows\.jsonl, line 5, row 4: is not valid JSON/);

    // Rows 1 and 3 have a cell semantic_similarity does not read: they are scored; row 4 is no JSON at all.
    const data = loadResults(out);
    expect(data.invalidRows.map((r) => r.row).sort()).toEqual([4]);
    const records = byRowMetric(data.records);
    expect([...new Set(data.records.map((r) => r.row))].sort()).toEqual([0, 1, 2, 3, 5, 6]);
    expect(records.get("0/semantic_similarity")?.result.status).toBe("ok");
    expect(records.get("1/semantic_similarity")?.result.status).toBe("ok");
    expect(records.get("3/semantic_similarity")?.result.status).toBe("ok");
    expect(records.get("6/semantic_similarity")?.result.status).toBe("ok");
    const noAnswer = records.get("2/semantic_similarity")!.result;
    expect(noAnswer.status).toBe("skipped");
    expect(noAnswer.reason).toMatch(/row has no response, reference/);
    const bigRow = records.get("5/semantic_similarity")!;
    expect(bigRow.result.status).toBe("ok");
    expect(bigRow.sample.retrievedContexts?.[0]).toBe(huge);
    expect(bigRow.sample.response).toBe(huge);
    // Invalid rows make the exit code 1, not a failed run: everything valid was evaluated.
    expect(summaryTable(result.stdout).get("semantic_similarity")).toMatchObject({
      scored: expect.stringMatching(/^5 of \d+$/),
      errors: "0",
    });
  });

  it("CSV with invalid UTF-8 in one row: that row is reported by line, the others are evaluated", async () => {
    const file = box.file("bad-utf8.csv");
    const header = Buffer.from("user_input,response,reference\n");
    const good1 = Buffer.from('"What is two plus two?","Four.","It is four."\n');
    const bad = Buffer.concat([
      Buffer.from('"Caf'),
      Buffer.from([0xe9]),
      Buffer.from('?","Coffee.","Coffee"\n'),
    ]);
    const good2 = Buffer.from('"Capital of France?","Paris.","Paris"\n');
    writeFileSync(file, Buffer.concat([header, good1, bad, good2]));
    const out = box.file("bad-utf8-results.jsonl");
    const result = await runCli(
      [
        "eval",
        file,
        "--metrics",
        "semantic_similarity",
        "--out",
        out,
        "--cache-file",
        box.file("utf8.sqlite"),
      ],
      box.env,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/bad-utf8\.csv, line 3, row 1, field "user_input": .*not valid UTF-8/);
    const data = loadResults(out);
    expect(data.records.map((r) => [r.row, r.result.status])).toEqual([
      [0, "ok"],
      [2, "ok"],
    ]);
  });
});

describe("eval: --column maps dataset columns to fields", { timeout: 300_000 }, () => {
  it("reads custom column names once they are mapped, and says what is missing otherwise", async () => {
    const rows = exampleRows()
      .slice(0, 4)
      .map((r) => ({ question_text: r.user_input, answer_text: r.response, gold: r.reference }));
    const dataset = writeJsonl("custom-columns.jsonl", rows);
    const unmapped = await runCli(
      ["eval", dataset, "--metrics", "semantic_similarity", "--out", box.file("custom-unmapped.jsonl")],
      box.env,
    );
    expect(unmapped.code).toBe(2);
    expect(unmapped.stderr).toMatch(
      /semantic_similarity needs response \(response\), reference \(reference\)/,
    );

    const out = box.file("custom-mapped.jsonl");
    const mapped = await runCli(
      [
        "eval",
        dataset,
        "--metrics",
        "semantic_similarity",
        "--column",
        "answer_text=response",
        "--column",
        "gold=reference",
        "--column",
        "question_text=user_input",
        "--out",
        out,
        "--cache-file",
        box.file("custom.sqlite"),
      ],
      box.env,
    );
    expect(mapped.code, mapped.stderr).toBe(0);
    expect(recordLines(out)).toHaveLength(4);
    // Each row's sample is stored once, on its sample line; loadResults joins it to the row's records.
    const records = loadResults(out).records;
    expect(records[0]).toMatchObject({
      sample: { userInput: rows[0]!.question_text, response: rows[0]!.answer_text, reference: rows[0]!.gold },
    });
  });
});

describe("--help of every command shows examples", { timeout: 300_000 }, () => {
  it.each([
    [[]],
    [["eval"]],
    [["report"]],
    [["report", "compare"]],
    [["models"]],
    [["models", "list"]],
    [["models", "pull"]],
    [["models", "verify"]],
    [["models", "path"]],
    [["bench"]],
  ])("airgap-eval %j --help", async (command) => {
    const result = await runCli([...command, "--help"], box.env);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: airgap-eval/);
    expect(result.stdout).toContain("Examples:");
    expect(result.stdout).toMatch(new RegExp(`\\$ airgap-eval ${command.join(" ")}`));
  });

  it("eval --help documents the defaults and the exit codes", async () => {
    const result = await runCli(["eval", "--help"], box.env);
    for (const text of [
      'default: "airgap-eval-results.jsonl"',
      "default: 1 for judges under 400M parameters",
      "default: the registry's default judge",
      "default: $AIRGAP_EVAL_MODELS",
      "0 ok; 1 some rows failed",
      "130 interrupted",
    ]) {
      expect(result.stdout.replaceAll(/\s+/g, " ")).toContain(text);
    }
  });
});
