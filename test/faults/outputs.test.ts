// Failures 3, 4 and 5 of the second hostile trial (issue 29): a symlink to a results file another run
// writes got past the lock; `merge` wrote a file a running eval held; and outputs replaced inputs
// (`eval data.jsonl --out data.jsonl --overwrite`, `--report data.csv` on a CSV dataset). Now the lock
// sits beside the real path, every writer takes it, and no output may be an input under any name.
import { linkSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadDataset } from "../../src/dataset/load.js";
import { shardDataset } from "../../src/dataset/shard.js";
import { InvalidInputError } from "../../src/errors.js";
import { evaluate } from "../../src/evaluate/evaluate.js";
import { mergeShardResults, writeMergedResults } from "../../src/evaluate/merge.js";
import { resultsLockPath, withResultsLock } from "../../src/results/lock.js";
import { EVAL_META_KEY } from "../../src/testing/record.js";
import { assertOutputsAreNotInputs, realTarget, sameFile } from "../../src/util/real-path.js";
import { AirgapEvalReporter } from "../../src/vitest/reporter.js";
import { cliSandbox, runCli } from "../fixtures/cli/run-cli.js";
import { FakeMetric } from "../support/fake-metrics.js";

const box = cliSandbox("airgap-faults-outputs-");
afterAll(() => box.cleanup());

const rows = Array.from({ length: 6 }, (_, i) => ({
  user_input: `q${i}`,
  response: `a${i}`,
  reference: `a${i}`,
}));
const jsonl = box.file("data.jsonl");
const csv = box.file("data.csv");
const json = box.file("data.json");
const metric = ["--metrics", "exact_match"];
const shards = [box.file("s0.jsonl"), box.file("s1.jsonl")];

beforeAll(async () => {
  writeFileSync(jsonl, `${rows.map((r) => JSON.stringify(r)).join("\n")}\n`);
  writeFileSync(
    csv,
    `user_input,response,reference\n${rows.map((r) => `${r.user_input},${r.response},${r.reference}`).join("\n")}\n`,
  );
  writeFileSync(json, JSON.stringify(rows));
  const data = loadDataset(jsonl);
  for (const [index, out] of shards.entries()) {
    await evaluate(shardDataset(data, { index, count: 2 }), [new FakeMetric()], { out, progress: "none" });
  }
});

/** Runs the CLI and expects exit 2 with every pattern on stderr, and `untouched` unchanged byte for byte. */
async function refused(args: string[], untouched: string, ...patterns: RegExp[]): Promise<void> {
  const before = readFileSync(untouched);
  const run = await runCli(args, box.env);
  expect(run.stderr).toMatch(patterns[0]!);
  for (const p of patterns) expect(run.stderr).toMatch(p);
  expect(run.code).toBe(2);
  expect(readFileSync(untouched)).toEqual(before);
}

describe("fail 3: the lock is taken on the real path", { timeout: 120_000 }, () => {
  it("a symlink to a locked file has the same lock; a new file in a symlinked folder too", () => {
    const target = box.file("locked.jsonl");
    writeFileSync(target, "");
    symlinkSync(target, box.file("alias.jsonl"));
    expect(resultsLockPath(box.file("alias.jsonl"))).toBe(resultsLockPath(target));
    symlinkSync(box.dir, box.file("folder-link"));
    expect(resultsLockPath(box.file("folder-link/new.jsonl"))).toBe(resultsLockPath(box.file("new.jsonl")));
    symlinkSync(box.file("not-yet.jsonl"), box.file("dangling.jsonl"));
    expect(realTarget(box.file("dangling.jsonl"))).toBe(realTarget(box.file("not-yet.jsonl")));
  });

  it("eval --out alias.jsonl --overwrite, alias a symlink to a file another run holds, exits 2 naming it", async () => {
    const target = box.file("locked.jsonl");
    writeFileSync(target, '{"type":"header"}\n');
    await withResultsLock(target, () =>
      refused(
        ["eval", jsonl, ...metric, "--out", box.file("alias.jsonl"), "--overwrite"],
        target,
        /is being written by another run/,
        new RegExp(`pid ${process.pid} on ${os.hostname()}`),
      ),
    );
  });
});

describe("fail 4: merge takes the lock", { timeout: 120_000 }, () => {
  it("merge --out locked2.jsonl --overwrite while a run holds it exits 2, and the file is untouched", async () => {
    const held = box.file("locked2.jsonl");
    writeFileSync(held, '{"type":"header","being":"written"}\n');
    await withResultsLock(held, async () => {
      await refused(
        ["merge", ...shards, "--out", held, "--overwrite"],
        held,
        /locked2\.jsonl: is being written by another run/,
      );
      // The library's writer takes it too, so a caller that skipped the CLI's check is refused as well.
      expect(() => writeMergedResults(held, mergeShardResults(shards), { overwrite: true })).toThrow(
        /is being written by another run/,
      );
    });
    writeMergedResults(held, mergeShardResults(shards), { overwrite: true });
    expect(readFileSync(held, "utf8")).toContain('"merged"');
  });
});

describe("fail 5: no output may be an input", { timeout: 300_000 }, () => {
  it("eval data.jsonl --out data.jsonl --overwrite exits 2 and the dataset is untouched", async () => {
    await refused(
      ["eval", jsonl, ...metric, "--out", jsonl, "--overwrite"],
      jsonl,
      /--out .*data\.jsonl is the dataset .*data\.jsonl; writing it would destroy the input/,
    );
  });

  it("--report data.csv on a CSV dataset and --report data.json on a JSON one exit 2", async () => {
    for (const data of [csv, json]) {
      await refused(
        ["eval", data, ...metric, "--out", box.file(`r-${data.length}.jsonl`), "--report", data],
        data,
        /--report .* is the dataset/,
      );
    }
  });

  it("a symlink or a hard link to the dataset is refused, named as the same file under another name", async () => {
    symlinkSync(jsonl, box.file("sym.jsonl"));
    linkSync(jsonl, box.file("hard.jsonl"));
    for (const alias of ["sym.jsonl", "hard.jsonl"]) {
      await refused(
        ["eval", jsonl, ...metric, "--out", box.file(alias), "--overwrite"],
        jsonl,
        /is the dataset .*\(the same file under another name\)/,
      );
    }
  });

  it("merge --out or --report on a shard file or the dataset, report --md on its results file, compare --out on a run", async () => {
    await refused(
      ["merge", ...shards, "--out", shards[1]!, "--overwrite"],
      shards[1]!,
      /--out .* is the shard file/,
    );
    await refused(
      [
        "merge",
        ...shards,
        "--out",
        box.file("m.jsonl"),
        "--dataset",
        jsonl,
        "--report",
        box.file("hard.jsonl"),
      ],
      jsonl,
      /--report .* is the dataset/,
    );
    await refused(["report", shards[0]!, "--md", shards[0]!], shards[0]!, /--md .* is the results file/);
    await refused(
      ["report", "compare", shards[0]!, shards[1]!, "--out", shards[1]!],
      shards[1]!,
      /--out .* is the candidate results file/,
    );
  });

  it("calibrate --report on the labelled file, and datasets convert --out on a file of the data set", async () => {
    const labelled = box.file("labelled.jsonl");
    writeFileSync(labelled, `${JSON.stringify({ response: "a", reference: "a", human_score: 3 })}\n`);
    await refused(
      ["calibrate", labelled, "--metric", "semantic_similarity", "--report", labelled],
      labelled,
      /--report .* is the labelled file/,
    );
    const folder = box.file("halueval");
    mkdirSync(folder);
    writeFileSync(box.file("halueval/data.json"), "[]");
    await refused(
      [
        "datasets",
        "convert",
        "halueval-qa-sample",
        "--from",
        folder,
        "--out",
        box.file("halueval/data.json"),
      ],
      box.file("halueval/data.json"),
      /--out .* is a file of data set halueval-qa-sample/,
    );
  });

  it("assertOutputsAreNotInputs: same path, another name, two outputs on one file; distinct files pass", () => {
    expect(sameFile(jsonl, box.file("hard.jsonl"))).toBe(true);
    expect(sameFile(jsonl, csv)).toBe(false);
    expect(() =>
      assertOutputsAreNotInputs([{ path: jsonl, flag: "--out" }], [{ path: jsonl, what: "the dataset" }]),
    ).toThrow(InvalidInputError);
    expect(() =>
      assertOutputsAreNotInputs(
        [
          { path: box.file("a.md"), flag: "--report" },
          { path: box.file("./a.md"), flag: "--report" },
        ],
        [],
      ),
    ).toThrow(/are one file/);
    expect(() =>
      assertOutputsAreNotInputs(
        [{ path: box.file("out.jsonl"), flag: "--out" }],
        [{ path: jsonl, what: "the dataset" }],
      ),
    ).not.toThrow();
  });
});

describe("fail 4: the vitest reporter takes the lock", () => {
  it("refuses to write a results file a run holds, and writes it once the lock is free", async () => {
    const out = box.file("vitest-results.jsonl");
    writeFileSync(out, '{"type":"header","being":"written"}\n');
    const record = {
      test: "answers well",
      metric: "fake",
      config: { name: "fake", promptVersions: {}, options: {}, models: [] },
      sample: { userInput: "q", response: "a" },
      result: { value: 1, status: "ok" as const },
      finishedAt: "2026-12-01T00:00:00.000Z",
      durationMs: 1,
    };
    const test = { fullName: "answers well", meta: () => ({ [EVAL_META_KEY]: [record] }) };
    const modules = [{ children: { allTests: () => [test] } }] as unknown as Parameters<
      AirgapEvalReporter["onTestRunEnd"]
    >[0];
    const reporter = new AirgapEvalReporter({ out, reports: [], summary: false });
    await withResultsLock(out, () =>
      expect(reporter.onTestRunEnd(modules)).rejects.toThrow(
        /vitest-results\.jsonl: is being written by another run/,
      ),
    );
    expect(readFileSync(out, "utf8")).toBe('{"type":"header","being":"written"}\n');
    await reporter.onTestRunEnd(modules);
    expect(readFileSync(out, "utf8")).toContain('"source":"vitest"');
  });
});
