// Weak point 8 of the hostile trial (issue 19), CLI and evaluate() side: --threads 1e3 ran llama.cpp
// with 1,000 threads, --concurrency 100000 blamed RAM, evaluate(..., { concurrency: 0 }) used 1.
import { afterAll, describe, expect, it } from "vitest";
import { positiveInt } from "../../src/cli/option-parsers.js";
import { checkRunLimits, llamaCppMaxSequences } from "../../src/cli/run-limits.js";
import { InvalidInputError } from "../../src/errors.js";
import { evaluate } from "../../src/evaluate/evaluate.js";
import { cliSandbox, runCli, writeDistinctRows } from "../fixtures/cli/run-cli.js";
import { tinyGgufPath } from "../setup/paths.js";
import { FakeMetric } from "../support/fake-metrics.js";

const box = cliSandbox("airgap-faults-options-");
afterAll(() => box.cleanup());

describe("numeric options", { timeout: 120_000 }, () => {
  it("--threads and --concurrency take whole numbers written in digits only", () => {
    const threads = positiveInt("--threads");
    expect(threads("8")).toBe(8);
    for (const bad of ["1e3", "0x10", "2.0", "2.5", "0", "-1", "", "Infinity", "99999999999999999999"]) {
      expect(() => threads(bad), bad).toThrow(/--threads must be a whole number >= 1 written in digits/);
    }
  });

  it("warns above the available cores, and refuses a concurrency above llama.cpp's 256 sequences", () => {
    expect(checkRunLimits({ threads: 2, usesJudge: true, cores: 2 })).toEqual([]);
    const [warning] = checkRunLimits({ threads: 1000, usesJudge: true, cores: 2 });
    expect(warning).toContain("--threads 1000 is more than the 2 cores available");
    expect(() => checkRunLimits({ concurrency: 100_000, usesJudge: true })).toThrow(
      /above llama\.cpp's limit of 256 parallel sequences/,
    );
    expect(llamaCppMaxSequences).toBe(256);
    expect(checkRunLimits({ concurrency: 100_000, usesJudge: false })).toEqual([]);
  });

  it("evaluate() refuses concurrency 0, -1, 2.5 and NaN naming the option", async () => {
    for (const concurrency of [0, -1, 2.5, Number.NaN]) {
      const error = await evaluate([{ response: "x" }], [new FakeMetric()], {
        concurrency,
        progress: "none",
      }).catch((e: unknown) => e);
      expect(error, String(concurrency)).toBeInstanceOf(InvalidInputError);
      expect((error as Error).message).toContain('evaluate option "concurrency" must be a whole number >= 1');
    }
  });

  it("the CLI exits 2 for --threads 1e3 and for --concurrency 100000 with a judge, before loading it", async () => {
    const dataset = writeDistinctRows(box.file("rows.jsonl"), 2);
    const base = [
      "eval",
      dataset,
      "--metrics",
      "faithfulness",
      "--llm",
      tinyGgufPath,
      "--out",
      box.file("r.jsonl"),
    ];
    const threads = await runCli([...base, "--threads", "1e3"], box.env);
    expect(threads.code).toBe(2);
    expect(threads.stderr).toContain('--threads must be a whole number >= 1 written in digits (got "1e3")');
    const sequences = await runCli([...base, "--concurrency", "100000"], box.env);
    expect(sequences.code).toBe(2);
    expect(sequences.stderr).toContain("llama.cpp's limit of 256 parallel sequences");
  });
});
