// `--context-size` as a user meets it: a judge whose window is too small for answer relevancy's prompt records a
// row error naming the exact flags that fix it, the window is recorded in the results' config, and the printed
// --metric-option flag, run as printed, makes the prompt fit.
import { writeFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { cliSandbox, exampleRows, recordLines, resultsLines, runCli } from "./fixtures/cli/run-cli.js";
import { tinyGgufPath } from "./setup/paths.js";

const box = cliSandbox("airgap-context-size-");
afterAll(() => box.cleanup());

function errorOf(record: Record<string, unknown>): string {
  return String((record.result as { error?: string }).error ?? "");
}

describe("eval --context-size", () => {
  it("an overflow names --context-size N and --metric-option <metric>.maxTokens=M; the printed flag fixes it", async () => {
    const dataset = box.file("one.jsonl");
    writeFileSync(dataset, `${JSON.stringify(exampleRows()[0])}\n`);
    const base = [
      "eval",
      dataset,
      "--metrics",
      "answer_relevancy",
      "--llm",
      tinyGgufPath,
      "--no-cache",
      "--quiet",
    ];
    const small = box.file("small.jsonl");
    // The tiny judge's byte-level tokenizer makes the prompt about 1900 tokens: 2304 leaves less than the 512-token budget.
    const first = await runCli([...base, "--context-size", "2304", "--out", small], box.env);
    expect(first.code, first.stderr).toBe(1);
    const header = resultsLines(small)[0] as { metadata: { metrics: Record<string, { models: unknown[] }> } };
    expect(header.metadata.metrics.answer_relevancy!.models[0]).toMatchObject({
      settings: { contextSize: 2304 },
    });
    const error = errorOf(recordLines(small)[0]!);
    expect(error).toMatch(/^ContextOverflowError: /);
    const fix =
      /To fix it: pass --context-size (\d+), or --metric-option answer_relevancy\.maxTokens=(\d+), or shorten the input\.$/.exec(
        error,
      );
    expect(fix, error).not.toBeNull();
    expect(Number(fix![1]) % 1024).toBe(0);
    expect(error).not.toMatch(/contextSize|LlamaCppLlm/);
    expect(first.stdout).toContain(`--context-size ${fix![1]}`);

    const fixed = box.file("fixed.jsonl");
    const second = await runCli(
      [
        ...base,
        "--context-size",
        "2304",
        "--metric-option",
        `answer_relevancy.maxTokens=${fix![2]}`,
        "--out",
        fixed,
      ],
      box.env,
    );
    expect(second.stderr).not.toMatch(/unknown|invalid/i);
    expect(errorOf(recordLines(fixed)[0]!)).not.toMatch(/ContextOverflowError/);
  });

  it("--context-size must be a whole number", async () => {
    const bad = await runCli(["eval", "--example", "--context-size", "big"], box.env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--context-size must be a whole number >= 1/);
  });
});
