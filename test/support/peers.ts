// The pinned Python peers (peers/README.md) for the differential parity tests in test/peers/: whether they are
// set up, and a peer script's output, cached by a hash of the scripts and lock files that make it, so a rerun
// reads a file instead of starting Python (docs/peer-parity.md, "How to run").
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "../setup/paths.js";

const peersDir = path.join(repoRoot, "peers");
/** The peer venv, when the environment names one (CI does: .ci/run). */
const venv = process.env.AIRGAP_EVAL_PEERS_VENV || undefined;
/** Where peer outputs are cached: <AIRGAP_EVAL_PEERS_CACHE>/parity, by default <repo>/.peers-cache/parity. */
const cacheDir = path.join(
  process.env.AIRGAP_EVAL_PEERS_CACHE || path.join(repoRoot, ".peers-cache"),
  "parity",
);

/**
 * Whether a peer suite is skipped: AIRGAP_EVAL_PEERS_VENV is unset outside CI. Says once per test file how to set it
 * up. In CI (`CI` set) the suite runs anyway and fails in {@link peerOutput}, so a CI that lost the variable cannot
 * pass with nothing compared.
 *
 * @example
 * describe.skipIf(skipWithoutPeers("peers/judge-free"))("judge-free metrics against the peers", () => { ... });
 */
export function skipWithoutPeers(suite: string): boolean {
  const skip = venv === undefined && !process.env.CI;
  if (skip) {
    console.warn(
      `${suite}: skipped because AIRGAP_EVAL_PEERS_VENV is unset; make the peer environment with ` +
        "`bash peers/setup.sh` and run with AIRGAP_EVAL_PEERS_VENV=$PWD/.peers-venv (docs/peer-parity.md) " +
        "(in CI this test fails instead).",
    );
  }
  return skip;
}

/**
 * The files a peer script's output depends on: every Python file of peers/ and peers/parity/, the locks,
 * constraints.txt, env.sh and run.sh.
 */
function inputsOf(): string[] {
  const listed = (dir: string, keep: (name: string) => boolean) =>
    readdirSync(dir)
      .filter(keep)
      .sort()
      .map((name) => path.join(dir, name));
  return [
    ...listed(
      peersDir,
      (n) =>
        n.endsWith(".py") ||
        n.endsWith(".lock") ||
        n === "constraints.txt" ||
        n === "env.sh" ||
        n === "run.sh",
    ),
    ...listed(path.join(peersDir, "parity"), (n) => n.endsWith(".py")),
  ];
}

/** The cache key of `script` run with `args`: sha256 of the arguments and of every input file's path and bytes. */
export function peerCacheKey(script: string, args: readonly string[]): string {
  const hash = createHash("sha256").update(JSON.stringify([script, args]));
  for (const file of inputsOf())
    hash.update(path.relative(repoRoot, file)).update("\0").update(readFileSync(file));
  return hash.digest("hex").slice(0, 16);
}

/**
 * Runs `peers/<script> OUT args...` in the peer venv through peers/run.sh (telemetry and network off) and returns
 * the JSON it writes to OUT, or the cached file of an earlier run with the same key. Throws with the script's
 * stderr when it fails.
 */
export function peerOutput<T>(
  script: string,
  args: readonly string[] = [],
): { value: T; cached: boolean; file: string } {
  if (venv === undefined) {
    throw new Error(
      `peers/${script}: AIRGAP_EVAL_PEERS_VENV is unset; make the peer environment with \`bash peers/setup.sh\` ` +
        "and set AIRGAP_EVAL_PEERS_VENV=$PWD/.peers-venv (.ci/run does)",
    );
  }
  const name = path.basename(script, ".py");
  const file = path.join(cacheDir, `${name}-${peerCacheKey(script, args)}.json`);
  if (existsSync(file)) return { value: JSON.parse(readFileSync(file, "utf8")) as T, cached: true, file };
  mkdirSync(cacheDir, { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  const run = spawnSync(
    "bash",
    [path.join(peersDir, "run.sh"), path.join(peersDir, script), partial, ...args],
    {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, TQDM_DISABLE: "1" },
    },
  );
  if (run.status !== 0) {
    throw new Error(
      `peers/${script} failed (exit ${run.status}${run.error ? `, ${run.error.message}` : ""}) in ` +
        `AIRGAP_EVAL_PEERS_VENV=${venv}; make it with \`bash peers/setup.sh\`:\n${run.stderr.slice(-4000)}`,
    );
  }
  const text = readFileSync(partial, "utf8");
  // Outputs of the script's earlier inputs are of no further use: keep only the current one and its log.
  // (Partial files are left alone: this run's is renamed below, another run's is still being written.)
  for (const stale of readdirSync(cacheDir).filter(
    (f) => f.startsWith(`${name}-`) && !f.endsWith(".partial"),
  ))
    rmSync(path.join(cacheDir, stale), { force: true });
  renameSync(partial, file);
  writeFileSync(`${file}.log`, run.stderr);
  return { value: JSON.parse(text) as T, cached: false, file };
}
