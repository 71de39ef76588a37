// examples/vitest run by vitest as a user runs it (the built package, real processes, no testTimeout): one test per
// row, the reporter's results file and report and its totals (rows and matcher assertions apart), a rerun that calls
// no model and loads none thanks to the cache, and one clear setup error for a missing judge. Needs the build
// (dist/) and $AIRGAP_EVAL_TEST_GGUF.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../setup/paths.js";

const gguf = process.env.AIRGAP_EVAL_TEST_GGUF;
const built = existsSync(path.join(repoRoot, "dist", "vitest", "index.js"));

function runExample(env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        path.join(repoRoot, "node_modules", "vitest", "vitest.mjs"),
        "run",
        "--config",
        "examples/vitest/vitest.config.ts",
      ],
      { cwd: repoRoot, env: { ...process.env, ...env, NO_COLOR: "1", FORCE_COLOR: "0" } },
    );
    let output = "";
    child.stdout.on("data", (d) => {
      output += d;
    });
    child.stderr.on("data", (d) => {
      output += d;
    });
    child.on("close", (code) => resolve({ code, output }));
  });
}

describe.skipIf(!gguf || !built)("examples/vitest with stories260K and the starter embedder", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "airgap-vitest-"));
  const env = {
    AIRGAP_EVAL_JUDGE: gguf,
    AIRGAP_EVAL_CACHE: path.join(dir, "cache.sqlite"),
    AIRGAP_EVAL_OUT: path.join(dir, "out"),
  };

  it("one test per row, a results file and a report; the rerun makes zero judge calls", async () => {
    const first = await runExample(env);
    expect(first.code, first.output).toBe(0);
    for (const row of ["python-creator", "capital-of-france", "boiling-point"])
      expect(first.output).toContain(row);
    expect(first.output).toMatch(/Tests\s+6 passed/); // 3 rows, 2 aggregates, 1 single assertion
    const lines = readFileSync(path.join(dir, "out", "results.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines[0].type).toBe("header");
    const records = lines.filter((l) => l.type === "record");
    expect(records.filter((r) => r.metric === "faithfulness")).toHaveLength(3);
    expect(records.filter((r) => r.metric === "semantic_similarity")).toHaveLength(4);
    expect(readFileSync(path.join(dir, "out", "report.html"), "utf8")).toContain("semantic_similarity");
    expect(first.output).toMatch(/judge model calls: [1-9]/);
    expect(first.output).toContain("Data set rows (describeEval): 3 rows");
    expect(first.output).toContain("Matcher assertions: 1 assertion in 1 test");

    const second = await runExample(env);
    expect(second.code, second.output).toBe(0);
    expect(second.output).toMatch(/judge model calls: 0, cache hits: \d+, cache misses: 0/);
    expect(second.output).toContain("judge loaded: false, embedder loaded: false");
  });

  it("a missing judge is one setup error, and no test runs", async () => {
    const missing = await runExample({ ...env, AIRGAP_EVAL_JUDGE: path.join(dir, "absent.gguf") });
    expect(missing.code).not.toBe(0);
    expect(missing.output.match(/absent\.gguf/g)?.length ?? 0).toBeGreaterThanOrEqual(1);
    expect(missing.output).not.toMatch(/python-creator/);
  });
});
