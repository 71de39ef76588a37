// Runs peers/judge_parity.py (the peers with scripted judges) once per change of its inputs: the output is cached
// under the peer cache, keyed by a hash of the Python files it runs and the peer lock files, so a rerun reads JSON.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "../setup/paths.js";
import type { PeerCase } from "./judge-parity-case.js";

const peersDir = path.join(repoRoot, "peers");

/** What decides the peer output: the parity scripts, the scripted judges, the offline settings and the locks. */
function inputFiles(): string[] {
  return readdirSync(peersDir)
    .filter((f) => /^(judge_parity.*\.py|scripted_llms\.py|env\.sh|run\.sh|requirements-.*\.lock)$/.test(f))
    .sort()
    .map((f) => path.join(peersDir, f));
}

function inputsHash(): string {
  const hash = createHash("sha256");
  for (const file of inputFiles()) hash.update(path.basename(file)).update("\0").update(readFileSync(file));
  return hash.digest("hex").slice(0, 16);
}

/**
 * The peer's cases and scores: read from `<AIRGAP_EVAL_PEERS_CACHE or .peers-cache>/judge-parity/<hash>.json`, or
 * made by `bash peers/run.sh peers/judge_parity.py` into it (written to a temporary name, then renamed, so an
 * interrupted run leaves no half file).
 */
export function peerCases(): { cases: PeerCase[]; cacheFile: string; cached: boolean } {
  const cacheRoot = process.env.AIRGAP_EVAL_PEERS_CACHE || path.join(repoRoot, ".peers-cache");
  const dir = path.join(cacheRoot, "judge-parity");
  const cacheFile = path.join(dir, `${inputsHash()}.json`);
  const cached = existsSync(cacheFile);
  if (!cached) {
    mkdirSync(dir, { recursive: true });
    const partial = `${cacheFile}.${process.pid}.partial`;
    const run = spawnSync(
      "bash",
      [path.join(peersDir, "run.sh"), path.join(peersDir, "judge_parity.py"), partial],
      {
        encoding: "utf8",
        timeout: 180_000,
      },
    );
    if (run.status !== 0) {
      throw new Error(
        `bash peers/run.sh peers/judge_parity.py failed (exit ${run.status}${run.error ? `, ${run.error.message}` : ""}):\n${run.stderr.slice(-4000)}`,
      );
    }
    renameSync(partial, cacheFile);
    // Outputs of earlier inputs are of no further use: keep only the current one.
    for (const stale of readdirSync(dir).filter(
      (f) => f.endsWith(".json") && f !== path.basename(cacheFile),
    )) {
      rmSync(path.join(dir, stale), { force: true });
    }
  }
  const { cases } = JSON.parse(readFileSync(cacheFile, "utf8")) as { cases: PeerCase[] };
  return { cases, cacheFile, cached };
}
