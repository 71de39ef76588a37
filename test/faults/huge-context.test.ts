// Failure 1 of the hostile trial (issue 19): a 5 MB context made context_relevance run for minutes
// (quadratic sentence splitting) with the main thread blocked, so Ctrl-C did nothing.
import { writeFileSync } from "node:fs";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ContextOverflowError } from "../../src/errors.js";
import { LlamaCppLlm } from "../../src/llm/llama-cpp-llm.js";
import { judgeWithSplitting, type TextPart } from "../../src/metrics/shared/judge/split.js";
import { cliSandbox, startCli, waitFor } from "../fixtures/cli/run-cli.js";
import { tinyGgufPath } from "../setup/paths.js";

/** `chars` characters of distinct sentences (distinct, so no cache or memo answers a repeated part). */
function bigContext(chars: number): string {
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < chars; i++) {
    const sentence = `Plant number ${i} turns light, water and carbon dioxide into sugar. `;
    parts.push(sentence);
    length += sentence.length;
  }
  return parts.join("").slice(0, chars);
}

/** Splits `text` with a fake judge that takes at most `limit` characters; counts characters given to Intl.Segmenter. */
async function splitCounting(text: string, limit: number) {
  let segmented = 0;
  let largest = 0;
  const original = Intl.Segmenter.prototype.segment;
  const spy = vi.spyOn(Intl.Segmenter.prototype, "segment").mockImplementation(function (
    this: Intl.Segmenter,
    input: string,
  ) {
    segmented += input.length;
    largest = Math.max(largest, input.length);
    return original.call(this, input);
  });
  try {
    let calls = 0;
    const outcome = await judgeWithSplitting([text], "contexts", async (parts: TextPart[]) => {
      calls++;
      const size = parts.reduce((n, p) => n + p.text.length, 0);
      if (size > limit) throw new ContextOverflowError("too long", size, limit);
      return size;
    });
    return { outcome, segmented, largest, calls };
  } finally {
    spy.mockRestore();
  }
}

afterEach(() => vi.restoreAllMocks());

describe("splitting a huge context", { timeout: 120_000 }, () => {
  it("splits 5 MB at sentence boundaries, losing nothing, with work proportional to the text", async () => {
    const small = await splitCounting(bigContext(1_250_000), 8_000);
    const large = await splitCounting(bigContext(5_000_000), 8_000);

    const parts = large.outcome.results.flatMap((r) => r.parts);
    expect(parts.map((p) => p.text).join("")).toBe(bigContext(5_000_000));
    for (const r of large.outcome.results) expect(r.value).toBeLessThanOrEqual(8_000);
    expect(large.outcome.cuts.sentence).toBeGreaterThan(600);
    expect(large.outcome.cuts.word + large.outcome.cuts.character).toBe(0);

    // Each cut looks at a window near the middle, never at the whole text.
    expect(large.largest).toBeLessThanOrEqual(4_096);
    // 4x the text: about 4x the characters segmented and the judge calls (quadratic would be 16x).
    const segmentedRatio = large.segmented / small.segmented;
    const callRatio = large.calls / small.calls;
    expect(segmentedRatio).toBeGreaterThan(3);
    expect(segmentedRatio).toBeLessThan(5.5);
    expect(callRatio).toBeGreaterThan(3);
    expect(callRatio).toBeLessThan(5.5);
  });

  it("a text with no sentence boundary or space is still cut in linear work", async () => {
    const small = await splitCounting("x".repeat(500_000), 8_000);
    const large = await splitCounting("x".repeat(2_000_000), 8_000);
    expect(large.outcome.cuts.character).toBeGreaterThan(0);
    expect(large.outcome.results.flatMap((r) => r.parts).reduce((n, p) => n + p.text.length, 0)).toBe(
      2_000_000,
    );
    expect(large.segmented / small.segmented).toBeLessThan(5.5);
  });

  it("the GGUF judge refuses a 5 MB prompt after tokenizing a bounded prefix, not the whole input", async () => {
    const llm = await LlamaCppLlm.load({ modelPath: tinyGgufPath, contextSize: 512 });
    try {
      const tokenized: number[] = [];
      const count = llm.countTokens.bind(llm);
      vi.spyOn(llm, "countTokens").mockImplementation((text: string) => {
        tokenized.push(text.length);
        return count(text);
      });
      const prompt = {
        name: "p",
        version: "1",
        system: "Judge.",
        examples: [],
        input: bigContext(5_000_000),
      };
      const error = await llm.generateObject(prompt, z.object({ ok: z.boolean() })).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ContextOverflowError);
      expect((error as Error).message).toMatch(/of 5000000 input characters alone/);
      const total = tokenized.reduce((a, b) => a + b, 0);
      expect(total).toBeLessThan(100_000);
    } finally {
      await llm.dispose();
    }
  });
});

describe("Ctrl-C during a huge-context row", { timeout: 300_000 }, () => {
  const box = cliSandbox("airgap-faults-huge-");
  afterAll(() => box.cleanup());

  it("the first SIGINT is handled while the row runs, the second ends the run with exit 130", async () => {
    const dataset = box.file("huge.jsonl");
    const row = {
      user_input: "What do plants make from light?",
      retrieved_contexts: [bigContext(5_000_000)],
    };
    writeFileSync(dataset, `${JSON.stringify(row)}\n`);
    const out = box.file("huge-results.jsonl");
    const args = ["eval", dataset, "--metrics", "context_relevance", "--llm", tinyGgufPath, "--out", out];
    const run = startCli([...args, "--no-cache"], box.env);
    await waitFor(() => run.output.stderr.includes("evaluating 1 row"), "the run to start", 120_000);
    // Let the row get into its judge calls and splitting.
    await new Promise((r) => setTimeout(r, 1_000));
    run.child.kill("SIGINT");
    // Handled while the 5 MB row is in flight: the event loop is not blocked by splitting or tokenizing.
    await waitFor(() => run.output.stderr.includes("stopping:"), "the first Ctrl-C notice", 5_000);
    run.child.kill("SIGINT");
    const result = await run.done;
    expect(result.code, result.stderr).toBe(130);
    expect(result.stderr).toContain("quitting at once");
  });
});
