// faithfulness_with_hhem as a user runs it: `eval` on the example dataset with a GGUF judge and a real ONNX
// consistency verifier (an HHEM-style random-weight fixture, built at test time) named by --metric-option; beside
// faithfulness, the statements step is asked once per row; a second run is served from the cache; a missing verifier
// fails its rows, naming the option.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeVerifierFixture } from "../scripts/verifier-fixtures/index.js";
import { cliSandbox, recordLines, resultsLines, runCli } from "./fixtures/cli/run-cli.js";
import { repoRoot, tinyGgufPath } from "./setup/paths.js";

const sandbox = cliSandbox("airgap-cli-hhem-");
const hhem = sandbox.file("hhem");
const rows = sandbox.file("four.jsonl");
// The generated tiny llama writes one statement per row of the example (stories260K writes none, which would leave
// the verifier step untested).
const judge = tinyGgufPath;

type Rec = { row: number; metric: string; result: Record<string, unknown> };

beforeAll(async () => {
  await writeVerifierFixture(hhem, "consistency");
  const dataset = readFileSync(path.join(repoRoot, "examples", "rag-eval.jsonl"), "utf8");
  writeFileSync(rows, `${dataset.split("\n").slice(0, 4).join("\n")}\n`);
});
afterAll(() => sandbox.cleanup());

describe("eval --metrics faithfulness_with_hhem", () => {
  it("scores each row from the judge's statements and the verifier's probabilities, asking the statements once beside faithfulness", async () => {
    const out = sandbox.file("hhem.jsonl");
    const cache = sandbox.file("cache.sqlite");
    const args = [
      "eval",
      rows,
      "--llm",
      judge,
      "--metrics",
      "faithfulness,faithfulness_with_hhem",
      "--metric-option",
      `faithfulness_with_hhem.verifier=${hhem}`,
      "--cache-file",
      cache,
    ];
    const run = await runCli([...args, "--out", out], sandbox.env);
    expect(run.stderr).not.toMatch(/parse|invalid JSON/i);
    expect(run.code).toBe(0);
    const header = resultsLines(out)[0] as {
      metadata: { metrics: Record<string, { options: Record<string, unknown>; promptVersions: object }> };
    };
    const config = header.metadata.metrics.faithfulness_with_hhem!;
    expect(config.options).toMatchObject({ verifier: hhem, threshold: 0.5, aggregate: "share" });
    expect(config.options.verifierSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.keys(config.promptVersions)).toEqual(["faithfulness/statements"]);

    const recs = (recordLines(out) as unknown as Rec[]).filter((r) => r.metric === "faithfulness_with_hhem");
    expect(recs).toHaveLength(4);
    for (const r of recs) {
      expect(r.result.status).toBe("ok");
      const d = r.result.details as {
        statements: Array<{ statement: string; probability: number }>;
        supportedShare: number | null;
        verifier: { task: string; sha256: string };
        usage: { calls: number };
      };
      expect(d.verifier).toMatchObject({ task: "consistency", sha256: config.options.verifierSha256 });
      const supported = d.statements.filter((s) => s.probability >= 0.5).length;
      expect(r.result.value).toBe(d.statements.length === 0 ? null : supported / d.statements.length);
      // The statements step was faithfulness' own: the judge's memo answered it, so this metric made no call.
      const faith = (recordLines(out) as unknown as Rec[]).find(
        (f) => f.metric === "faithfulness" && f.row === r.row,
      )!;
      expect(d.statements.map((s) => s.statement)).toEqual(
        (faith.result.details as { statements: string[] }).statements,
      );
    }

    const counts = recs.map((r) => (r.result.details as { statements: unknown[] }).statements.length);
    expect(Math.max(...counts)).toBeGreaterThan(0);

    const again = await runCli([...args, "--out", sandbox.file("again.jsonl")], sandbox.env);
    expect(again.code).toBe(0);
    expect(`${again.stdout}${again.stderr}`).toMatch(/Cache: +8 hits, 0 misses/);
  }, 300_000);

  it("a verifier given with --metric-option that is not there exits 2 before any row, naming the option", async () => {
    const out = sandbox.file("missing.jsonl");
    const run = await runCli(
      [
        "eval",
        rows,
        "--llm",
        judge,
        "--metrics",
        "faithfulness_with_hhem",
        "--metric-option",
        `faithfulness_with_hhem.verifier=${sandbox.file("nowhere")}`,
        "--out",
        out,
        "--no-cache",
      ],
      sandbox.env,
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /--metric-option faithfulness_with_hhem\.verifier: verifier ".*nowhere" not found/,
    );
    expect(recordLines(out)).toHaveLength(0);
  }, 300_000);
});
