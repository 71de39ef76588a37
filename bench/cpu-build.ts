/**
 * Section "cpu-build": what the portable llama.cpp CPU build (the default, `cpuBuild: "portable"`: haswell on
 * x86-64) costs against the build ggml picks for this CPU (`cpuBuild: "fastest"`), in prompt and generation
 * tokens/s, on stories260K (or the tiny test judge) and the Qwen2.5-0.5B-shaped Q8_0 proxy. A process runs one CPU
 * build, so each measurement is a child process (bench/llm-threads.ts with `--cpu-build`), the two builds in
 * alternation (portable, fastest, portable, ...), and the medians are compared within this one run.
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

const BUILDS = ["portable", "fastest"] as const;

/** One model's rates under each build. */
export interface CpuBuildRow {
  model: string;
  threads: number;
  /** The build each option ran, e.g. `{ portable: "haswell", fastest: "zen4" }`. */
  builds: Record<(typeof BUILDS)[number], string>;
  promptTokensPerSecond: Record<(typeof BUILDS)[number], number>;
  generatedTokensPerSecond: Record<(typeof BUILDS)[number], number>;
  rounds: number;
}

export interface CpuBuildResult {
  section: "cpu-build";
  rows: CpuBuildRow[];
}

/** Measures each model under both builds, `rounds` child processes per build, in alternation. */
export function runCpuBuild(models: string[], rounds: number, threads: number): CpuBuildResult {
  const tmp = mkdtempSync(path.join(os.tmpdir(), "bench-cpu-build-"));
  try {
    const rows = models.map((modelPath): CpuBuildRow => {
      const runs: Record<string, LlmThreadsResult[]> = { portable: [], fastest: [] };
      for (let round = 0; round < rounds; round++) {
        for (const build of BUILDS) {
          const json = path.join(tmp, `${build}-${round}.json`);
          const child = spawnSync(
            process.execPath,
            [
              "--import",
              "tsx",
              path.join(repoRoot, "bench", "llm-threads.ts"),
              "--gguf",
              modelPath,
              "--threads",
              String(threads),
              "--rounds",
              "2,2",
              "--cpu-build",
              build,
              "--json",
              json,
            ],
            { cwd: repoRoot, stdio: ["ignore", "ignore", "inherit"] },
          );
          if (child.status !== 0)
            throw new Error(`llm-threads.ts --cpu-build ${build} exited ${child.status}`);
          runs[build]!.push(JSON.parse(readFileSync(json, "utf8")) as LlmThreadsResult);
        }
        note(`cpu-build: ${modelName(modelPath)} round ${round + 1} of ${rounds}`);
      }
      const rate = (build: string, key: "promptTokensPerSecond" | "generatedTokensPerSecond") =>
        median(runs[build]!.map((r) => r.rows[0]![key]));
      return {
        model: modelName(modelPath),
        threads,
        builds: { portable: runs.portable![0]!.cpuBuild, fastest: runs.fastest![0]!.cpuBuild },
        promptTokensPerSecond: {
          portable: rate("portable", "promptTokensPerSecond"),
          fastest: rate("fastest", "promptTokensPerSecond"),
        },
        generatedTokensPerSecond: {
          portable: rate("portable", "generatedTokensPerSecond"),
          fastest: rate("fastest", "generatedTokensPerSecond"),
        },
        rounds,
      };
    });
    return { section: "cpu-build", rows };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** The section as Markdown: per model, both builds' rates and what the portable default costs. */
export function formatCpuBuild(result: CpuBuildResult): string {
  const rows = result.rows.flatMap((r) =>
    BUILDS.map((build) => [
      r.model,
      `${build} (${r.builds[build]})`,
      String(r.threads),
      num(r.promptTokensPerSecond[build], 0),
      num(r.generatedTokensPerSecond[build], 1),
    ]),
  );
  const verdicts = result.rows.map(
    (r) =>
      `- ${r.model}: the portable build (${r.builds.portable}) reads prompts at ` +
      `${times(r.promptTokensPerSecond.portable / r.promptTokensPerSecond.fastest)} and generates at ` +
      `${times(r.generatedTokensPerSecond.portable / r.generatedTokensPerSecond.fastest)} the rate of ${r.builds.fastest} ` +
      `(medians of ${r.rounds} processes per build, in alternation).`,
  );
  return [
    markdownTable(["model", "cpuBuild (build)", "threads", "prompt tok/s", "generation tok/s"], rows, [
      "l",
      "l",
      "r",
      "r",
      "r",
    ]),
    "",
    ...verdicts,
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
