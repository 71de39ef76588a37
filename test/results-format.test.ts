// Results format 2: each row's sample once per run on a `sample` line, records without it. Version-1 files (every
// record holding its sample) are still read, reported and resumed: a resumed version-1 file goes on in version 2.
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { evaluate, loadResults } from "../src/evaluate/index.js";
import { ResultsFileIndex } from "../src/report/results-file-index.js";
import { FakeMetric } from "./support/fake-metrics.js";
import { interruptedRun } from "./support/interrupted-run.js";

const tmp = mkdtempSync(path.join(os.tmpdir(), "airgap-results-format-"));
let fileNo = 0;
const newFile = (): string => path.join(tmp, `results-${fileNo++}.jsonl`);
const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ user_input: `q${i}`, response: "y".repeat(i + 1) }));
type Line = Record<string, unknown>;
const readLines = (file: string): Line[] =>
  readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Line);
const metrics = () => [
  new FakeMetric({ name: "length" }),
  new FakeMetric({ name: "twice", score: () => 0.5 }),
];

/** The file as the version-1 writer wrote it: no sample lines, each record holding its row's sample. */
function toVersion1(file: string): void {
  const samples = new Map<unknown, unknown>();
  const out: Line[] = [];
  for (const line of readLines(file)) {
    if (line.type === "sample") samples.set(line.rowHash, line.sample);
    else if (line.type === "header") out.push({ ...line, formatVersion: 1 });
    else if (line.type === "record") {
      const { finishedAt, durationMs, ...rest } = line;
      out.push({ ...rest, sample: samples.get(line.rowHash), finishedAt, durationMs });
    } else out.push(line);
  }
  writeFileSync(file, `${out.map((l) => JSON.stringify(l)).join("\n")}\n`);
}

/** What a run's records say, without times. */
const outcomes = (file: string) =>
  loadResults(file).records.map((r) => ({
    row: r.row,
    metric: r.metric,
    value: r.result.value,
    sample: r.sample,
  }));

describe("results format 2", () => {
  it("holds each row's sample once, and reads back the records a version-1 file gives", async () => {
    const out = newFile();
    await evaluate(rows(6), metrics(), { out, progress: "none" });
    const lines = readLines(out);
    expect(lines.filter((l) => l.type === "sample")).toHaveLength(6);
    expect(lines.filter((l) => l.type === "record")).toHaveLength(12);
    expect(lines.filter((l) => l.type === "record" && "sample" in l)).toEqual([]);
    const v2 = outcomes(out);
    expect(v2).toHaveLength(12);
    expect(v2[0]!.sample).toEqual({ userInput: "q0", response: "y" });
    const v1 = newFile();
    writeFileSync(v1, readFileSync(out));
    toVersion1(v1);
    expect(outcomes(v1)).toEqual(v2);
    // The records of one row share one sample object, in either version.
    const [a, b] = loadResults(out).records;
    expect(a!.sample).toBe(b!.sample);
  });

  it("a version-1 file resumes: the new run's lines are version 2 after its header, and nothing is lost or redone", async () => {
    const out = newFile();
    await interruptedRun(rows(6), metrics(), out, 5);
    toVersion1(out);
    const before = readLines(out).filter((l) => l.type === "record").length;
    expect(before).toBeGreaterThanOrEqual(5);
    expect(before).toBeLessThan(12);
    const counted = metrics();
    await evaluate(rows(6), counted, { out, resume: true, progress: "none" });
    // Finished pairs are not scored again.
    expect(counted.reduce((n, m) => n + m.calls, 0)).toBe(12 - before);
    const lines = readLines(out);
    const headers = lines.filter((l) => l.type === "header");
    expect(headers.map((h) => h.formatVersion)).toEqual([1, 2]);
    const resumedAt = lines.indexOf(headers[1]!);
    expect(lines.slice(0, resumedAt).some((l) => l.type === "sample")).toBe(false);
    expect(lines.slice(resumedAt).filter((l) => l.type === "record" && "sample" in l)).toEqual([]);
    const fresh = newFile();
    await evaluate(rows(6), metrics(), { out: fresh, progress: "none" });
    expect(outcomes(out)).toEqual(outcomes(fresh));
  });

  it("a torn sample line (a kill mid-write) is cut off on resume and the row is scored", async () => {
    const out = newFile();
    await interruptedRun(rows(6), metrics(), out, 4);
    const text = readFileSync(out, "utf8");
    // Drop the end line and tear the next row's sample line, as a kill -9 would leave it.
    const kept = text.trimEnd().split("\n").slice(0, -1).join("\n");
    writeFileSync(out, `${kept}\n`);
    appendFileSync(out, '{"type":"sample","row":2,"rowHash":"ab","sample":{"userInp');
    await evaluate(rows(6), metrics(), { out, resume: true, progress: "none" });
    const fresh = newFile();
    await evaluate(rows(6), metrics(), { out: fresh, progress: "none" });
    expect(outcomes(out)).toEqual(outcomes(fresh));
  });

  it("a record whose sample line is missing is refused by every reader, naming the row", async () => {
    const out = newFile();
    await evaluate(rows(3), metrics(), { out, progress: "none" });
    const lines = readLines(out).filter((l) => !(l.type === "sample" && l.row === 1));
    writeFileSync(out, `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`);
    const message =
      /record of metric length for row 1 has no sample line of its row before it; this results file was edited or corrupted/;
    expect(() => loadResults(out)).toThrow(message);
    expect(() => ResultsFileIndex.open(out)).toThrow(message);
  });
});
