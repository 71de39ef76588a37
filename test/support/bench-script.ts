// Runs a bench script as a user would, with some environment variables removed: how the bench tests check the one
// line a section prints when its models or its peers are missing.
import { execFileSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..", "..");

/**
 * The standard output of `node --import tsx <script>` (relative to the repository) run without the variables `unset`;
 * throws when it exits non-zero.
 *
 * @example
 * const out = benchOutputWithout("bench/real-models.ts", ["AIRGAP_EVAL_REAL_JUDGE"]);
 */
export function benchOutputWithout(script: string, unset: readonly string[]): string {
  const env = { ...process.env };
  for (const name of unset) delete env[name];
  return execFileSync(process.execPath, ["--import", "tsx", script], { cwd: root, env, encoding: "utf8" });
}
