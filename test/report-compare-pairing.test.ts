// Issue 29 (weak): `report compare` paired unrelated runs by position without a warning. Now a pairing
// by position whose pairs share neither question nor contents is named, through the API and the CLI.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { evaluate } from "../src/evaluate/evaluate.js";
import { compareRuns } from "../src/report/compare.js";
import { positionPairingWarning } from "../src/report/compare-pairing.js";
import { loadResults } from "../src/results/load.js";
import { cliSandbox, runCli } from "./fixtures/cli/run-cli.js";
import { FakeMetric } from "./support/fake-metrics.js";

const dir = mkdtempSync(path.join(os.tmpdir(), "airgap-compare-pairing-"));
const box = cliSandbox("airgap-compare-pairing-cli-");
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  box.cleanup();
});

/** A run of 4 rows, each question twice (so rows pair by position), questions and responses starting `prefix`. */
async function run(name: string, prefix: string): Promise<string> {
  const data = path.join(dir, `${name}.jsonl`);
  const rows = Array.from({ length: 4 }, (_, i) => ({
    user_input: `${prefix}q${i >> 1}`,
    response: `${prefix}${i}`,
  }));
  writeFileSync(data, `${rows.map((r) => JSON.stringify(r)).join("\n")}\n`);
  const out = path.join(dir, `${name}-results.jsonl`);
  await evaluate(data, [new FakeMetric()], { out, progress: "none" });
  return out;
}

describe("report compare on runs of different datasets", { timeout: 120_000 }, () => {
  it("warns when rows paired by position share neither question nor contents, and not for one dataset", async () => {
    const [a, again, other] = [await run("a", "alpha "), await run("a2", "alpha "), await run("b", "beta ")];
    const warn = (x: string, y: string) => {
      const [rx, ry] = [loadResults(x), loadResults(y)];
      return positionPairingWarning(compareRuns(rx, ry), rx, ry, [x, y]);
    };
    expect(compareRuns(loadResults(a), loadResults(other)).matchedBy).toBe("row");
    expect(warn(a, other)).toMatch(
      /4 of 4 rows paired by position differ in question and contents .*first: row 0/,
    );
    expect(warn(a, other)).toContain("different datasets (");
    expect(warn(a, again)).toBeUndefined();

    const cli = await runCli(["report", "compare", a, other], box.env);
    expect(cli.code).toBe(0);
    expect(cli.stderr).toMatch(/warning: 4 of 4 rows paired by position differ/);
    expect(cli.stderr).toContain("--key row_hash");
  });
});
