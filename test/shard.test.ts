// Shards: parsing, the engines' variables, and the row-to-shard rule (no model needed).
import { describe, expect, it } from "vitest";
import { applyShard } from "../src/cli/shard-options.js";
import { loadDataset } from "../src/dataset/load.js";
import {
  jumpHash,
  parseShard,
  resolveShard,
  shardDataset,
  shardDifference,
  shardFileName,
  shardOfKey,
  shardPath,
} from "../src/dataset/shard.js";
import { InvalidInputError } from "../src/errors.js";

const rows = (n: number, offset = 0) =>
  Array.from({ length: n }, (_, i) => ({
    id: `q-${i + offset}`,
    user_input: `question ${i + offset}`,
    response: `answer ${i + offset}`,
  }));

describe("parseShard", () => {
  it("reads i/N with a 0-based index", () => {
    expect(parseShard("0/4")).toEqual({ index: 0, count: 4 });
    expect(parseShard(" 3 / 4 ")).toEqual({ index: 3, count: 4 });
    expect(parseShard("0/1")).toEqual({ index: 0, count: 1 });
  });

  it.each([
    ["4/4", /index must be from 0 to 3/],
    ["0/0", /count must be a whole number from 1/],
    ["a/b", /must look like <index>\/<count>/],
    ["1", /must look like/],
    ["-1/4", /must look like/],
    ["1.5/4", /must look like/],
  ])("refuses %s", (text, message) => {
    expect(() => parseShard(text)).toThrow(InvalidInputError);
    expect(() => parseShard(text)).toThrow(message);
  });
});

describe("resolveShard", () => {
  it("takes an explicit i/N and refuses --shard-count beside it", () => {
    expect(resolveShard("1/2", undefined, {})).toMatchObject({ index: 1, count: 2 });
    expect(() => resolveShard("1/2", 2, {})).toThrow(/--shard-count goes with --shard auto/);
  });

  it("reads a Slurm array: id minus min, over step, of count (or of the range)", () => {
    expect(
      resolveShard("auto", undefined, {
        SLURM_ARRAY_TASK_ID: "3",
        SLURM_ARRAY_TASK_COUNT: "4",
        SLURM_ARRAY_TASK_MIN: "0",
        SLURM_ARRAY_TASK_MAX: "3",
      }),
    ).toMatchObject({ index: 3, count: 4 });
    // --array=1-8: 1-based ids
    expect(
      resolveShard("auto", undefined, {
        SLURM_ARRAY_TASK_ID: "1",
        SLURM_ARRAY_TASK_MIN: "1",
        SLURM_ARRAY_TASK_MAX: "8",
      }),
    ).toMatchObject({ index: 0, count: 8 });
    // --array=0-12:4 -> ids 0, 4, 8, 12
    expect(
      resolveShard("auto", undefined, {
        SLURM_ARRAY_TASK_ID: "8",
        SLURM_ARRAY_TASK_MIN: "0",
        SLURM_ARRAY_TASK_MAX: "12",
        SLURM_ARRAY_TASK_STEP: "4",
        SLURM_ARRAY_TASK_COUNT: "4",
      }),
    ).toMatchObject({ index: 2, count: 4 });
    expect(() =>
      resolveShard("auto", undefined, { SLURM_ARRAY_TASK_ID: "5", SLURM_ARRAY_TASK_COUNT: "4" }),
    ).toThrow(/index must be from 0 to 3/);
  });

  it("reads a Kubernetes Indexed Job, which needs --shard-count", () => {
    expect(resolveShard("auto", 6, { JOB_COMPLETION_INDEX: "5" })).toMatchObject({ index: 5, count: 6 });
    expect(() => resolveShard("auto", undefined, { JOB_COMPLETION_INDEX: "5" })).toThrow(
      /pass --shard-count equal to the Job's completions/,
    );
  });

  it("reads GitLab parallel jobs (1-based CI_NODE_INDEX)", () => {
    expect(resolveShard("auto", undefined, { CI_NODE_INDEX: "1", CI_NODE_TOTAL: "3" })).toMatchObject({
      index: 0,
      count: 3,
    });
  });

  it("names the engines and the flag to use when no engine variable is set", () => {
    expect(() => resolveShard("auto", undefined, {})).toThrow(/SLURM_ARRAY_TASK_ID.*JOB_COMPLETION_INDEX/);
    expect(() => resolveShard("auto", undefined, { SLURM_ARRAY_TASK_ID: "x" })).toThrow(/not a whole number/);
  });

  // Issue 29: the shard environment was read loosely.
  it("accepts only decimal digits: SLURM_ARRAY_TASK_ID=0x2 (or 1e0, 2.0, -1) is refused, naming the variable", () => {
    for (const id of ["0x2", "1e0", "2.0", "-1", "+2"]) {
      const env = { SLURM_ARRAY_TASK_ID: id, SLURM_ARRAY_TASK_COUNT: "4" };
      expect(() => resolveShard("auto", undefined, env)).toThrow(
        `SLURM_ARRAY_TASK_ID="${id}" is not a whole number written in decimal digits`,
      );
    }
    expect(() => resolveShard("auto", undefined, { CI_NODE_INDEX: "0x1", CI_NODE_TOTAL: "3" })).toThrow(
      /CI_NODE_INDEX="0x1" is not a whole number written in decimal digits/,
    );
    expect(
      resolveShard("auto", undefined, { SLURM_ARRAY_TASK_ID: " 2 ", SLURM_ARRAY_TASK_COUNT: "4" }),
    ).toMatchObject({
      index: 2,
    });
  });

  it("refuses a SLURM_ARRAY_TASK_COUNT that contradicts SLURM_ARRAY_TASK_MAX, naming both", () => {
    expect(() =>
      resolveShard("auto", undefined, {
        SLURM_ARRAY_TASK_ID: "1",
        SLURM_ARRAY_TASK_COUNT: "8",
        SLURM_ARRAY_TASK_MAX: "3",
      }),
    ).toThrow(/SLURM_ARRAY_TASK_COUNT=8 contradicts SLURM_ARRAY_TASK_MAX=3 \(min 0, step 1: 4 tasks\)/);
    expect(
      resolveShard("auto", undefined, {
        SLURM_ARRAY_TASK_ID: "1",
        SLURM_ARRAY_TASK_COUNT: "4",
        SLURM_ARRAY_TASK_MAX: "3",
      }),
    ).toMatchObject({ index: 1, count: 4 });
  });

  it("refuses Slurm and Kubernetes (or GitLab) variables naming different shards", () => {
    const slurm = { SLURM_ARRAY_TASK_ID: "1", SLURM_ARRAY_TASK_COUNT: "4" };
    expect(() => resolveShard("auto", undefined, { ...slurm, JOB_COMPLETION_INDEX: "2" })).toThrow(
      /SLURM_ARRAY_TASK_ID=1 names shard 1, but JOB_COMPLETION_INDEX=2 \(shard 2\) names another/,
    );
    expect(() =>
      resolveShard("auto", 4, { JOB_COMPLETION_INDEX: "2", CI_NODE_INDEX: "1", CI_NODE_TOTAL: "4" }),
    ).toThrow(/JOB_COMPLETION_INDEX=2 names shard 2, but CI_NODE_INDEX=1 \(shard 0\) names another/);
    expect(resolveShard("auto", undefined, { ...slurm, JOB_COMPLETION_INDEX: "1" })).toMatchObject({
      index: 1,
    });
  });

  it("CI_NODE_INDEX without CI_NODE_TOTAL names CI_NODE_TOTAL; --shard-count stands in for it", () => {
    expect(() => resolveShard("auto", undefined, { CI_NODE_INDEX: "2" })).toThrow(
      /CI_NODE_INDEX=2 is set but CI_NODE_TOTAL is not.*set CI_NODE_TOTAL, or pass --shard-count/,
    );
    expect(resolveShard("auto", 3, { CI_NODE_INDEX: "2" })).toMatchObject({ index: 1, count: 3 });
  });
});

describe("the row-to-shard rule", () => {
  it("matches the jump consistent hash reference values", () => {
    // (key, buckets) -> bucket, as in other implementations' published test vectors of the paper's C++.
    const vectors: Array<[bigint, number, number]> = [
      [1n, 1, 0],
      [42n, 57, 43],
      [256n, 1024, 520],
      [3735883980n, 1, 0],
      [3735883980n, 666, 361],
      [16045690984833335023n, 255, 237],
    ];
    for (const [key, buckets, bucket] of vectors) expect(jumpHash(key, buckets)).toBe(bucket);
  });

  it("puts every key in exactly one shard, spread evenly", () => {
    const keys = Array.from({ length: 4000 }, (_, i) => `row-${i}`);
    const counts = new Array<number>(8).fill(0);
    for (const key of keys) counts[shardOfKey(key, 8)]! += 1;
    expect(counts.reduce((a, b) => a + b, 0)).toBe(4000);
    for (const c of counts) expect(Math.abs(c - 500)).toBeLessThan(100);
  });

  it("moves only the keys that land in the new shard when the count grows", () => {
    const keys = Array.from({ length: 3000 }, (_, i) => `k${i}`);
    let moved = 0;
    for (const key of keys) {
      const before = shardOfKey(key, 5);
      const after = shardOfKey(key, 6);
      if (before !== after) {
        expect(after).toBe(5);
        moved++;
      }
    }
    expect(moved / keys.length).toBeGreaterThan(0.1);
    expect(moved / keys.length).toBeLessThan(0.25);
  });
});

describe("shardDataset", () => {
  const count = 3;
  const split = (data: ReturnType<typeof loadDataset>, rowKey?: string) =>
    Array.from({ length: count }, (_, index) =>
      shardDataset(data, { index, count }, rowKey !== undefined ? { rowKey } : {}),
    );
  const questions = (parts: ReturnType<typeof split>) =>
    parts.map((p) => p.samples.map((s) => s.sample.userInput).sort());

  it("gives every row to exactly one shard, keeps row numbers and the whole dataset's row count", () => {
    const data = loadDataset(rows(30));
    const parts = split(data);
    const all = parts.flatMap((p) => p.samples.map((s) => s.row)).sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: 30 }, (_, i) => i));
    for (const [index, part] of parts.entries()) {
      expect(part.totalRows).toBe(30);
      expect(part.shard).toMatchObject({ index, count });
      expect(part.samples.length).toBeGreaterThan(0);
    }
  });

  it("does not depend on row order, and added rows do not move the others", () => {
    const base = rows(30);
    const before = questions(split(loadDataset(base)));
    expect(questions(split(loadDataset([...base].reverse())))).toEqual(before);
    const grown = questions(split(loadDataset([...rows(10, 100), ...base])));
    for (let i = 0; i < count; i++) {
      const kept = grown[i]!.filter((q) => !/question 1\d\d$/.test(q!));
      expect(kept).toEqual(before[i]);
    }
  });

  it("keys rows by a column with rowKey: edited rows keep their shard", () => {
    const base = rows(30);
    const byId = questions(split(loadDataset(base), "id")).map((q) => q.length);
    const edited = base.map((r) => ({ ...r, response: `${r.response} (edited)` }));
    const parts = split(loadDataset(edited), "id");
    expect(parts.map((p) => p.samples.length)).toEqual(byId);
    expect(parts[0]!.shard).toMatchObject({ index: 0, count, rowKey: "id" });
    // by content, the edits reshuffle rows
    expect(questions(split(loadDataset(edited)))).not.toEqual(questions(split(loadDataset(base))));
  });

  it("keys rows by a sample field under its column or camelCase name, whatever column the row used", () => {
    const byColumn = questions(split(loadDataset(rows(30)), "user_input"));
    expect(questions(split(loadDataset(rows(30)), "userInput"))).toEqual(byColumn);
    const haystackRows = rows(30).map(({ user_input, ...rest }) => ({ ...rest, questions: user_input }));
    expect(questions(split(loadDataset(haystackRows), "user_input"))).toEqual(byColumn);
  });

  it("names the row and the column when a row has no key", () => {
    const data = loadDataset([...rows(2), { user_input: "q", response: "a" }]);
    expect(() => shardDataset(data, { index: 0, count: 2 }, { rowKey: "id" })).toThrow(
      /row 2.*no usable --row-key value in column "id" \(missing\)/,
    );
  });
});

describe("file names and resume", () => {
  it("fills {index}/{count} and tags default names", () => {
    expect(shardPath("out/{index}-of-{count}.jsonl", { index: 2, count: 4 })).toBe("out/2-of-4.jsonl");
    expect(shardFileName("a/results.jsonl", { index: 0, count: 2 })).toBe("a/results.shard-0-of-2.jsonl");
    expect(shardFileName("a.b/cache", { index: 1, count: 2 })).toBe("a.b/cache.shard-1-of-2");
  });

  it("describes a change of shard", () => {
    expect(shardDifference({ index: 1, count: 4 }, { index: 2, count: 4 })).toBe("shard 1/4 -> shard 2/4");
    expect(shardDifference(undefined, { index: 0, count: 2 })).toBe("all rows -> shard 0/2");
    expect(shardDifference({ index: 0, count: 2 }, { index: 0, count: 2 })).toBeUndefined();
  });
});

describe("applyShard (eval's --shard flags)", () => {
  const data = loadDataset(rows(10));
  const env = { AIRGAP_EVAL_CACHE: "/cache/c.sqlite" };

  it("gives a shard its own default results and cache file, and fills placeholders in given ones", () => {
    const byDefault = applyShard({ out: "airgap-eval-results.jsonl", shard: "1/2" }, data, true, env);
    expect(byDefault.out).toBe("airgap-eval-results.shard-1-of-2.jsonl");
    expect(byDefault.cacheFile).toBe("/cache/c.shard-1-of-2.sqlite");
    expect(byDefault.dataset.shard).toMatchObject({ index: 1, count: 2 });
    const given = applyShard(
      { out: "r/{index}-of-{count}.jsonl", cacheFile: "/local/{index}.sqlite", shard: "0/2" },
      data,
      false,
      env,
    );
    expect([given.out, given.cacheFile]).toEqual(["r/0-of-2.jsonl", "/local/0.sqlite"]);
  });

  it("leaves an unsharded run alone", () => {
    const run = applyShard({ out: "o.jsonl" }, data, true, env);
    expect(run).toEqual({ dataset: data, out: "o.jsonl", cacheFile: undefined });
    expect(() => applyShard({ out: "o.jsonl", shardCount: 2 }, data, true, env)).toThrow(/--shard-count/);
  });

  it("refuses {index} or {count} in --out or --cache-file without --shard (issue 29), instead of a file of that name", () => {
    expect(() => applyShard({ out: "r-{index}.jsonl" }, data, false, env)).toThrow(
      /--out r-\{index\}.jsonl holds \{index\} or \{count\}, which only --shard fills in/,
    );
    expect(() => applyShard({ out: "o.jsonl", cacheFile: "c-{count}.sqlite" }, data, false, env)).toThrow(
      /--cache-file c-\{count\}.sqlite holds/,
    );
  });
});
