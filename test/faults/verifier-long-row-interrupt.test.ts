// Ctrl-C during one long verifier row, as a user presses it: a 1 MB response through verifier_faithfulness is
// about 18,000 sentences, tokenized and scored in over a thousand ONNX batches on the main thread (22-96 s for the
// row). Both Ctrl-C used to wait for the row to end. Now the work gives the event loop a turn between slices and
// batches: the first Ctrl-C prints its notice while the row is still in flight, and the second quits at once with
// exit code 130, the row not written (the documented behaviour). No time is asserted: that the big row's record is
// absent when each happens shows they happened mid-row.
import { writeFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { writeVerifierFixture } from "../../scripts/verifier-fixtures/index.js";
import { cliSandbox, recordLines, startCli, waitFor } from "../fixtures/cli/run-cli.js";

const box = cliSandbox("airgap-verifier-interrupt-");
afterAll(() => box.cleanup());

/** About `bytes` of sentences, each different, as a long generated answer would be. */
function longResponse(bytes: number): string {
  const words = [
    "Paris",
    "lies",
    "in",
    "France",
    "and",
    "rain",
    "falls",
    "on",
    "Oslo",
    "every",
    "day",
    "near",
    "the",
    "sea",
  ];
  const sentences: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i += 1) {
    const sentence = `Sentence ${i} says ${Array.from({ length: 10 }, (_, k) => words[(i * 7 + k * 3) % words.length]).join(" ")}.`;
    sentences.push(sentence);
    size += sentence.length + 1;
  }
  return sentences.join(" ");
}

describe("Ctrl-C in a 1 MB verifier_faithfulness row", { timeout: 240_000 }, () => {
  it("the first Ctrl-C is told while the row runs, the second quits at once with 130", async () => {
    const verifier = box.file("nli");
    await writeVerifierFixture(verifier, "nli");
    const contexts = ["Paris is the capital of France. Oslo is a rainy city by the sea."];
    const dataset = box.file("long.jsonl");
    writeFileSync(
      dataset,
      `${[
        {
          user_input: "Tell me about Paris.",
          response: longResponse(1_000_000),
          retrieved_contexts: contexts,
        },
        { user_input: "Where is Paris?", response: "Paris is in France.", retrieved_contexts: contexts },
      ]
        .map((row) => JSON.stringify(row))
        .join("\n")}\n`,
    );
    const out = box.file("long-results.jsonl");
    const run = startCli(
      [
        "eval",
        dataset,
        "--metrics",
        "verifier_faithfulness",
        "--metric-option",
        `verifier_faithfulness.verifier=${verifier}`,
        "--concurrency",
        "1",
        "--out",
        out,
        "--no-cache",
      ],
      box.env,
    );
    await waitFor(() => run.output.stderr.includes("evaluating 2 rows"), "the rows to start", 120_000);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const bigRowWritten = () => recordLines(out).some((r) => r.row === 0);
    expect(bigRowWritten()).toBe(false);

    run.child.kill("SIGINT");
    await waitFor(
      () => run.output.stderr.includes("stopping: finishing the rows in flight"),
      "the first Ctrl-C's notice",
      120_000,
    );
    expect(bigRowWritten()).toBe(false);

    run.child.kill("SIGINT");
    const result = await run.done;
    expect(result.code, result.stderr).toBe(130);
    expect(result.stderr).toContain("quitting at once; rows in flight are lost");
    expect(bigRowWritten()).toBe(false);
  });
});
