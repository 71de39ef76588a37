// Nothing lost: Ctrl-C, a kill in the middle of a run, --resume, a resume refused under another
// configuration, and the cache, all through the spawned CLI with the tiny GGUF judge.
import { statSync, writeFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { writeTinyGguf } from "../scripts/tiny-gguf.js";
import { loadResults } from "../src/results/load.js";
import {
  cliSandbox,
  recordLines,
  resultsLines,
  runCli,
  startCli,
  waitFor,
  writeDistinctRows,
} from "./fixtures/cli/run-cli.js";
import { tinyGgufPath } from "./setup/paths.js";

const box = cliSandbox("airgap-cli-resume-");
afterAll(() => box.cleanup());
const metrics = ["faithfulness", "context_relevance"];
const judgeArgs = ["--metrics", metrics.join(","), "--llm", tinyGgufPath];
const ROWS = 24;
const PAIRS = ROWS * metrics.length;

function key(record: Record<string, unknown>): string {
  return `${String(record.row)}/${String(record.metric)}`;
}

/** Every row × metric of the dataset, exactly once. */
function expectComplete(file: string): void {
  const data = loadResults(file);
  expect(data.records).toHaveLength(PAIRS);
  const keys = data.records.map((r) => `${r.row}/${r.metric}`);
  const expected = Array.from({ length: ROWS }, (_, row) => metrics.map((m) => `${row}/${m}`)).flat();
  expect(new Set(keys)).toEqual(new Set(expected));
  expect(data.metadata.interrupted).toBe(false);
}

describe("Ctrl-C", { timeout: 300_000 }, () => {
  it("the first SIGINT finishes the rows in flight, exits 130 and prints one resume command that works", async () => {
    const dataset = writeDistinctRows(box.file("sigint.jsonl"), ROWS);
    const out = box.file("sigint-results.jsonl");
    const args = ["eval", dataset, ...judgeArgs, "--out", out, "--cache-file", box.file("sigint.sqlite")];
    const run = startCli(args, box.env);
    await waitFor(() => recordLines(out).length >= 1, "the first record");
    run.child.kill("SIGINT");
    const result = await run.done;

    expect(result.code, result.stderr).toBe(130);
    expect(result.stderr).toContain("stopping: finishing the rows in flight");
    const resumeLines = result.stderr.split("\n").filter((l) => l.includes("Resume with:"));
    expect(resumeLines).toHaveLength(1);
    const command = /Resume with: (.+)$/.exec(resumeLines[0]!)![1]!;
    expect(command).toBe(`airgap-eval ${args.join(" ")} --resume`);

    // The rows in flight were finished and written: every row in the file has both metrics.
    const lines = resultsLines(out);
    expect(lines.at(-1)).toMatchObject({ type: "end", interrupted: true });
    const records = recordLines(out);
    expect(records.length).toBeGreaterThan(0);
    expect(records.length).toBeLessThan(PAIRS);
    const perRow = new Map<unknown, number>();
    for (const r of records) perRow.set(r.row, (perRow.get(r.row) ?? 0) + 1);
    for (const n of perRow.values()) expect(n).toBe(metrics.length);

    // The printed command, run as is, finishes the job without redoing a row.
    const resumed = await runCli(command.split(" ").slice(1), box.env);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain(`(${perRow.size} already done)`);
    expectComplete(out);
    const all = recordLines(out).map(key);
    expect(all).toHaveLength(PAIRS);
    expect(new Set(all).size).toBe(PAIRS);
  });

  it("a second SIGINT quits at once with exit code 130, without waiting for the rows in flight", async () => {
    // Slow rows: each context is far larger than the tiny judge's window, so context_relevance splits it
    // into many judge calls and a row stays in flight long enough to press Ctrl-C twice.
    const sentences = Array.from(
      { length: 40 },
      (_, i) => `Sentence ${i} says that green plants turn light, water and carbon dioxide into sugar.`,
    ).join(" ");
    const rows = Array.from({ length: 6 }, (_, i) => ({
      user_input: `What do plants make from light? (${i})`,
      retrieved_contexts: [sentences, sentences.toUpperCase(), sentences.toLowerCase()],
    }));
    const dataset = box.file("slow.jsonl");
    writeFileSync(dataset, `${rows.map((r) => JSON.stringify(r)).join("\n")}\n`);
    const out = box.file("slow-results.jsonl");
    const run = startCli(
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
        box.file("slow.sqlite"),
      ],
      box.env,
    );
    await waitFor(() => recordLines(out).length >= 1, "the first record", 120_000);
    run.child.kill("SIGINT");
    await waitFor(() => run.output.stderr.includes("stopping:"), "the first Ctrl-C notice");
    run.child.kill("SIGINT");
    const result = await run.done;
    expect(result.code).toBe(130);
    expect(result.stderr).toContain("quitting at once");
    expect(result.stdout).not.toContain("Results:");
    // It did not wait for the row in flight: the run never got to write its end line.
    expect(resultsLines(out).some((l) => l.type === "end")).toBe(false);
  });
});

describe("resume after a kill", { timeout: 300_000 }, () => {
  const dataset = writeDistinctRows(box.file("kill.jsonl"), ROWS);
  const out = box.file("kill-results.jsonl");
  const args = ["eval", dataset, ...judgeArgs, "--out", out, "--cache-file", box.file("kill.sqlite")];

  it("SIGKILL mid-run, then --resume: every row × metric exactly once, finished ones not redone", async () => {
    const run = startCli(args, box.env);
    await waitFor(() => recordLines(out).length >= 6, "six records");
    run.child.kill("SIGKILL");
    const killed = await run.done;
    expect(killed.signal).toBe("SIGKILL");
    const before = recordLines(out);
    expect(before.length).toBeLessThan(PAIRS);
    expect(resultsLines(out).some((l) => l.type === "end")).toBe(false);

    // Speed-only settings (threads, parallel sequences) may differ on resume.
    const resumed = await runCli([...args, "--resume", "--concurrency", "2"], box.env);
    expect(resumed.code, resumed.stderr).toBe(0);
    expectComplete(out);

    const lines = resultsLines(out);
    const headers = lines.flatMap((l, i) => (l.type === "header" ? [i] : []));
    expect(headers).toHaveLength(2);
    expect(lines[headers[1]!]).toMatchObject({ type: "header", resumed: true });
    const redone = lines.slice(headers[1]!).filter((l) => l.type === "record");
    expect(redone).toHaveLength(PAIRS - before.length);
    const beforeKeys = new Set(before.map(key));
    for (const r of redone) expect(beforeKeys.has(key(r))).toBe(false);
  });

  it("refuses --resume with another judge file, naming the difference, and leaves the file alone", async () => {
    const otherJudge = box.file("other-judge.gguf");
    await writeTinyGguf(otherJudge, { seed: 7 });
    const size = statSync(out).size;
    const result = await runCli(
      ["eval", dataset, "--metrics", metrics.join(","), "--llm", otherJudge, "--out", out, "--resume"],
      box.env,
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/kill-results\.jsonl: was written under another configuration/);
    expect(result.stderr).toMatch(/faithfulness: llm model sha256 [0-9a-f]{64} -> [0-9a-f]{64}/);
    expect(statSync(out).size).toBe(size);
  });
});

describe("cache", { timeout: 300_000 }, () => {
  interface JsonOut {
    aggregates: Array<{ metric: string; mean: number | null; count: number }>;
    cache: { hits: number; misses: number; file: string } | null;
    exitCode: number;
  }
  const dataset = writeDistinctRows(box.file("cache.jsonl"), 6);
  const cacheFile = box.file("cache.sqlite");
  const run = async (name: string, extra: string[] = []) => {
    const out = box.file(`${name}.jsonl`);
    const result = await runCli(
      ["eval", dataset, ...judgeArgs, "--json", "--quiet", "--out", out, "--cache-file", cacheFile, ...extra],
      box.env,
    );
    expect(result.code, result.stderr).toBe(0);
    return { json: JSON.parse(result.stdout) as JsonOut, data: loadResults(out) };
  };
  const results = (data: ReturnType<typeof loadResults>) =>
    data.records.map((r) => ({ row: r.row, metric: r.metric, result: r.result }));

  it("a second run with the same --cache-file answers from the cache; --no-cache bypasses it", async () => {
    const first = await run("cache-1");
    expect(first.json.cache).toMatchObject({ hits: 0, file: cacheFile });
    expect(first.json.cache!.misses).toBeGreaterThanOrEqual(6 * metrics.length);

    const second = await run("cache-2");
    // Every row × metric result comes from the cache: no judge call was needed (no miss at all).
    expect(second.json.cache).toMatchObject({ misses: 0 });
    expect(second.json.cache!.hits).toBe(6 * metrics.length);
    expect(results(second.data)).toEqual(results(first.data));
    expect(second.json.aggregates).toEqual(first.json.aggregates);

    const cacheSize = statSync(cacheFile).size;
    const bypass = await run("cache-3", ["--no-cache"]);
    expect(bypass.json.cache).toBeNull();
    expect(bypass.data.metadata.options.cache).toBe(false);
    expect(results(bypass.data)).toEqual(results(first.data));
    expect(statSync(cacheFile).size).toBe(cacheSize);
  });
});
