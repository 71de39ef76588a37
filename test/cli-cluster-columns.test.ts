// Clustering by a dataset column that is not a sample field (a `doc_id`), as users meet it: the built CLI's `eval
// --cluster-by doc_id` keeps each row's doc_id in the results file, and `report`, `report compare` and `report
// size` read it from there later; a results file without it is refused with what to do.
import { readFileSync, writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { meanInterval, standardError } from "../src/math/mean-interval.js";
import { cliSandbox, runCli } from "./fixtures/cli/run-cli.js";

const box = cliSandbox("airgap-cli-cluster-columns-");
afterAll(() => box.cleanup());
const ROWS = 40;
const DOCS = 8;
const clustered = box.file("clustered.results.jsonl");
const candidate = box.file("candidate.results.jsonl");
const plain = box.file("plain.results.jsonl");

/** Rows asked of 8 documents, named only by a doc_id column; every `rightEvery`-th answer is wrong. */
function rows(rightEvery: number, from = 0, to = ROWS): string {
  return Array.from({ length: to - from }, (_, k) => {
    const i = from + k;
    const answer = `answer ${i}`;
    return `${JSON.stringify({
      doc_id: `doc-${i % DOCS}`,
      user_input: `question ${i}`,
      response: i % rightEvery === 0 ? `wrong ${i}` : answer,
      reference: answer,
    })}\n`;
  }).join("");
}

const exactValues = (rightEvery: number) =>
  Array.from({ length: ROWS }, (_, i) => (i % rightEvery === 0 ? 0 : 1));
const docOf = Array.from({ length: ROWS }, (_, i) => JSON.stringify(`doc-${i % DOCS}`));

async function evalRun(data: string, out: string, ...flags: string[]) {
  return runCli(["eval", data, "-m", "exact_match", "-o", out, "--no-cache", ...flags], box.env);
}

beforeAll(async () => {
  writeFileSync(box.file("a.jsonl"), rows(3));
  writeFileSync(box.file("b.jsonl"), rows(7));
  for (const [data, out, flags] of [
    ["a.jsonl", clustered, ["--cluster-by", "doc_id"]],
    ["b.jsonl", candidate, ["--cluster-by", "doc_id", "-q"]],
    ["a.jsonl", plain, ["-q"]],
  ] as const) {
    const run = await evalRun(box.file(data), out, ...flags);
    expect(run.code, run.stderr).toBe(0);
    if (out === clustered) {
      expect(run.stdout).toContain(`clustered by doc_id (${DOCS} clusters)`);
      const expected = meanInterval(exactValues(3), { clusters: docOf, range: [0, 1] })!;
      expect(run.stdout).toContain(`${expected.low.toFixed(3)}–${expected.high.toFixed(3)}`);
    }
  }
}, 120_000);

describe("--cluster-by a dataset column", { timeout: 120_000 }, () => {
  it("eval keeps each row's doc_id on its sample line, beside (not inside) the sample", () => {
    const samples = readFileSync(clustered, "utf8")
      .split("\n")
      .filter((l) => l.includes('"type":"sample"'))
      .map((l) => JSON.parse(l) as { row: number; sample: Record<string, unknown>; columns?: unknown });
    expect(samples).toHaveLength(ROWS);
    for (const s of samples) {
      expect(s.columns).toEqual({ doc_id: `doc-${s.row % DOCS}` });
      expect(s.sample).not.toHaveProperty("doc_id");
    }
    // Without --cluster-by the file is as before: no columns.
    expect(readFileSync(plain, "utf8")).not.toContain('"columns"');
  });

  it("report, report compare and report size read doc_id from the results file", async () => {
    const json = box.file("clustered.json");
    const summary = await runCli(["report", clustered, "--cluster-by", "doc_id"], box.env);
    expect(summary.code, summary.stderr).toBe(0);
    expect(summary.stdout).toContain(`clustered by doc_id (${DOCS} clusters)`);
    const report = await runCli(["report", clustered, "--cluster-by", "doc_id", "--json", json], box.env);
    expect(report.code, report.stderr).toBe(0);
    const { aggregates } = JSON.parse(readFileSync(json, "utf8")) as {
      aggregates: { metric: string; interval: unknown }[];
    };
    const expected = meanInterval(exactValues(3), { clusters: docOf, range: [0, 1] })!;
    expect(aggregates[0]!.interval).toEqual({ ...expected, clusteredBy: "doc_id" });

    const compare = await runCli(
      ["report", "compare", clustered, candidate, "--cluster-by", "doc_id"],
      box.env,
    );
    expect(compare.code, compare.stderr).toBe(0);
    expect(compare.stdout).toContain("clusters (equal doc_id) resampled and sign-flipped whole");

    const size = await runCli(["report", "size", clustered, "--cluster-by", "doc_id"], box.env);
    expect(size.code, size.stderr).toBe(0);
    const line = size.stdout.split("\n").find((l) => l.startsWith("exact_match "))!;
    expect(line.split(/\s+/).slice(2, 4)).toEqual([
      String(DOCS),
      standardError(exactValues(3), docOf)!.toFixed(4),
    ]);
  });

  it("a results file that did not keep doc_id loads as before, and --cluster-by doc_id on it says what to do", async () => {
    const loads = await runCli(["report", plain], box.env);
    expect(loads.code, loads.stderr).toBe(0);
    expect(loads.stdout).not.toContain("clustered by");
    for (const args of [
      ["report", plain, "--cluster-by", "doc_id"],
      ["report", "size", plain, "--cluster-by", "doc_id"],
      ["report", "compare", plain, candidate, "--cluster-by", "doc_id"],
    ]) {
      const run = await runCli(args, box.env);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(plain);
      expect(run.stderr).toContain("rerun eval with --cluster-by doc_id");
    }
  });

  it("a resumed run keeps doc_id for the rows it adds", async () => {
    const data = box.file("a.jsonl");
    const out = box.file("cut.results.jsonl");
    // A run killed after row 23: its file ends before row 24's sample line.
    const lines = readFileSync(clustered, "utf8").split("\n");
    const cut = lines.findIndex((l) => l.startsWith('{"type":"sample","row":24,'));
    writeFileSync(out, `${lines.slice(0, cut).join("\n")}\n`);
    const resumed = await evalRun(data, out, "--cluster-by", "doc_id", "--resume");
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toContain(`clustered by doc_id (${DOCS} clusters)`);
    const report = await runCli(["report", out, "--cluster-by", "doc_id"], box.env);
    expect(report.code, report.stderr).toBe(0);
    const expected = meanInterval(exactValues(3), { clusters: docOf, range: [0, 1] })!;
    expect(report.stdout).toContain(`${expected.low.toFixed(3)}–${expected.high.toFixed(3)}`);
    const kept = readFileSync(out, "utf8")
      .split("\n")
      .filter((l) => l.includes('"type":"sample"'));
    expect(kept).toHaveLength(ROWS);
    for (const l of kept) expect(l).toContain('"columns":{"doc_id":"doc-');
  });

  it("a resumed run clustered by a sample field reads the held rows' samples (it used to find none)", async () => {
    const out = box.file("cut-plain.results.jsonl");
    const lines = readFileSync(plain, "utf8").split("\n");
    const cut = lines.findIndex((l) => l.startsWith('{"type":"sample","row":24,'));
    writeFileSync(out, `${lines.slice(0, cut).join("\n")}\n`);
    const resumed = await evalRun(box.file("a.jsonl"), out, "--cluster-by", "user_input", "--resume");
    expect(resumed.code, resumed.stderr).toBe(0);
    // Every question is its own cluster, so the 0/1 scores get the Wilson interval.
    expect(resumed.stdout).toContain("Wilson score interval (0/1 scores)");
  });

  it("shards keyed by --row-key doc_id keep it, and their merge carries it", async () => {
    const shards = [0, 1].map((i) => box.file(`shard-${i}.results.jsonl`));
    for (const [i, out] of shards.entries()) {
      const args = ["--shard", `${i}/2`, "--row-key", "doc_id", "--cluster-by", "doc_id", "-q"];
      const run = await evalRun(box.file("a.jsonl"), out, ...args);
      expect(run.code, run.stderr).toBe(0);
    }
    const merged = box.file("merged.results.jsonl");
    const merge = await runCli(["merge", ...shards, "-o", merged], box.env);
    expect(merge.code, merge.stderr).toBe(0);
    const report = await runCli(["report", merged, "--cluster-by", "doc_id"], box.env);
    expect(report.code, report.stderr).toBe(0);
    expect(report.stdout).toContain(`clustered by doc_id (${DOCS} clusters)`);
  });

  it("eval refuses a doc_id a row lacks, and a column no row has, before scoring", async () => {
    const data = box.file("holes.jsonl");
    writeFileSync(
      data,
      `${rows(3, 0, 2)}${JSON.stringify({ user_input: "q", response: "a", reference: "a" })}\n`,
    );
    const lacking = await evalRun(data, box.file("holes.results.jsonl"), "--cluster-by", "doc_id");
    expect(lacking.code).toBe(2);
    expect(lacking.stderr).toContain("line 3");
    expect(lacking.stderr).toContain("has no doc_id, which --cluster-by doc_id needs on every row");
    const none = await evalRun(data, box.file("none.results.jsonl"), "--cluster-by", "topic");
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("has no column topic, which --cluster-by topic reads");
    // A name the dataset reader takes as a sample field (Haystack's `question`) points to that field's name.
    const alias = await evalRun(
      box.file("a.jsonl"),
      box.file("alias.results.jsonl"),
      "--cluster-by",
      "question",
    );
    expect(alias.code).toBe(2);
    expect(alias.stderr).toContain(
      "question is read as the sample field user_input; give --cluster-by user_input",
    );
  });
});
