// The dataset is read once to plan a run and once for the run, resumed or not, sharded or not: in
// the CLI (whose first pass is the plan's) and in the library. Reads are counted as opens of the
// dataset file (JSONL is read through node:fs/promises' open, in pieces).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Command } from "commander";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerEvalCommand } from "../src/cli/eval-command.js";
import { scanDataset } from "../src/dataset/scan.js";
import { scanForRun, shardSource } from "../src/dataset/shard-source.js";
import { openDataset } from "../src/dataset/stream.js";
import { evaluate } from "../src/evaluate/evaluate.js";
import { loadResults } from "../src/results/load.js";
import { FakeMetric } from "./support/fake-metrics.js";

const opens = vi.hoisted(() => new Map<string, number>());

vi.mock("node:fs/promises", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:fs/promises")>();
  const open: typeof actual.open = (file, ...rest) => {
    const key = path.resolve(String(file));
    opens.set(key, (opens.get(key) ?? 0) + 1);
    return actual.open(file, ...rest);
  };
  return { ...actual, open, default: { ...actual, open } };
});

const dir = mkdtempSync(path.join(tmpdir(), "airgap-dataset-reads-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** 12 rows, row 5 invalid (a number as response). */
function writeDataset(name: string, changedRow?: number): string {
  const rows = Array.from({ length: 12 }, (_, i) =>
    i === 5
      ? ["q5", 5, "r5"] // not an object: an invalid row
      : { user_input: `q${i}`, response: i === changedRow ? "edited" : `r${i % 3}`, reference: `r${i}` },
  );
  const file = path.join(dir, name);
  writeFileSync(file, `${rows.map((r) => JSON.stringify(r)).join("\n")}\n`);
  return file;
}

function readsOf(file: string): number {
  return opens.get(path.resolve(file)) ?? 0;
}

describe("evaluate() reads the dataset once to plan and once to run", () => {
  beforeEach(() => opens.clear());

  it("a new run and a resumed one that finds an edited row", async () => {
    const data = writeDataset("lib.jsonl");
    const out = path.join(dir, "lib-results.jsonl");
    await evaluate(data, [new FakeMetric()], { out, progress: "none" });
    expect(readsOf(data)).toBe(2);

    opens.clear();
    writeDataset("lib.jsonl", 3);
    const resumed = await evaluate(data, [new FakeMetric()], { out, resume: true, progress: "none" });
    expect(readsOf(data)).toBe(2);
    expect(resumed.metadata.rowsChanged).toBe(1);
    expect(resumed.records.find((r) => r.row === 3)?.result.value).toBe("edited".length / 100);
  });

  it("a shard from scanForRun: one pass, then the run; resumed too", async () => {
    const data = writeDataset("lib-shard.jsonl");
    const out = path.join(dir, "lib-shard-results.jsonl");
    const first = await scanForRun(openDataset(data), { shard: { index: 0, count: 2 } });
    await evaluate(first.source, [new FakeMetric()], { out, progress: "none" });
    expect(readsOf(data)).toBe(2);

    opens.clear();
    writeDataset("lib-shard.jsonl", 0);
    const again = await scanForRun(openDataset(data), { shard: { index: 0, count: 2 }, rowHashes: true });
    const resumed = await evaluate(again.source, [new FakeMetric()], { out, resume: true, progress: "none" });
    expect(readsOf(data)).toBe(2);
    // The same shard as shardSource gives (rows, dataset hash), which reads the file once more.
    const scan = await scanDataset(openDataset(data));
    const part = await shardSource(openDataset(data), scan, { index: 0, count: 2 });
    expect(again.source.shard).toEqual(part.shard);
    const { rowHashes, ...scanOfPart } = again.source.scan;
    expect(scanOfPart).toEqual(part.scan);
    expect(rowHashes?.size).toBe(part.validRows);
    expect(resumed.metadata.shard).toEqual(part.shard);
  });
});

describe("airgap-eval eval reads the dataset once to plan and once to run", () => {
  let output = "";
  beforeEach(() => {
    opens.clear();
    output = "";
    const capture = (chunk: string | Uint8Array): boolean => {
      output += String(chunk);
      return true;
    };
    vi.spyOn(process.stdout, "write").mockImplementation(capture);
    vi.spyOn(process.stderr, "write").mockImplementation(capture);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    process.exitCode = undefined;
  });

  async function runEval(args: string[]): Promise<void> {
    const program = new Command().exitOverride();
    registerEvalCommand(program);
    await program.parseAsync(["eval", ...args, "--metrics", "exact_match", "--no-cache", "--quiet"], {
      from: "user",
    });
  }

  it("a new run, then --resume after a row was edited", async () => {
    const data = writeDataset("cli.jsonl");
    const out = path.join(dir, "cli-results.jsonl");
    await runEval([data, "--out", out]);
    expect(readsOf(data)).toBe(2);
    expect(process.exitCode).toBe(1); // the invalid row

    opens.clear();
    writeDataset("cli.jsonl", 4);
    await runEval([data, "--out", out, "--resume"]);
    expect(readsOf(data)).toBe(2);
    expect(output).toContain("1 row changed");
    expect(loadResults(out).records.map((r) => r.row)).toEqual([0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11]);
  });

  it("--shard, then --shard --resume after a row was edited", async () => {
    const data = writeDataset("cli-shard.jsonl");
    const out = path.join(dir, "cli-shard-results.jsonl");
    await runEval([data, "--out", out, "--shard", "1/2"]);
    expect(readsOf(data)).toBe(2);
    const before = readFileSync(out, "utf8");

    opens.clear();
    writeDataset("cli-shard.jsonl", 1);
    await runEval([data, "--out", out, "--shard", "1/2", "--resume"]);
    expect(readsOf(data)).toBe(2);
    expect(readFileSync(out, "utf8").length).toBeGreaterThan(before.length);
  });
});
