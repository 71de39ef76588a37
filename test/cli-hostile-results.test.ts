// Hostile results files and gate limits through the built CLI: a record no header declares is refused by line, not
// left out of the means; a --fail-on-drop limit no drop can pass is refused, not a gate that never fails.
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliSandbox, runCli } from "./fixtures/cli/run-cli.js";

const box = cliSandbox("airgap-cli-hostile-results-");
afterAll(() => box.cleanup());
const run = box.file("run.jsonl");
const same = box.file("same.jsonl");

beforeAll(async () => {
  const rows = [
    { response: "Paris", reference: "Paris" },
    { response: "Oslo", reference: "Bergen" },
    { response: "Rome", reference: "Rome" },
    { response: "Lima", reference: "Quito" },
  ];
  const data = box.file("data.jsonl");
  writeFileSync(data, `${rows.map((r) => JSON.stringify(r)).join("\n")}\n`);
  const result = await runCli(["eval", data, "-m", "exact_match", "-o", run, "--no-cache", "-q"], box.env);
  expect(result.code, result.stderr).toBe(0);
  copyFileSync(run, same);
});

describe("a record whose configHash no header declares", () => {
  it("is refused by report and report compare, naming the line", async () => {
    const lines = readFileSync(run, "utf8").trimEnd().split("\n");
    const at = lines.findIndex((l) => JSON.parse(l).type === "record" && JSON.parse(l).row === 1);
    const record = JSON.parse(lines[at]!);
    lines[at] = JSON.stringify({ ...record, configHash: "0000000000000000" });
    const edited = box.file("edited.jsonl");
    writeFileSync(edited, `${lines.join("\n")}\n`);

    const report = await runCli(["report", edited], box.env);
    expect(report.code, report.stdout).toBe(2);
    expect(report.stderr).toContain(`line ${at + 1}`);
    expect(report.stderr).toMatch(
      /record of metric exact_match, row 1 has configHash "0000000000000000", but the headers above it declare exact_match with configHash "[0-9a-f]+" only/,
    );
    const compare = await runCli(["report", "compare", run, edited, "--fail-on-drop", "*=0"], box.env);
    expect(compare.code).toBe(2);
    expect(compare.stderr).toContain(`line ${at + 1}`);
  });
});

describe("a --fail-on-drop limit no drop can pass", () => {
  it.each([
    ["exact_match=999", /exact_match lies in \[0, 1\], so no drop exceeds 1 and the gate could never fail/],
    [`exact_match=${"9".repeat(400)}`, /the limit is not a finite number, so the gate could never fail/],
    ["*=1.5", /exact_match lies in \[0, 1\]/],
  ])("refuses %s", async (limit, message) => {
    const result = await runCli(["report", "compare", run, same, "--fail-on-drop", limit], box.env);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
  });

  it("accepts the widest limit, the range's width", async () => {
    const result = await runCli(["report", "compare", run, same, "--fail-on-drop", "exact_match=1"], box.env);
    expect(result.code, result.stderr).toBe(0);
  });
});
