// `generate` on the example documents (examples/docs) with the real SmolLM2-135M-Instruct writing the questions and
// the real all-MiniLM-L6-v2 (int8) embedding them, through the built CLI at 1 judge thread: every planned row
// written or rejected with its reason, no judge answer that failed its schema or was cut off, and a rerun giving the
// same bytes in all three files (the files hold no time and no path).
//
// Cut to fit the CI tier's 10 minutes on 2 cores (docs/development.md, "Real-model tier"): --size SIZE, 2 (with the
// default spares, at most twice as many rows planned); the full run (`npm run test:real-judges`) asks for 5.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../setup/paths.js";
import { tierOrFull } from "../support/real-judge-plan.js";
import { JUDGE_THREADS, type RunFolder, runBuiltCli, runFolder } from "../support/real-model-runs.js";
import { realModelPath, skipWithoutRealModels } from "../support/real-models.js";

const SIZE = tierOrFull(2, 5);

interface Generated {
  rows: { plan_index: number; user_input: string }[];
  rejected: { plan_index: number; reason: { kind: string; error?: string } }[];
  bytes: string;
  seconds: number;
}

const jsonl = <T>(file: string): T[] =>
  existsSync(file)
    ? readFileSync(file, "utf8")
        .split("\n")
        .filter((l) => l !== "")
        .map((l) => JSON.parse(l) as T)
    : [];

async function generate(folder: RunFolder, name: string): Promise<Generated> {
  const out = folder.file(`${name}.jsonl`);
  const run = await runBuiltCli(folder, [
    "generate",
    path.join(repoRoot, "examples", "docs"),
    "--size",
    String(SIZE),
    "--seed",
    "1",
    "--llm",
    realModelPath("judge"),
    "--embeddings",
    realModelPath("minilmInt8"),
    "--threads",
    String(JUDGE_THREADS),
    // A loaded machine must not turn slow calls into rejected rows: only the answers are under test.
    "--call-timeout",
    "1200",
    "--quiet",
    "--out",
    out,
  ]);
  // Exit 1: fewer rows than --size (the rest rejected, each with its reason, checked below).
  expect([0, 1], `${name}: exit ${run.code}\n${run.stderr}`).toContain(run.code);
  const files = [out, `${out}.rejected.jsonl`, `${out}.config.json`];
  return {
    rows: jsonl(out),
    rejected: jsonl(`${out}.rejected.jsonl`),
    bytes: files.map((f) => (existsSync(f) ? readFileSync(f, "utf8") : `${f} missing`)).join("\n--\n"),
    seconds: run.seconds,
  };
}

const skip = skipWithoutRealModels("real-models/generate", ["judge", "minilmInt8"], { cli: true });

describe.skipIf(skip)("generate on the example documents with SmolLM2-135M-Instruct", () => {
  const folder = runFolder("airgap-real-generate-");
  afterAll(() => folder.cleanup());
  let first: Generated;

  beforeAll(async () => {
    first = await generate(folder, "testset");
  }, 1_200_000);

  afterAll(() => {
    if (first === undefined) return;
    const reasons = first.rejected.map((r) => r.reason.kind + (r.reason.error ? ` (${r.reason.error})` : ""));
    console.info(
      `generate (${first.seconds.toFixed(0)} s wall): ${first.rows.length} rows written of ${SIZE} asked, ` +
        `${first.rejected.length} rejected${reasons.length > 0 ? `: ${reasons.join("; ")}` : ""}`,
    );
  });

  it("writes each planned row or rejects it with its reason, with no judge answer that failed its schema", () => {
    const indexes = [...first.rows, ...first.rejected].map((r) => r.plan_index).sort((a, b) => a - b);
    expect(new Set(indexes).size, "each planned row once").toBe(indexes.length);
    // The run stops at SIZE rows written, else when the plan (SIZE rows and as many spares) is used up.
    if (first.rows.length < SIZE) expect(indexes).toEqual([...Array(2 * SIZE).keys()]);
    for (const row of first.rows) expect(row.user_input.trim()).not.toBe("");
    for (const r of first.rejected) expect(r.reason.kind).toMatch(/\S/);
    const parseFailures = first.rejected.filter((r) => r.reason.kind === "failed");
    expect(
      parseFailures,
      "rows whose judge call failed (an answer off its schema, cut off, or an error)",
    ).toEqual([]);
  });

  it("gives the same bytes on a rerun: test set, rejected candidates and config", async () => {
    const again = await generate(folder, "testset-rerun");
    expect(again.bytes).toBe(first.bytes);
  }, 1_200_000);
});
