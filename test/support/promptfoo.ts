// Real promptfoo (the pinned version of scripts/promptfoo/setup.sh) grading through airgap-eval/promptfoo: where it
// is installed, how to run its CLI offline on a config, and which of its grading results are parse failures.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The folder scripts/promptfoo/setup.sh installed promptfoo into (its last line), when the environment names one. */
const installDir = process.env.AIRGAP_EVAL_PROMPTFOO || undefined;

/**
 * Whether a promptfoo suite is skipped: AIRGAP_EVAL_PROMPTFOO is unset outside CI (one line says how to set it). In
 * CI (`CI` set) it runs anyway and fails in {@link promptfooCli}, so a CI that lost the variable cannot pass.
 */
export function skipWithoutPromptfoo(suite: string): boolean {
  const skip = installDir === undefined && !process.env.CI;
  if (skip) {
    console.warn(
      `${suite}: skipped because AIRGAP_EVAL_PROMPTFOO is unset; install the pinned promptfoo with ` +
        '`eval "export $(bash scripts/promptfoo/setup.sh | tail -n 1)"` (in CI this test fails instead).',
    );
  }
  return skip;
}

/** The installed promptfoo CLI; throws naming the setup script when it is missing. */
export function promptfooCli(): string {
  const cli =
    installDir === undefined ? undefined : path.join(installDir, "node_modules", ".bin", "promptfoo");
  if (cli === undefined || !existsSync(cli)) {
    throw new Error(
      `promptfoo is not installed (AIRGAP_EVAL_PROMPTFOO=${installDir ?? ""}): run bash scripts/promptfoo/setup.sh and export the line it prints (.ci/run does)`,
    );
  }
  return cli;
}

/** One assertion's result as promptfoo writes it into its JSON output. */
export interface PromptfooComponentResult {
  pass: boolean;
  score: number;
  reason: string;
  assertion?: { type?: string };
  metadata?: Record<string, unknown>;
}

/** A finished `promptfoo eval`: its exit code, output, and every assertion's result of every test. */
export interface PromptfooRun {
  code: number | null;
  output: string;
  results: PromptfooComponentResult[];
}

/**
 * Runs `promptfoo eval` on `config` (YAML text) in `folder`: no cache, one test at a time, telemetry, update checks,
 * sharing and remote generation off, promptfoo's own state in the folder. Exit 0 (all passed) or 100 (some
 * assertion failed) are runs; anything else throws with promptfoo's output.
 */
export function runPromptfoo(folder: string, config: string): PromptfooRun {
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, "promptfooconfig.yaml"), config);
  const out = path.join(folder, "out.json");
  const run = spawnSync(
    promptfooCli(),
    ["eval", "-c", "promptfooconfig.yaml", "--no-cache", "-j", "1", "--no-progress-bar", "-o", out],
    {
      cwd: folder,
      encoding: "utf8",
      env: {
        ...process.env,
        PROMPTFOO_CONFIG_DIR: path.join(folder, "promptfoo-home"),
        PROMPTFOO_DISABLE_TELEMETRY: "1",
        PROMPTFOO_DISABLE_UPDATE: "1",
        PROMPTFOO_DISABLE_SHARING: "1",
        PROMPTFOO_DISABLE_REMOTE_GENERATION: "1",
        PROMPTFOO_DISABLE_RUNTIME_WARNINGS: "1",
        NO_COLOR: "1",
      },
    },
  );
  const output = `${run.stdout}\n${run.stderr}`;
  if ((run.status !== 0 && run.status !== 100) || !existsSync(out)) {
    throw new Error(`promptfoo eval exited ${run.status} (${run.signal ?? "no signal"}):\n${output}`);
  }
  const written = JSON.parse(readFileSync(out, "utf8")) as {
    results: { results: Array<{ gradingResult?: { componentResults?: PromptfooComponentResult[] } }> };
  };
  const results = written.results.results.flatMap((r) => r.gradingResult?.componentResults ?? []);
  return { code: run.status, output, results };
}

/** What promptfoo writes when it cannot read a grader's answer (its matchers' parse-failure reasons). */
const PARSE_FAILURES = [
  /Could not extract JSON/i,
  /malformed response/i,
  /did not match expected format/i,
  /not in JSON format/i,
  /invalid or missing/i,
  /Invalid category value/i,
  /Invalid select-best verdict/i,
  /^No output$/,
  /airgap-eval's promptfoo grader/,
];

/**
 * The results whose reason is a grader failure: promptfoo could not parse the answer, or the grader returned an
 * error; each as `type: reason`.
 */
export function graderFailures(results: readonly PromptfooComponentResult[]): string[] {
  return results
    .filter((r) => PARSE_FAILURES.some((pattern) => pattern.test(r.reason)))
    .map((r) => `${r.assertion?.type ?? "?"}: ${r.reason}`);
}
