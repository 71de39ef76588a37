// Weak point 7 of the hostile trial (issue 19): resuming after a dataset row was edited re-scored the
// row and appended a second record without a word; a torn last line was skipped silently by `report`.
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { loadResults } from "../../src/results/load.js";
import { cliSandbox, resultsLines, runCli } from "../fixtures/cli/run-cli.js";
import { tinyEncoderDir } from "../setup/paths.js";

const box = cliSandbox("airgap-faults-changed-");
afterAll(() => box.cleanup());

const rows = [
  { response: "Paris is the capital of France.", reference: "Paris." },
  { response: "Berlin is in Germany.", reference: "Berlin." },
  { response: "Rome is old.", reference: "Rome." },
];

function writeRows(file: string, data: readonly object[]): void {
  writeFileSync(file, `${data.map((r) => JSON.stringify(r)).join("\n")}\n`);
}

describe("resume after a row was edited", { timeout: 120_000 }, () => {
  const dataset = box.file("rows.jsonl");
  const out = box.file("results.jsonl");
  const args = ["eval", dataset, "--metrics", "semantic_similarity", "--embeddings", tinyEncoderDir];
  const run = (extra: string[]) => runCli([...args, "--out", out, "--no-cache", ...extra], box.env);

  it("says so on stderr and in the summary, and marks the old record superseded", async () => {
    writeRows(dataset, rows);
    const first = await run([]);
    expect(first.code, first.stderr).toBe(0);
    const before = loadResults(out).records.find((r) => r.row === 1)!;

    writeRows(dataset, [rows[0]!, { ...rows[1]!, response: "Berlin is the capital of Germany." }, rows[2]!]);
    const resumed = await run(["--resume"]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain("1 row changed since the results were written; re-scored.");
    expect(resumed.stdout).toContain("1 row changed since the results were written; re-scored.");

    // A naive reader counting "record" lines sees each row once; the old one is kept, marked.
    const lines = resultsLines(out);
    const records = lines.filter((l) => l.type === "record");
    expect(records.map((r) => r.row).sort()).toEqual([0, 1, 2]);
    const superseded = lines.filter((l) => l.type === "superseded");
    expect(superseded).toHaveLength(1);
    expect(superseded[0]).toMatchObject({ row: 1, rowHash: before.rowHash });
    expect(typeof superseded[0]!.supersededAt).toBe("string");

    const data = loadResults(out);
    expect(data.records).toHaveLength(3);
    expect(data.records.find((r) => r.row === 1)!.rowHash).not.toBe(before.rowHash);
    expect(data.metadata.rowsChanged).toBe(1);

    // Resuming again changes nothing more.
    const again = await run(["--resume"]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).not.toContain("changed since");
    expect(resultsLines(out).filter((l) => l.type === "superseded")).toHaveLength(1);
  });

  it("report mentions a torn last line instead of skipping it silently", async () => {
    const intact = readFileSync(out, "utf8");
    appendFileSync(out, '{"type":"record","row":2,"rowHa');
    const report = await runCli(["report", out], box.env);
    expect(report.code, report.stderr).toBe(0);
    expect(report.stderr).toMatch(/results\.jsonl: the last line \(from byte \d+\) is torn/);
    expect(report.stdout).toContain("semantic_similarity");
    writeFileSync(out, intact);
    const clean = await runCli(["report", out], box.env);
    expect(clean.stderr).not.toContain("torn");
  });
});
