// The built CLI (dist/cli/main.js) with stories260K as judge, for the flows tested as a user runs them.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { extraGgufPath, repoRoot } from "../setup/paths.js";

const run = promisify(execFile);
const cli = path.join(repoRoot, "dist", "cli", "main.js");

/** Why the built-CLI flows with stories260K cannot run here (warned once by the caller), or [] when they can. */
export function builtCliWithStoriesMissing(): string[] {
  return [
    existsSync(cli) ? undefined : "dist/cli/main.js is not built (npm run build)",
    extraGgufPath === undefined ? "AIRGAP_EVAL_TEST_GGUF does not name stories260K.gguf" : undefined,
  ].filter((m): m is string => m !== undefined);
}

/** Runs the built CLI to the end; resolves with its exit code and output, whatever the code. */
export async function runBuiltCli(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, ...args], { env, cwd });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, stdout: e.stdout ?? "", stderr: e.stderr ?? "" };
  }
}
