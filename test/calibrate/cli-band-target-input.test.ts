// `calibrate --band-target` as a user types it wrong: numbers Number() would read ('' and ' ' as 0, 0x1 as 1,
// 1e-400 as 0) are refused naming the flag, as are fractional counts; an empty verifier directory is bad usage named
// with its directory and the file it lacks (exit 2), not a run that exits 0 and blames the target; and no scored row
// proposes no band, saying so.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { proposeCascadeBand } from "../../src/calibrate/band.js";
import { cliSandbox, runCli } from "../fixtures/cli/run-cli.js";
import { repoRoot, tinyGgufPath } from "../setup/paths.js";

const sandbox = cliSandbox("airgap-calibrate-band-target-");
afterAll(() => sandbox.cleanup());

const labelled = sandbox.file("labelled.jsonl");
writeFileSync(
  labelled,
  `${readFileSync(path.join(repoRoot, "examples", "rag-eval.jsonl"), "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .slice(0, 4)
    .map((line, i) => JSON.stringify({ ...JSON.parse(line), human_label: i % 2 }))
    .join("\n")}\n`,
);

function calibrateWith(verifier: string, extra: readonly string[]) {
  return runCli(
    [
      "calibrate",
      labelled,
      "--metric",
      "faithfulness",
      "--llm",
      tinyGgufPath,
      "--metric-option",
      `faithfulness.verifier=${verifier}`,
      "--no-cache",
      "--quiet",
      ...extra,
    ],
    sandbox.env,
  );
}

describe("calibrate --band-target and other numbers", () => {
  it.each([
    ["--band-target", ""],
    ["--band-target", " "],
    ["--band-target", "0x1"],
    ["--band-target", "1e-400"],
    ["--band-target", "Infinity"],
    ["--resamples", "1.5"],
  ])("refuses %s %j, naming the flag", async (flag, value) => {
    const run = await calibrateWith(sandbox.file("never-read"), ["--band-target", "0.9", flag, value]);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain(`${flag} must be a`);
    expect(run.stderr).toContain(`written in decimal digits (got "${value}")`);
  });

  it("an empty verifier directory exits 2 naming the directory and the file it lacks", async () => {
    const empty = sandbox.file("empty-verifier");
    mkdirSync(empty);
    const run = await calibrateWith(empty, ["--band-target", "0.9", "--json"]);
    expect(run.code, run.stdout).toBe(2);
    expect(run.stderr).toContain(`${path.join(empty, "config.json")} is missing`);
    expect(run.stderr).toContain("A verifier directory holds config.json, tokenizer.json");
    expect(run.stderr).not.toMatch(/lower the target/);
  });

  it("no scored row proposes no band and says no row was scored, whatever the target", async () => {
    for (const target of [0, 0.9]) {
      const proposal = await proposeCascadeBand([], target);
      expect(proposal.band).toBeNull();
      expect(proposal.reason).toMatch(/^no labelled row was scored by both the verifier and the judge/);
    }
  });
});
