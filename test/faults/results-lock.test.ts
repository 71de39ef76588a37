// Failure 2 of the hostile trial (issue 19): two runs writing the same --out interleaved their lines
// and both exited 0. Now the results file is locked for the whole run.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import { afterAll, describe, expect, it } from "vitest";
import { InvalidInputError } from "../../src/errors.js";
import { loadResults } from "../../src/results/load.js";
import { ResultsLock, resultsLockPath } from "../../src/results/lock.js";
import { cliSandbox, runCli, startCli, waitFor, writeDistinctRows } from "../fixtures/cli/run-cli.js";
import { tinyGgufPath } from "../setup/paths.js";

const box = cliSandbox("airgap-faults-lock-");
afterAll(() => box.cleanup());

/** Every non-empty line of the file parses as JSON. */
function expectIntact(file: string): void {
  const lines = readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "");
  for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
}

describe("ResultsLock", () => {
  it("a second lock on the same file throws naming the holder; release frees it", () => {
    const file = box.file("lib.jsonl");
    const lock = ResultsLock.acquire(file);
    expect(existsSync(resultsLockPath(file))).toBe(true);
    let error: unknown;
    try {
      ResultsLock.acquire(file);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as Error).message).toContain(`pid ${process.pid} on ${os.hostname()}`);
    expect((error as Error).message).toContain("lib.jsonl: is being written by another run");
    lock.release();
    expect(existsSync(resultsLockPath(file))).toBe(false);
    ResultsLock.acquire(file).release();
  });

  it("a lock left by a dead process is stale and taken over", () => {
    const file = box.file("stale.jsonl");
    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], {
      encoding: "utf8",
    });
    const deadPid = Number(dead.stdout);
    writeFileSync(
      resultsLockPath(file),
      JSON.stringify({
        pid: deadPid,
        hostname: os.hostname(),
        startedAt: "2026-01-01T00:00:00.000Z",
        command: "node airgap-eval eval",
        token: "old",
      }),
    );
    const lock = ResultsLock.acquire(file);
    expect(JSON.parse(readFileSync(resultsLockPath(file), "utf8")).pid).toBe(process.pid);
    lock.release();
  });
});

describe("two CLI runs on one --out", { timeout: 300_000 }, () => {
  it("the second exits 2 naming the first; after a kill -9 of the first, the next run takes the stale lock", async () => {
    // The first run stays busy: one row with a 700 KB context, hundreds of judge calls for the tiny judge.
    const huge = Array.from({ length: 20_000 }, (_, i) => `Plant ${i} makes sugar from light.`).join(" ");
    const slow = box.file("slow.jsonl");
    writeFileSync(
      slow,
      `${JSON.stringify({ user_input: "What do plants make?", retrieved_contexts: [huge] })}\n`,
    );
    const quick = writeDistinctRows(box.file("quick.jsonl"), 2);
    const out = box.file("results.jsonl");
    const judge = ["--metrics", "context_relevance", "--llm", tinyGgufPath];
    const base = ["eval", slow, ...judge];
    const first = startCli([...base, "--out", out, "--cache-file", box.file("a.sqlite")], box.env);
    await waitFor(() => existsSync(resultsLockPath(out)), "the first run to take the lock");

    for (const flag of ["--overwrite", "--resume"]) {
      const second = await runCli(
        [...base, "--out", out, flag, "--cache-file", box.file("b.sqlite")],
        box.env,
      );
      expect(second.code, second.stderr).toBe(2);
      expect(second.stderr).toContain("is being written by another run");
      expect(second.stderr).toContain(`pid ${first.child.pid}`);
    }
    expectIntact(out);

    first.child.kill("SIGKILL");
    await first.done;
    expect(existsSync(resultsLockPath(out))).toBe(true);
    // The dead run's lock is stale: the next run takes it over.
    const next = await runCli(
      ["eval", quick, ...judge, "--out", out, "--overwrite", "--cache-file", box.file("c.sqlite")],
      box.env,
    );
    expect(next.code, next.stderr).toBe(0);
    expectIntact(out);
    expect(loadResults(out).records).toHaveLength(2);
    expect(existsSync(resultsLockPath(out))).toBe(false);
  });
});
