// How two runs were made differently, in words: what `report compare` lists and a resume reports.
import { describe, expect, it } from "vitest";
import type { ModelProvenance } from "../src/provenance.js";
import { compareRuns } from "../src/report/compare.js";
import { comparisonToMarkdown } from "../src/report/markdown.js";
import { type RunFacts, runDifferences } from "../src/report/run-differences.js";
import type { EvaluationResultData, RunMetadata } from "../src/results/types.js";

const judge = (settings: Record<string, string | number>, threads: number): ModelProvenance => ({
  id: "stories260K",
  kind: "llm",
  sha256: "ab".repeat(32),
  runtime: { name: "node-llama-cpp", version: "3.21.1" },
  settings: { temperature: 0, llamaCpp: "v0.4.0", ...settings },
  performance: { threads },
});

const run = (cpu: string, cpuBuild: string, threads: number): RunFacts => ({
  runtime: { node: "20.20.2", platform: "linux", arch: "x64", cpu },
  metrics: {
    faithfulness: {
      name: "faithfulness",
      promptVersions: {},
      options: {},
      models: [judge({ cpuBuild }, threads)],
      configHash: "h",
    },
  },
});

describe("runDifferences", () => {
  it("says nothing of runs made alike", () => {
    expect(runDifferences(run("AMD EPYC", "haswell", 1), run("AMD EPYC", "haswell", 1))).toEqual([]);
  });

  it("names the CPU, the judge's CPU build and its threads, each once however many metrics share the judge", () => {
    const b = run("Intel Xeon", "zen4", 2);
    b.metrics.answer_relevancy = { ...b.metrics.faithfulness!, name: "answer_relevancy" };
    expect(runDifferences(run("AMD EPYC", "haswell", 1), b)).toEqual([
      "runtime cpu AMD EPYC -> Intel Xeon",
      "llm stories260K setting cpuBuild haswell -> zen4",
      "llm stories260K speed setting threads 1 -> 2",
    ]);
  });

  it("names a model found in one run only", () => {
    const b = run("AMD EPYC", "haswell", 1);
    b.metrics = {};
    expect(runDifferences(run("AMD EPYC", "haswell", 1), b)).toEqual([
      "llm stories260K: only in the first run",
    ]);
  });
});

describe("report compare", () => {
  const data = (facts: RunFacts): EvaluationResultData => ({
    metadata: { ...facts, version: "0.1.0", startedAt: "", finishedAt: "", options: {} } as RunMetadata,
    records: [],
    invalidRows: [],
    aggregates: [],
  });

  it("lists how the runs differ in the comparison and its Markdown", () => {
    const comparison = compareRuns(data(run("AMD EPYC", "haswell", 1)), data(run("AMD EPYC", "zen4", 1)));
    expect(comparison.runDifferences).toEqual(["llm stories260K setting cpuBuild haswell -> zen4"]);
    const markdown = comparisonToMarkdown(comparison);
    expect(markdown).toContain("## How the runs differ");
    // Escaped for Markdown: the arrow renders as written.
    expect(markdown).toContain("- llm stories260K setting cpuBuild haswell -&gt; zen4");
  });

  it("says the runs were made alike when they were", () => {
    const same = compareRuns(data(run("AMD EPYC", "haswell", 1)), data(run("AMD EPYC", "haswell", 1)));
    expect(comparisonToMarkdown(same)).toContain(
      "Made alike: the same machine, runtimes, models and settings.",
    );
  });
});
