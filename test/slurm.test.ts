// A real engine: a sharded run as a Slurm job array on the single-node cluster that
// scripts/slurm/start-cluster.sh starts (.ci/run does, as root), through the built CLI
// (dist/cli/main.js) with stories260K as judge and the starter embedder. Then one job is killed
// mid-run with scancel, requeued, and resumes. Skipped, with a message, where Slurm is not running.
import { execFile, spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadDataset } from "../src/dataset/load.js";
import { shardDataset } from "../src/dataset/shard.js";
import { loadResults } from "../src/results/load.js";
import {
  type CliSandbox,
  cliSandbox,
  recordLines,
  waitFor,
  writeDistinctRows,
} from "./fixtures/cli/run-cli.js";
import { extraGgufPath, repoRoot } from "./setup/paths.js";

const run = promisify(execFile);
const cli = path.join(repoRoot, "dist", "cli", "main.js");
const dataset = path.join(repoRoot, "examples", "rag-eval.jsonl");
const metrics = "semantic_similarity,context_relevance";

function slurmState(): string | undefined {
  const probe = spawnSync("sinfo", ["-h", "-o", "%T"], { encoding: "utf8", timeout: 10_000 });
  if (probe.error !== undefined || probe.status !== 0) return undefined;
  return probe.stdout.trim().split("\n")[0];
}

const missing = [
  slurmState() === undefined
    ? "no Slurm cluster answers sinfo (start one as root: scripts/slurm/start-cluster.sh, then export the SLURM_CONF it prints)"
    : undefined,
  existsSync(cli) ? undefined : "dist/cli/main.js is not built (npm run build)",
  extraGgufPath === undefined ? "AIRGAP_EVAL_TEST_GGUF does not name stories260K.gguf" : undefined,
].filter((m): m is string => m !== undefined);
if (missing.length > 0) console.warn(`slurm.test: skipped: ${missing.join("; ")}`);

async function scontrolJob(id: string): Promise<Record<string, string>> {
  const { stdout } = await run("scontrol", ["show", "job", "-o", id]);
  const fields: Record<string, string> = {};
  for (const pair of stdout.trim().split(/\s+/)) {
    const eq = pair.indexOf("=");
    if (eq > 0) fields[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return fields;
}

async function waitForState(id: string, states: readonly string[], timeoutMs: number): Promise<string> {
  const start = Date.now();
  for (;;) {
    const state = (await scontrolJob(id)).JobState ?? "UNKNOWN";
    if (states.includes(state)) return state;
    if (Date.now() - start > timeoutMs) throw new Error(`job ${id} still ${state} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** True when no live process holds the results file's lock (no lock file, or its pid has exited). */
function lockHolderGone(out: string): boolean {
  const lock = `${out}.lock`;
  if (!existsSync(lock)) return true;
  try {
    process.kill((JSON.parse(readFileSync(lock, "utf8")) as { pid: number }).pid, 0);
    return false;
  } catch {
    return true; // the pid has exited, or the lock file is being written or removed
  }
}

describe.skipIf(missing.length > 0)("Slurm job array", { timeout: 600_000 }, () => {
  // Made in beforeAll, so a skipped run leaves no temp folder behind.
  let box: CliSandbox;
  let env: NodeJS.ProcessEnv;
  let script: string;
  const timings: Record<string, number> = {};
  afterAll(() => box?.cleanup());

  beforeAll(() => {
    box = cliSandbox("airgap-slurm-");
    env = { ...box.env, AIRGAP_EVAL_NODE: process.execPath, AIRGAP_EVAL_CLI: cli };
    script = box.file("shard.sh");
    // One script for every task: --shard auto reads SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT,
    // {index}/{count} name each task's results and cache file, --resume continues after a requeue.
    writeFileSync(
      script,
      `#!/bin/bash
set -euo pipefail
exec "$AIRGAP_EVAL_NODE" "$AIRGAP_EVAL_CLI" eval "$1" --metrics ${metrics} --llm "$AIRGAP_EVAL_TEST_GGUF" \\
  --shard "$2" --out "$3" --cache-file "$3.cache-{index}-of-{count}.sqlite" --resume
`,
      { mode: 0o755 },
    );
  });
  afterAll(() => console.log(`slurm.test timings (s): ${JSON.stringify(timings)}`));

  it("a 4-task array, merged, holds every row once with the unsharded run's aggregates", async () => {
    const t0 = Date.now();
    const out = box.file("shard-{index}-of-{count}.jsonl");
    const sbatch = run(
      "sbatch",
      [
        "--wait",
        "--array=0-3",
        "--job-name=airgap-eval-shards",
        `--chdir=${repoRoot}`,
        `--output=${box.file("slurm-%A_%a.out")}`,
        script,
        dataset,
        "auto",
        out,
      ],
      { env },
    );
    // The unsharded reference run, beside the array.
    const whole = run(
      process.execPath,
      [
        cli,
        "eval",
        dataset,
        "--metrics",
        metrics,
        "--llm",
        extraGgufPath!,
        "--out",
        box.file("whole.jsonl"),
        "--cache-file",
        box.file("whole.sqlite"),
        "--quiet",
      ],
      { env, cwd: repoRoot },
    );
    const [submitted] = await Promise.all([sbatch, whole]);
    timings.arrayAndWholeRun = (Date.now() - t0) / 1000;
    expect(submitted.stdout).toMatch(/Submitted batch job \d+/);
    const files = [0, 1, 2, 3].map((i) => box.file(`shard-${i}-of-4.jsonl`));
    for (const [i, file] of files.entries()) {
      const log = readFileSync(box.file(`slurm-${/\d+/.exec(submitted.stdout)![0]}_${i}.out`), "utf8");
      expect(log).toContain(`shard ${i}/4 (Slurm array task ${i} (min 0, step 1) of 4)`);
      expect(loadResults(file).metadata.shard).toMatchObject({ index: i, count: 4 });
    }

    const t1 = Date.now();
    const merged = await run(
      process.execPath,
      [cli, "merge", ...files, "--out", box.file("merged.jsonl"), "--dataset", dataset, "--json"],
      { env },
    );
    timings.merge = (Date.now() - t1) / 1000;
    const outcome = JSON.parse(merged.stdout) as {
      missing: unknown[];
      duplicates: unknown[];
      exitCode: number;
    };
    expect(outcome).toMatchObject({ missing: [], duplicates: [], exitCode: 0 });
    const mergedRun = loadResults(box.file("merged.jsonl"));
    const wholeRun = loadResults(box.file("whole.jsonl"));
    const pairs = mergedRun.records.map((r) => `${r.row}/${r.metric}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    expect(pairs).toEqual(wholeRun.records.map((r) => `${r.row}/${r.metric}`));
    expect(mergedRun.records).toHaveLength(40);
    expect(mergedRun.aggregates).toEqual(wholeRun.aggregates);
    expect(mergedRun.records.map((r) => r.result)).toEqual(wholeRun.records.map((r) => r.result));
  });

  it("a job killed mid-run with scancel, requeued, resumes where it stopped", async () => {
    const t0 = Date.now();
    const data = writeDistinctRows(box.file("long.jsonl"), 40);
    const out = box.file("killed.jsonl");
    const submitted = await run(
      "sbatch",
      [
        "--parsable",
        "--requeue",
        "--open-mode=append",
        `--chdir=${repoRoot}`,
        `--output=${box.file("killed.out")}`,
        script,
        data,
        "1/2",
        out,
      ],
      { env },
    );
    const id = submitted.stdout.trim().split(";")[0]!;
    await waitFor(() => recordLines(out).length >= 2, "the killed job's first records", 120_000);
    const killedAt = Date.now();
    await run("scancel", [id]);
    await waitForState(id, ["CANCELLED"], 60_000);
    const before = recordLines(out).length;
    const expected = shardDataset(loadDataset(data), { index: 1, count: 2 }).samples.length * 2;
    expect(before).toBeLessThan(expected);

    // The job reads CANCELLED as soon as it is signalled; its process may still be exiting and holding the results
    // file's lock (a second run on the file would then exit 2, as it must). Requeue once it is gone.
    await waitFor(() => lockHolderGone(out), "the cancelled run to exit", 60_000);

    // Requeue the cancelled job and let it start now (a requeued job otherwise waits out a begin-time delay). That
    // delay exists because slurmd revokes the killed job's credential with one-second resolution: a relaunch within
    // the same second is refused ("Job credential revoked") and the job ends FAILED. Start it two seconds after the kill.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, killedAt + 2_000 - Date.now())));
    await run("scontrol", ["requeue", id]);
    await run("scontrol", ["update", `JobId=${id}`, "StartTime=now"]);
    const finalState = await waitForState(id, ["COMPLETED", "FAILED"], 300_000);
    expect((await scontrolJob(id)).Restarts).toBe("1");
    timings.killRequeueResume = (Date.now() - t0) / 1000;

    // slurmstepd may still be writing the requeued run's output when the job's state reads done.
    const logFile = box.file("killed.out");
    try {
      await waitFor(
        () => readFileSync(logFile, "utf8").includes("already done)"),
        "the resumed run's log",
        60_000,
      );
    } catch (err) {
      // Say what the requeued run did, so a failure here can be told from a slow log.
      throw new Error(
        `${String(err)}; job ${id} ended ${finalState}; its log:\n${readFileSync(logFile, "utf8")}`,
      );
    }
    const log = readFileSync(logFile, "utf8");
    expect(log).toMatch(/CANCELLED/);
    expect(log).toMatch(/already done\)/);
    const result = loadResults(out);
    expect(result.metadata.interrupted).toBe(false);
    const pairs = recordLines(out).map((r) => `${String(r.row)}/${String(r.metric)}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    expect(result.records).toHaveLength(expected);
  });
});
