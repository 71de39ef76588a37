// A judge that fails every row the same way (responses too long for its context window, each by its own
// number of characters and tokens) prints the error once with its rows, at the end of a run and of an
// interrupted run alike, through the spawned CLI with the tiny GGUF judge.
import { writeFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { cliSandbox, recordLines, runCli, startCli, waitFor } from "./fixtures/cli/run-cli.js";
import { tinyEncoderDir, tinyGgufPath } from "./setup/paths.js";

const box = cliSandbox("airgap-cli-grouped-");
afterAll(() => box.cleanup());

/** Rows whose responses (5,400 characters and more, of 20 lengths) no tiny judge context holds. */
function longRows(file: string, rows: number): string {
  const lines = Array.from({ length: rows }, (_, i) =>
    JSON.stringify({
      user_input: `Question ${i}: what is it?`,
      response: `word${i % 10} `.repeat(900 + 50 * (i % 20)),
      retrieved_contexts: ["ctx"],
    }),
  );
  writeFileSync(file, `${lines.join("\n")}\n`);
  return file;
}

const args = (dataset: string, out: string) => [
  "eval",
  dataset,
  "-m",
  "answer_relevancy",
  "--llm",
  tinyGgufPath,
  "--embeddings",
  tinyEncoderDir,
  "-o",
  out,
  "--no-cache",
];

describe("identical errors in the terminal", { timeout: 300_000 }, () => {
  it("a finished run prints the error once, with its rows and the range of its numbers", async () => {
    const result = await runCli(
      [...args(longRows(box.file("long.jsonl"), 6), box.file("long-out.jsonl")), "-q"],
      box.env,
    );
    expect(result.code, result.stderr).toBe(1);
    expect(result.stdout.match(/does not fit the judge's context window/g)).toHaveLength(1);
    expect(result.stdout).toMatch(
      /^answer_relevancy: 6 errors on rows 0–5 \(6 rows\): ContextOverflowError: the response \(5400–6900 characters\) does not fit/m,
    );
  });

  it("an interrupted run's summary groups them the same way", async () => {
    const out = box.file("stopped-out.jsonl");
    const run = startCli(args(longRows(box.file("stopped.jsonl"), 600), out), box.env);
    await waitFor(() => recordLines(out).length >= 2, "two records");
    run.child.kill("SIGINT");
    const result = await run.done;
    expect(result.code, result.stderr).toBe(130);
    const failed = recordLines(out).length;
    expect(failed).toBeLessThan(600);
    expect(result.stdout.match(/does not fit the judge's context window/g)).toHaveLength(1);
    expect(result.stdout).toMatch(
      new RegExp(
        `^answer_relevancy: ${failed} errors on rows 0–${failed - 1} \\(${failed} rows\\): ContextOverflowError`,
        "m",
      ),
    );
    expect(result.stderr).toContain("Resume with:");
  });
});
