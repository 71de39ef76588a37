// Faults of the streaming run found in review: a stopped resume keeps the records the file held, a dataset
// that grows or fails while it is read ends the run as an error (never as a complete run), and a row edited
// twice keeps its done bits after the older records are superseded.
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type DatasetSource, openDataset } from "../src/dataset/stream.js";
import { InvalidInputError } from "../src/errors.js";
import { evaluate } from "../src/evaluate/index.js";
import { ResumeIndex } from "../src/evaluate/resume-index.js";
import { forEachOfStream } from "../src/util/pool.js";
import { FakeMetric } from "./support/fake-metrics.js";

const tmp = mkdtempSync(path.join(os.tmpdir(), "airgap-stream-faults-"));
let fileNo = 0;
const newFile = (): string => path.join(tmp, `results-${fileNo++}.jsonl`);
const rows = (n: number, edited: readonly number[] = []) =>
  Array.from({ length: n }, (_, i) => ({
    user_input: `q${i}`,
    response: `${edited.includes(i) ? "edited " : ""}${"y".repeat(i + 1)}`,
  }));
const lastLine = (file: string) => JSON.parse(readFileSync(file, "utf8").trim().split("\n").at(-1)!);

describe("a resumed run that is stopped", () => {
  it("still returns every record the file held, also for rows after the stop", async () => {
    const out = newFile();
    await evaluate(rows(10), [new FakeMetric()], { out, progress: "none" });
    // Rows 0 and 5 changed: both are scored again; the stop comes after row 0's record, so row 5 is never
    // reached, and rows 6-9 (held) come after it in the file.
    const controller = new AbortController();
    const result = await evaluate(rows(10, [0, 5]), [new FakeMetric()], {
      out,
      resume: true,
      concurrency: 1,
      progress: "none",
      signal: controller.signal,
      onRecord: () => controller.abort(),
    });
    expect(result.interrupted).toBe(true);
    expect(result.records.map((r) => r.row).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 6, 7, 8, 9]);
    expect(result.aggregated().map((a) => [a.metric, a.count])).toEqual([["fake_length", 9]]);
  });
});

describe("a dataset that changes or fails during the run", () => {
  it("is an error naming the row when it has more rows than the first pass counted", async () => {
    const out = newFile();
    let reads = 0;
    const growing: DatasetSource = {
      format: "rows",
      rows: () => openDataset(rows(reads++ === 0 ? 3 : 4)).rows(),
    };
    const run = evaluate(growing, [new FakeMetric()], { out, progress: "none" });
    await expect(run).rejects.toThrow(InvalidInputError);
    await expect(run).rejects.toMatchObject({
      row: 3,
      message: expect.stringMatching(/changed while it was evaluated/),
    });
    // The end line never calls the run complete.
    expect(lastLine(out)).toMatchObject({ type: "end", interrupted: true });
  });

  it("rejects once the calls in flight are done when reading the next item fails", async () => {
    const finished: number[] = [];
    async function* items() {
      yield 1;
      yield 2;
      throw new Error("disk gone");
    }
    const run = forEachOfStream(items(), 2, async (item) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      finished.push(item);
    });
    await expect(run).rejects.toThrow("disk gone");
    expect(finished.sort()).toEqual([1, 2]);
  });
});

describe("ResumeIndex", () => {
  it("keeps the done bits of the hash a row keeps when its older hash held the main slot", () => {
    const a = "a".repeat(64);
    const b = "b".repeat(64);
    const index = new ResumeIndex(2, 1);
    index.add(0, a, 0);
    index.add(0, b, 0);
    index.keepOnly(0, b);
    expect(index.isDone(0, b, 0)).toBe(true);
    expect(index.isDone(0, a, 0)).toBe(false);
    expect(index.hasOtherHash(0, b)).toBe(false);
  });
});
