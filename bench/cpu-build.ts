/**
 * Section "cpu-build": what the portable llama.cpp CPU build (the default, `cpuBuild: "portable"`: haswell on
 * x86-64) costs against the build ggml picks for this CPU (`cpuBuild: "fastest"`), in prompt and generation
 * tokens/s, on stories260K (or the tiny test judge) and the Qwen2.5-0.5B-shaped Q8_0 proxy, or the `--gguf` files.
 * When the peers' bench tier is installed (`AIRGAP_EVAL_PEERS_VENV`, peers/README.md), a third build runs beside
 * them: llama.cpp compiled here from source (llama-cpp-python, peers/decode_rate.py) on the same prompt token ids,
 * so the figures say whether node-llama-cpp's prebuilt binaries, driven by node-llama-cpp's own loop, are as fast
 * as llama.cpp itself on this CPU. A process runs one CPU build, so each measurement is a child process
 * (bench/llm-threads.ts with `--cpu-build`, or the Python script), the builds in alternation (portable, fastest,
 * llama-cpp-python, portable, ...), and the medians are compared within this one run.
 *
 * Run alone: node --import tsx bench/cpu-build.ts [--gguf a.gguf[,b.gguf]] [--rounds 3] [--threads 1]
 *            [--json out.json]
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PROXY_GGUF_PATH, writeProxyGguf } from "../scripts/proxy-gguf.js";
import { listFlag, numberFlag } from "./lib/cli.js";
import { markdownTable, num, times } from "./lib/markdown.js";
import { modelName, repoRoot, storiesGgufPath, tinyGgufPath } from "./lib/models.js";
import { finishSection, isMain, note } from "./lib/section.js";
import { median } from "./lib/stats.js";
import type { LlmThreadsResult } from "./llm-threads.js";

/** The builds compared: node-llama-cpp's two choices, and llama.cpp built here when the peers' venv has it. */
const BUILDS = ["portable", "fastest", "llama-cpp-python"] as const;
type Build = (typeof BUILDS)[number];

/** One model's rates under each build that ran. */
export interface CpuBuildRow {
  model: string;
  threads: number;
  /** The build each option ran, e.g. `{ portable: "haswell", fastest: "zen4", "llama-cpp-python": "llama-cpp-python 0.3.36 (AVX2, ...)" }`. */
  builds: Partial<Record<Build, string>>;
  promptTokensPerSecond: Partial<Record<Build, number>>;
  generatedTokensPerSecond: Partial<Record<Build, number>>;
  /** Median tokens generated per run (fewer than asked when the run's time cap stopped it). */
  generatedTokens: Partial<Record<Build, number>>;
  rounds: number;
}

export interface CpuBuildResult {
  section: "cpu-build";
  rows: CpuBuildRow[];
  /** Why llama.cpp built here did not run, when it did not. */
  nativeSkipped?: string;
}

/** The peers' Python, or why there is none (the third build then does not run). */
function peersPython(): { python: string } | { skipped: string } {
  const venv = process.env.AIRGAP_EVAL_PEERS_VENV ?? path.join(repoRoot, ".peers-venv");
  const python = path.join(venv, "bin", "python");
  if (!existsSync(python))
    return { skipped: `no peer environment at ${venv} (make it with: bash peers/setup.sh bench)` };
  const probe = spawnSync("bash", [path.join(repoRoot, "peers", "run.sh"), "-c", "import llama_cpp"], {
    env: { ...process.env, AIRGAP_EVAL_PEERS_VENV: venv },
    stdio: "ignore",
  });
  if (probe.status !== 0)
    return { skipped: `no llama-cpp-python in ${venv} (make it with: bash peers/setup.sh bench)` };
  return { python };
}

/** One child process's measurement of `build` (the first run of node-llama-cpp writes the prompt's token ids). */
function measureOnce(
  build: Build,
  modelPath: string,
  threads: number,
  files: { json: string; promptTokens: string },
): LlmThreadsResult | Pick<LlmThreadsResult, "rows" | "cpuBuild"> {
  const child =
    build === "llama-cpp-python"
      ? spawnSync(
          "bash",
          [
            path.join(repoRoot, "peers", "run.sh"),
            path.join(repoRoot, "peers", "decode_rate.py"),
            ...["--gguf", modelPath, "--prompt-tokens", files.promptTokens, "--threads", String(threads)],
            ...["--rounds", "2", "--json", files.json],
          ],
          { cwd: repoRoot, stdio: ["ignore", "ignore", "inherit"] },
        )
      : spawnSync(
          process.execPath,
          [
            "--import",
            "tsx",
            path.join(repoRoot, "bench", "llm-threads.ts"),
            ...["--gguf", modelPath, "--threads", String(threads), "--rounds", "2,2", "--cpu-build", build],
            ...["--json", files.json, "--save-prompt", files.promptTokens],
          ],
          { cwd: repoRoot, stdio: ["ignore", "ignore", "inherit"] },
        );
  if (child.status !== 0)
    throw new Error(`cpu-build: the ${build} run on ${modelName(modelPath)} exited ${child.status}`);
  return JSON.parse(readFileSync(files.json, "utf8")) as LlmThreadsResult;
}

/** Measures each model under every build, `rounds` child processes per build, in alternation. */
export function runCpuBuild(models: string[], rounds: number, threads: number): CpuBuildResult {
  const tmp = mkdtempSync(path.join(os.tmpdir(), "bench-cpu-build-"));
  const native = peersPython();
  const builds = BUILDS.filter((b) => b !== "llama-cpp-python" || "python" in native);
  if ("skipped" in native) note(`cpu-build: llama.cpp built here is left out: ${native.skipped}`);
  try {
    const rows = models.map((modelPath, m): CpuBuildRow => {
      const runs = Object.fromEntries(builds.map((b) => [b, []])) as unknown as Record<
        Build,
        Array<Pick<LlmThreadsResult, "rows" | "cpuBuild">>
      >;
      const promptTokens = path.join(tmp, `prompt-${m}.json`);
      for (let round = 0; round < rounds; round++) {
        for (const build of builds) {
          const json = path.join(tmp, `${m}-${build}-${round}.json`);
          runs[build].push(measureOnce(build, modelPath, threads, { json, promptTokens }));
        }
        note(`cpu-build: ${modelName(modelPath)} round ${round + 1} of ${rounds}`);
      }
      const rate = (
        build: Build,
        key: "promptTokensPerSecond" | "generatedTokensPerSecond" | "generatedTokens",
      ) => median(runs[build].map((r) => r.rows[0]![key]));
      const perBuild = <T>(f: (build: Build) => T) =>
        Object.fromEntries(builds.map((b) => [b, f(b)])) as Partial<Record<Build, T>>;
      return {
        model: modelName(modelPath),
        threads,
        builds: perBuild((b) => runs[b][0]!.cpuBuild),
        promptTokensPerSecond: perBuild((b) => rate(b, "promptTokensPerSecond")),
        generatedTokensPerSecond: perBuild((b) => rate(b, "generatedTokensPerSecond")),
        generatedTokens: perBuild((b) => rate(b, "generatedTokens")),
        rounds,
      };
    });
    return { section: "cpu-build", rows, ...("skipped" in native ? { nativeSkipped: native.skipped } : {}) };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** The section as Markdown: per model, every build's rates, what the portable default costs, and how it compares with llama.cpp built here. */
export function formatCpuBuild(result: CpuBuildResult): string {
  const rows = result.rows.flatMap((r) =>
    BUILDS.filter((build) => r.builds[build] !== undefined).map((build) => [
      r.model,
      build === "llama-cpp-python"
        ? `llama.cpp built here (${r.builds[build]})`
        : `${build} (${r.builds[build]})`,
      String(r.threads),
      num(r.promptTokensPerSecond[build], 0),
      num(r.generatedTokensPerSecond[build], 1),
      num(r.generatedTokens[build], 0),
    ]),
  );
  const verdicts = result.rows.map((r) => {
    const ratio = (key: "promptTokensPerSecond" | "generatedTokensPerSecond", other: Build) =>
      times(r[key].portable! / r[key][other]!);
    const native =
      r.builds["llama-cpp-python"] === undefined
        ? ""
        : `; against llama.cpp built here it reads prompts at ${ratio("promptTokensPerSecond", "llama-cpp-python")} and ` +
          `generates at ${ratio("generatedTokensPerSecond", "llama-cpp-python")} its rate`;
    return (
      `- ${r.model}: the portable build (${r.builds.portable}) reads prompts at ` +
      `${ratio("promptTokensPerSecond", "fastest")} and generates at ${ratio("generatedTokensPerSecond", "fastest")} ` +
      `the rate of ${r.builds.fastest}${native} (medians of ${r.rounds} processes per build, in alternation).`
    );
  });
  return [
    markdownTable(["model", "build", "threads", "prompt tok/s", "generation tok/s", "tokens/run"], rows, [
      "l",
      "l",
      "r",
      "r",
      "r",
      "r",
    ]),
    "",
    ...verdicts,
    ...(result.nativeSkipped === undefined
      ? []
      : [`- llama.cpp built here: not run (${result.nativeSkipped}).`]),
  ].join("\n");
}

if (isMain(import.meta.url)) {
  let models = listFlag("gguf");
  if (models === undefined) {
    if (!existsSync(PROXY_GGUF_PATH)) await writeProxyGguf(PROXY_GGUF_PATH);
    models = [existsSync(storiesGgufPath) ? storiesGgufPath : tinyGgufPath, PROXY_GGUF_PATH];
  }
  finishSection(runCpuBuild(models, numberFlag("rounds", 3), numberFlag("threads", 1)), formatCpuBuild);
}
