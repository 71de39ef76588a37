// The bench sections that say where the RAG triad's time goes on a real judge: cpu-build (node-llama-cpp's portable
// and fastest builds beside llama.cpp built here) and triad-cli (the triad through the CLI on both builds). Each runs
// real models for minutes (`npm run bench -- --only cpu-build,triad-cli`); here, their skip line and their Markdown.
import { describe, expect, it } from "vitest";
import { type CpuBuildResult, formatCpuBuild } from "../bench/cpu-build.js";
import { REAL_MODEL_ENV } from "../bench/real-models.js";
import { formatTriadCli, TRIAD_CLI_VARIANTS, type TriadCliResult } from "../bench/triad-cli.js";
import { benchOutputWithout } from "./support/bench-script.js";

describe("bench cpu-build", () => {
  const row = {
    model: "judge.gguf",
    threads: 2,
    builds: { portable: "haswell", fastest: "sapphirerapids" },
    promptTokensPerSecond: { portable: 280, fastest: 840 },
    generatedTokensPerSecond: { portable: 50, fastest: 100 },
    generatedTokens: { portable: 48, fastest: 48 },
    rounds: 3,
  };

  it("compares the portable build with the fastest and, when it ran, with llama.cpp built here", () => {
    const withNative: CpuBuildResult = {
      section: "cpu-build",
      rows: [
        {
          ...row,
          builds: { ...row.builds, "llama-cpp-python": "llama-cpp-python 0.3.36 (AVX2, OPENMP)" },
          promptTokensPerSecond: { ...row.promptTokensPerSecond, "llama-cpp-python": 280 },
          generatedTokensPerSecond: { ...row.generatedTokensPerSecond, "llama-cpp-python": 80 },
          generatedTokens: { ...row.generatedTokens, "llama-cpp-python": 48 },
        },
      ],
    };
    const md = formatCpuBuild(withNative);
    expect(md).toContain(
      "| judge.gguf | llama.cpp built here (llama-cpp-python 0.3.36 (AVX2, OPENMP)) | 2 | 280 | 80.0 | 48 |",
    );
    expect(md).toContain("reads prompts at 0.33× and generates at 0.50× the rate of sapphirerapids");
    expect(md).toContain(
      "against llama.cpp built here it reads prompts at 1.00× and generates at 0.63× its rate",
    );
  });

  it("says why llama.cpp built here did not run", () => {
    const md = formatCpuBuild({
      section: "cpu-build",
      rows: [row],
      nativeSkipped: "no peer environment at /x",
    });
    expect(md).not.toContain("llama.cpp built here (");
    expect(md).toContain("- llama.cpp built here: not run (no peer environment at /x).");
  });
});

describe("bench triad-cli", () => {
  it("prints one line and exits 0 when the real models are not configured", () => {
    const out = benchOutputWithout("bench/triad-cli.ts", Object.values(REAL_MODEL_ENV));
    expect(out.trim().split("\n")).toHaveLength(1);
    expect(out).toContain("npm run real-models");
  });

  it("prints each variant against the 3 s goal, its rows scored and failed, and the builds' values compared", () => {
    const seconds = [8, 5.5, 4, 2.2];
    const result: TriadCliResult = {
      section: "triad-cli",
      rows: 5,
      threads: 2,
      variants: TRIAD_CLI_VARIANTS.map((v, i) => ({
        name: v.name,
        label: v.label,
        secondsPerRow: seconds[i]!,
        rounds: [seconds[i]!, seconds[i]!],
        scored: 30,
        failed: 0,
        cpuBuild: v.name.endsWith("F") ? "sapphirerapids" : "haswell",
      })),
      sameValues: [
        { variants: ["A", "AF"], compared: 15, equal: 15 },
        { variants: ["C", "CF"], compared: 15, equal: 14 },
      ],
    };
    const lines = formatTriadCli(result).split("\n");
    const line = (name: string) => lines.find((l) => l.startsWith(`| ${name}:`))!;
    expect(line("A")).toMatch(/\| haswell \| 8\.00 \| 8\.00, 8\.00 \| 1\.00× \| 30 \| 0 \| not met \|$/);
    expect(line("CF")).toMatch(/\| sapphirerapids \| 2\.20 \|.*\| 0\.28× \| 30 \| 0 \| met \|$/);
    expect(lines).toContain("- A and AF: 15 of 15 row × metric values equal to the bit.");
    expect(lines).toContain("- C and CF: 14 of 15 row × metric values equal to the bit.");
  });
});
