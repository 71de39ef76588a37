// The sharding flags, `merge` and `cache merge` through the CLI, with the starter embedder.
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadResults } from "../src/results/load.js";
import { type CliResult, cliSandbox, runCli } from "./fixtures/cli/run-cli.js";
import { repoRoot } from "./setup/paths.js";

const box = cliSandbox("airgap-cli-shard-");
afterAll(() => box.cleanup());
const dataset = path.join(repoRoot, "examples", "rag-eval.jsonl");
const metric = ["--metrics", "semantic_similarity", "--quiet"];
const shardFile = (index: number) => box.file(`r-${index}-of-3.jsonl`);

describe("bad --shard input exits 2 before any model loads", () => {
  it.each([
    [["--shard", "4/4"], /index must be from 0 to 3/],
    [["--shard", "0/0"], /count must be a whole number/],
    [["--shard", "a/b"], /must look like <index>\/<count>/],
    [["--shard", "auto"], /--shard auto found no shard index/],
    [["--shard", "auto", "--shard-count", "0"], /--shard-count must be a whole number >= 1/],
    [["--row-key", "id"], /--row-key only applies with --shard/],
  ])("%j", async (args, message) => {
    const result = await runCli(
      ["eval", dataset, ...metric, "--out", box.file("bad.jsonl"), ...args],
      box.env,
    );
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(existsSync(box.file("bad.jsonl"))).toBe(false);
  });
});

describe("three shards, merged, equal the unsharded run", { timeout: 300_000 }, () => {
  const shardEnv = (index: number): NodeJS.ProcessEnv => ({
    ...box.env,
    SLURM_ARRAY_TASK_ID: String(index),
    SLURM_ARRAY_TASK_MIN: "0",
    SLURM_ARRAY_TASK_MAX: "2",
    SLURM_ARRAY_TASK_COUNT: "3",
  });
  const shards: CliResult[] = [];
  let whole: CliResult;
  let merged: CliResult;

  beforeAll(async () => {
    for (const index of [0, 1, 2]) {
      // {index} and {count} in --out; the default cache file gets a per-shard name
      shards.push(
        await runCli(
          ["eval", dataset, ...metric, "--shard", "auto", "--out", box.file("r-{index}-of-{count}.jsonl")],
          {
            ...shardEnv(index),
          },
        ),
      );
    }
    whole = await runCli(["eval", dataset, ...metric, "--out", box.file("whole.jsonl"), "--json"], box.env);
    merged = await runCli(
      [
        "merge",
        ...[0, 1, 2].map((i) => shardFile(i)),
        "--out",
        box.file("merged.jsonl"),
        "--dataset",
        dataset,
        "--json",
      ],
      { ...box.env },
    );
  });

  it("each shard says which rows it took and writes its own results and cache file", () => {
    for (const [index, result] of shards.entries()) {
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toContain(`shard ${index}/3 (Slurm array task ${index} (min 0, step 1) of 3)`);
      expect(
        existsSync(
          path.join(path.dirname(box.env.AIRGAP_EVAL_CACHE!), `default-cache.shard-${index}-of-3.sqlite`),
        ),
      ).toBe(true);
    }
    const counts = [0, 1, 2].map((i) => loadResults(shardFile(i)).records.length);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(20);
  });

  it("merges to every row exactly once with the unsharded aggregates", () => {
    expect(merged.code, merged.stderr).toBe(0);
    const out = JSON.parse(merged.stdout) as {
      aggregates: unknown;
      missing: unknown[];
      duplicates: unknown[];
    };
    expect(out.missing).toEqual([]);
    expect(out.duplicates).toEqual([]);
    expect(out.aggregates).toEqual((JSON.parse(whole.stdout) as { aggregates: unknown }).aggregates);
    const rows = loadResults(box.file("merged.jsonl")).records.map((r) => r.row);
    expect(rows).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it("report and --fail-under work on the merged run", async () => {
    const report = await runCli(["report", box.file("merged.jsonl")], box.env);
    expect(report.code, report.stderr).toBe(0);
    expect(report.stdout).toMatch(/semantic_similarity\s+0\.\d{3}\s.*\s20 of 20/);
    const gate = await runCli(
      [
        "merge",
        ...[0, 1, 2].map((i) => shardFile(i)),
        "--out",
        box.file("gate.jsonl"),
        "--fail-under",
        "semantic_similarity=0.99",
      ],
      box.env,
    );
    expect(gate.code, gate.stderr).toBe(3);
    expect(gate.stderr).toMatch(/semantic_similarity: mean 0\.\d+ is below --fail-under 0\.99/);
  });

  it("a missing shard: exit 1 and the missing rows named by line", async () => {
    const partial = await runCli(
      ["merge", ...[0, 1].map((i) => shardFile(i)), "--out", box.file("partial.jsonl"), "--dataset", dataset],
      box.env,
    );
    expect(partial.code, partial.stderr).toBe(1);
    expect(partial.stderr).toContain("no file of shard 2/3 was given");
    expect(partial.stderr).toMatch(/row\(s\) missing from every shard file: \d+ \(line \d+\)/);
  });

  it("shards made differently exit 2, naming the file and the difference", async () => {
    const odd = box.file("odd.jsonl");
    const run = await runCli(
      [
        "eval",
        dataset,
        "--metrics",
        "semantic_similarity,faithfulness",
        "--quiet",
        "--shard",
        "2/3",
        "--out",
        odd,
      ],
      box.env,
    );
    expect(run.code, run.stderr).toBe(0);
    const result = await runCli(["merge", shardFile(0), odd, "--out", box.file("x.jsonl")], box.env);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${odd} differs from`);
    expect(result.stderr).toContain("metric faithfulness only in the later file");
  });

  it("cache merge carries the shards' caches into one that a later run hits", async () => {
    const caches = [0, 1, 2].map((i) =>
      path.join(path.dirname(box.env.AIRGAP_EVAL_CACHE!), `default-cache.shard-${i}-of-3.sqlite`),
    );
    const into = box.file("merged-cache.sqlite");
    const merge = await runCli(["cache", "merge", ...caches, "--into", into], box.env);
    expect(merge.code, merge.stderr).toBe(0);
    expect(merge.stdout).toMatch(/merged-cache\.sqlite: \d+ entries/);
    const again = await runCli(
      ["eval", dataset, ...metric, "--out", box.file("again.jsonl"), "--cache-file", into, "--json"],
      box.env,
    );
    expect(again.code, again.stderr).toBe(0);
    const cache = (JSON.parse(again.stdout) as { cache: { hits: number; misses: number } }).cache;
    expect(cache.misses).toBe(0);
    expect(cache.hits).toBeGreaterThanOrEqual(20);
  });
});
