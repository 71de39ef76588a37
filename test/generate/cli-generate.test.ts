// `airgap-eval generate` as a user meets it: spawned from source on the example documents with a real judge
// (stories260K, when present) under a scripted stage, then the test set evaluated by `eval`; and the built-in
// synthesizers and filters end to end on the same judge.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { generateTestset } from "../../src/generate/generate-testset.js";
import { readDocuments } from "../../src/generate/read-documents.js";
import { cliSandbox, runCli, startCli, waitFor } from "../fixtures/cli/run-cli.js";
import { extraGgufPath, repoRoot, tinyEncoderDir } from "../setup/paths.js";
import { FakeEmbeddings } from "../support/fake-embeddings.js";
import { ScriptedLlm } from "../support/scripted-llm.js";
import { scriptedStage } from "../support/scripted-stage.js";

const stories = extraGgufPath ?? path.resolve(repoRoot, "../shared/models/stories260K.gguf");
const box = cliSandbox("airgap-generate-");
afterAll(() => box.cleanup());

const rowSchema = z
  .object({
    plan_index: z.number().int().min(0),
    user_input: z.string().min(1),
    reference: z.string().min(1),
    reference_contexts: z.array(z.string().min(1)).min(1),
    reference_context_ids: z.array(z.string().regex(/#\d+$/)).min(1),
    synthesizer_name: z.enum([
      "single_hop_specific_query_synthesizer",
      "multi_hop_specific_query_synthesizer",
      "multi_hop_abstract_query_synthesizer",
    ]),
    source_offsets: z.array(z.object({ documentId: z.string(), start: z.number(), end: z.number() })),
    query_style: z.string(),
    query_length: z.string(),
  })
  .strict();

const args = (out: string, size: number) => [
  "generate",
  "examples/docs",
  "--size",
  String(size),
  "--out",
  out,
  "--llm",
  stories,
  "--embeddings",
  tinyEncoderDir,
  "--stage",
  "test/support/scripted-stage.ts",
  "--chunk-tokens",
  "160",
  "--context-size",
  "512",
  "--max-tokens",
  "24",
];
const lines = (file: string) =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l !== "");

describe("airgap-eval generate without a model", () => {
  it("fails on bad input before any model loads, naming the file", async () => {
    const empty = box.file("empty");
    mkdirSync(empty);
    const result = await runCli(["generate", empty, "--llm", "missing.gguf"], box.env);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${empty}: folder holds no documents`);
    const mix = await runCli(["generate", "examples/docs", "--mix", "single=0.5,triple=1"], box.env);
    expect(mix.code).toBe(2);
    expect(mix.stderr).toContain("--mix takes name=share pairs");
  });

  it("merges shard files with --merge, in plan order", async () => {
    const documents = readDocuments(["examples/docs"]);
    const shard = (i: number) => box.file(`m.shard-${i}-of-2.jsonl`);
    for (const index of [0, 1]) {
      await generateTestset({
        documents,
        llm: new ScriptedLlm({}),
        embeddings: new FakeEmbeddings({ x: [1] }),
        countTokens: (t) => t.length,
        stage: scriptedStage(),
        out: shard(index),
        size: 6,
        shard: { index, count: 2 },
      });
    }
    const merged = box.file("merged.jsonl");
    const result = await runCli(
      ["generate", "--merge", shard(0), shard(1), "--out", merged, "--json"],
      box.env,
    );
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ rows: 6, rejectedCount: 1 });
    expect(lines(merged).map((l) => (JSON.parse(l) as { plan_index: number }).plan_index)).toEqual([
      0, 1, 2, 4, 5, 7,
    ]);
  });
});

describe.skipIf(!existsSync(stories))("airgap-eval generate on stories260K", () => {
  it("writes schema-valid rows that eval reads, and the same bytes on a rerun with the same seed", async () => {
    const out = box.file("testset.jsonl");
    const first = await runCli([...args(out, 4), "--quiet"], box.env);
    expect(first.stderr).toContain(`4 of 4 rows in ${out}`);
    expect(first.code).toBe(0);
    const rows = lines(out).map((l) => rowSchema.parse(JSON.parse(l)));
    expect(rows.map((r) => r.plan_index)).toEqual([0, 1, 2, 4]);
    expect(lines(`${out}.rejected.jsonl`)).toHaveLength(1);

    const again = box.file("again.jsonl");
    expect((await runCli([...args(again, 4), "--json"], box.env)).code).toBe(0);
    for (const suffix of ["", ".rejected.jsonl", ".config.json"]) {
      expect(readFileSync(`${again}${suffix}`, "utf8")).toBe(readFileSync(`${out}${suffix}`, "utf8"));
    }

    // A filled-in response (what fillResponse adds) makes the file an eval dataset for judge-free metrics.
    const filled = box.file("filled.jsonl");
    writeFileSync(
      filled,
      rows
        .map((r) =>
          JSON.stringify({
            ...r,
            response: r.reference,
            retrieved_contexts: r.reference_contexts,
            retrieved_context_ids: r.reference_context_ids,
          }),
        )
        .join("\n"),
    );
    const evaluated = await runCli(
      [
        "eval",
        filled,
        "--metrics",
        "exact_match,non_llm_context_recall,id_based_context_recall",
        "--json",
        "--quiet",
        "--no-cache",
        "--out",
        box.file("results.jsonl"),
      ],
      box.env,
    );
    expect(evaluated.stderr).toBe("");
    expect(evaluated.code).toBe(0);
    const { aggregates } = JSON.parse(evaluated.stdout) as {
      aggregates: Array<{ metric: string; mean: number; count: number }>;
    };
    expect(aggregates.map((a) => [a.metric, a.mean, a.count]).sort()).toEqual([
      ["exact_match", 1, 4],
      ["id_based_context_recall", 1, 4],
      ["non_llm_context_recall", 1, 4],
    ]);
  }, 240_000);

  it("loses no finished row and repeats none when killed with -9 and resumed", async () => {
    const whole = box.file("whole.jsonl");
    expect((await runCli([...args(whole, 8), "--quiet"], box.env)).code).toBe(0);

    const out = box.file("killed.jsonl");
    const running = startCli([...args(out, 8), "--quiet"], { ...box.env, SCRIPTED_STAGE_DELAY_MS: "400" });
    await waitFor(() => existsSync(out) && lines(out).length >= 3, "three rows written", 120_000);
    running.child.kill("SIGKILL");
    await running.done;
    const kept = lines(out).length;
    expect(kept).toBeGreaterThanOrEqual(3);
    expect(kept).toBeLessThan(8);

    const refused = await runCli([...args(out, 8), "--quiet"], box.env);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("add --resume to continue it");
    const resumed = await runCli([...args(out, 8), "--resume", "--quiet"], box.env);
    expect(resumed.code).toBe(0);
    expect(readFileSync(out, "utf8")).toBe(readFileSync(whole, "utf8"));
    expect(readFileSync(`${out}.rejected.jsonl`, "utf8")).toBe(
      readFileSync(`${whole}.rejected.jsonl`, "utf8"),
    );
  }, 300_000);

  it("keeps every finished row on Ctrl-C (exit 130), resumes to the bytes of an uninterrupted run, and shards with --shard auto", async () => {
    const whole = box.file("whole-sigint.jsonl");
    expect((await runCli([...args(whole, 8), "--quiet"], box.env)).code).toBe(0);

    const out = box.file("sigint.jsonl");
    const running = startCli(args(out, 8), { ...box.env, SCRIPTED_STAGE_DELAY_MS: "400" });
    await waitFor(() => existsSync(out) && lines(out).length >= 2, "two rows written", 120_000);
    running.child.kill("SIGINT");
    const stopped = await running.done;
    expect(stopped.code).toBe(130);
    expect(stopped.stderr).toContain("airgap-eval: interrupted; continue with:");
    expect(stopped.stderr).toContain("--resume");
    // The row in flight was finished and written: what is kept is the uninterrupted run's beginning, whole lines.
    const kept = readFileSync(out, "utf8");
    expect(lines(out).length).toBeGreaterThanOrEqual(2);
    expect(lines(out).length).toBeLessThan(8);
    expect(kept.endsWith("\n")).toBe(true);
    expect(readFileSync(whole, "utf8").startsWith(kept)).toBe(true);

    const resumed = await runCli([...args(out, 8), "--resume", "--quiet"], box.env);
    expect(resumed.code).toBe(0);
    for (const suffix of ["", ".rejected.jsonl", ".config.json"]) {
      expect(readFileSync(`${out}${suffix}`, "utf8")).toBe(readFileSync(`${whole}${suffix}`, "utf8"));
    }

    // --shard auto from a Slurm array's variables: each shard fills its share of the size from its own plan rows
    // (index modulo 2); --merge puts them in plan order.
    const pattern = box.file("auto-{index}-of-{count}.jsonl");
    for (const task of ["0", "1"]) {
      const env = {
        ...box.env,
        SLURM_ARRAY_TASK_ID: task,
        SLURM_ARRAY_TASK_COUNT: "2",
        SLURM_ARRAY_TASK_MIN: "0",
      };
      const shard = await runCli([...args(pattern, 8), "--shard", "auto", "--quiet"], env);
      expect(shard.code).toBe(0);
    }
    const indices = (file: string) =>
      lines(file).map((l) => (JSON.parse(l) as { plan_index: number }).plan_index);
    const shards = [0, 1].map((i) => indices(box.file(`auto-${i}-of-2.jsonl`)));
    shards.forEach((rows, shard) => {
      expect(rows).toHaveLength(4);
      expect(rows.filter((index) => index % 2 !== shard)).toEqual([]);
    });
    const merged = box.file("auto-merged.jsonl");
    const merging = await runCli(
      [
        "generate",
        "--merge",
        box.file("auto-0-of-2.jsonl"),
        box.file("auto-1-of-2.jsonl"),
        "--out",
        merged,
        "--quiet",
      ],
      box.env,
    );
    expect(merging.code).toBe(0);
    expect(indices(merged)).toEqual([...shards[0]!, ...shards[1]!].sort((a, b) => a - b));
  }, 600_000);

  it("runs the built-in synthesizers and filters: every judge answer fits its schema, and a rerun gives the same bytes", async () => {
    // The built-in prompts (worked example, chunks) need a larger context than the scripted stage's.
    const builtIn = (out: string) => [
      ...args(out, 6).filter((a, i, all) => a !== "--stage" && all[i - 1] !== "--stage"),
      "--context-size",
      "2048",
    ];
    const out = box.file("builtin.jsonl");
    const first = await runCli([...builtIn(out), "--json", "--max-tokens", "200"], box.env);
    // Exit 1 says fewer rows than asked were accepted (a 260K-parameter judge writes poor questions); never 2 or a crash.
    expect([0, 1]).toContain(first.code);
    const summary = JSON.parse(first.stdout) as { rows: number; rejectedCount: number };
    const rows = lines(out).map((l) => rowSchema.parse(JSON.parse(l)));
    const rejected = lines(`${out}.rejected.jsonl`).map(
      (l) => JSON.parse(l) as { reason: { kind: string; error?: string } },
    );
    expect(rows.length).toBe(summary.rows);
    expect(rejected.length).toBe(summary.rejectedCount);
    // The plan is 6 rows and 6 spares: the run stops at 6 accepted, or writes or rejects every planned row (a prompt
    // over the context would have stopped it with exit 2).
    expect(rows.length).toBeLessThanOrEqual(6);
    expect(first.code === 0).toBe(rows.length === 6);
    if (rows.length < 6) expect(rows.length + rejected.length).toBe(12);
    // Grammar-constrained answers: no rejection is a parse failure.
    for (const r of rejected) expect(r.reason.error ?? "").not.toMatch(/JSON|schema|parse/i);

    const again = box.file("builtin-again.jsonl");
    expect((await runCli([...builtIn(again), "--json", "--max-tokens", "200"], box.env)).code).toBe(
      first.code,
    );
    for (const suffix of ["", ".rejected.jsonl", ".config.json"]) {
      expect(readFileSync(`${again}${suffix}`, "utf8")).toBe(readFileSync(`${out}${suffix}`, "utf8"));
    }
  }, 300_000);
});
