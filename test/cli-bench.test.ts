// `airgap-eval bench` as a user runs it: real models, a small dataset, JSON out; and broken input.
import { afterAll, describe, expect, it } from "vitest";
import type { BenchJson } from "../src/cli/bench-command.js";
import { formatDuration } from "../src/cli/bench-command.js";
import { cliSandbox, runCli, writeDistinctRows } from "./fixtures/cli/run-cli.js";
import { tinyEncoderDir, tinyGgufPath } from "./setup/paths.js";

const box = cliSandbox("airgap-cli-bench-");
afterAll(() => box.cleanup());

describe("bench", { timeout: 300_000 }, () => {
  it("times a warm-up row and then --rows rows per thread count, and projects the whole file", async () => {
    const dataset = writeDistinctRows(box.file("rows.jsonl"), 7);
    const result = await runCli(
      [
        "bench",
        dataset,
        "--metrics",
        "faithfulness,semantic_similarity",
        "--llm",
        tinyGgufPath,
        "--embeddings",
        tinyEncoderDir,
        "--rows",
        "2",
        "--threads",
        "1,2",
        "--json",
      ],
      box.env,
    );
    expect(result.stderr).not.toMatch(/unexpected error/);
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout) as BenchJson;
    expect(json).toMatchObject({
      validRows: 7,
      warmupRows: 1,
      metrics: ["faithfulness", "semantic_similarity"],
    });
    expect(json.runs.map((r) => r.threads)).toEqual([1, 2]);
    // This machine has no GPU: bench says so, and what --gpu auto would do (nothing different).
    expect(json.gpu).toEqual({ detected: [], auto: false });
    // Progress per thread count as it goes: loading, warm-up, each timed row, then the result.
    const progress = result.stderr.split("\n").filter((l) => l.startsWith("airgap-eval: bench:"));
    expect(progress.map((l) => l.replace(/[\d.]+ (ms|s|min|h)( \d+ (s|min))?\/row/g, "T/row"))).toEqual([
      "airgap-eval: bench: thread count 1 of 2 (threads 1): loading models",
      "airgap-eval: bench: threads 1: warm-up row",
      "airgap-eval: bench: threads 1: row 1/2, T/row so far",
      "airgap-eval: bench: threads 1: row 2/2, T/row so far",
      "airgap-eval: bench: threads 1 done: T/row",
      "airgap-eval: bench: thread count 2 of 2 (threads 2): loading models",
      "airgap-eval: bench: threads 2: warm-up row",
      "airgap-eval: bench: threads 2: row 1/2, T/row so far",
      "airgap-eval: bench: threads 2: row 2/2, T/row so far",
      "airgap-eval: bench: threads 2 done: T/row",
    ]);
    for (const run of json.runs) {
      expect(run.rows).toBe(2);
      expect(run.secondsPerRow).toBeGreaterThan(0);
      expect(run.secondsPerRow).toBeCloseTo(run.seconds / 2, 10);
      expect(run.projectedSeconds).toBeCloseTo(run.secondsPerRow * 7, 10);
      expect(Object.keys(run.metricSecondsPerRow)).toEqual(["faithfulness", "semantic_similarity"]);
      expect(run.outcomes.ok + run.outcomes.error).toBe(4);
      // The warm-up row read the instruction: timed rows evaluate only part of their prompts.
      expect(run.judge!.calls).toBeGreaterThan(0);
      expect(run.judge!.evaluatedPromptTokens).toBeLessThan(run.judge!.promptTokens);
      expect(run.peakRssMb).toBeGreaterThan(0);
    }
  });

  it("prints a readable summary without --json", async () => {
    const dataset = writeDistinctRows(box.file("two.jsonl"), 2);
    const result = await runCli(
      ["bench", dataset, "--metrics", "semantic_similarity", "--embeddings", tinyEncoderDir, "--rows", "1"],
      box.env,
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /Timed 1 row\(s\) of .* after 1 warm-up row\(s\); projected for all 2 valid rows/,
    );
    expect(result.stdout).toMatch(/no judge: \d+\.\d m?s\/row, projected .* for 2 rows; peak memory \d+ MB/);
    expect(result.stdout).toMatch(
      /\nGPU: none available .*--gpu auto would run the judge on the CPU, as without it\.\n$/,
    );
  });

  it("refuses bad input with exit 2 and says what is wrong", async () => {
    const dataset = writeDistinctRows(box.file("bad.jsonl"), 2);
    const zero = await runCli(["bench", dataset, "--rows", "0"], box.env);
    expect(zero.code).toBe(2);
    expect(zero.stderr).toMatch(/--rows must be a whole number >= 1/);
    const threads = await runCli(["bench", dataset, "--threads", "1,x"], box.env);
    expect(threads.code).toBe(2);
    expect(threads.stderr).toMatch(/--threads must be a whole number >= 1/);
    const missing = await runCli(["bench", box.file("nope.jsonl")], box.env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/nope\.jsonl/);
    // The sandbox has no pulled judge: bench cannot time judge metrics, and names the pull command.
    const noJudge = await runCli(["bench", dataset, "--metrics", "faithfulness"], box.env);
    expect(noJudge.code).toBe(2);
    expect(noJudge.stderr).toMatch(/bench needs every model its metrics use, and judge model .* models pull/);
  });
});

describe("formatDuration", () => {
  it("writes seconds, minutes or hours", () => {
    expect(formatDuration(12.34)).toBe("12.3 s");
    expect(formatDuration(0.0042)).toBe("4.2 ms");
    expect(formatDuration(200)).toBe("3 min 20 s");
    expect(formatDuration(3 * 3600 + 5 * 60 + 10)).toBe("3 h 05 min");
  });
});
