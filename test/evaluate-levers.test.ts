// Every performance lever of a run — prompt-prefix reuse, the judge's answer memo, parallel sequences
// with concurrent rows, the embedding memo, and batching embeddings across rows — must leave every
// row's result unchanged: same status, value, reason and details. Checked on the seed judge metrics
// with the real runtimes (stories260K when AIRGAP_EVAL_TEST_GGUF is set, else the tiny GGUF).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BatchingEmbeddings } from "../src/embeddings/batching-embeddings.js";
import { TransformersEmbeddings, type TransformersEmbeddingsOptions } from "../src/embeddings/index.js";
import type { Embeddings } from "../src/embeddings/types.js";
import { evaluate } from "../src/evaluate/evaluate.js";
import { AnswerRelevancy, ContextRelevance, Faithfulness, SemanticSimilarity } from "../src/index.js";
import { LlamaCppLlm, type LlamaCppLlmOptions } from "../src/llm/index.js";
import { extraGgufPath, repoRoot, starterModelDir, tinyGgufPath } from "./setup/paths.js";

const judgePath = extraGgufPath ?? tinyGgufPath;
const rows = readFileSync(path.join(repoRoot, "examples", "rag-eval.jsonl"), "utf8")
  .trim()
  .split("\n")
  .slice(0, 5)
  .map((line) => JSON.parse(line) as Record<string, unknown>);
rows.push(rows[0]!); // a repeated row: the memos answer it

interface Levers {
  llm: Partial<LlamaCppLlmOptions>;
  embeddings: Partial<TransformersEmbeddingsOptions>;
  batching: boolean;
  concurrency: number;
}

const allOff: Levers = {
  llm: { reusePromptPrefix: false, memoSize: 0, sequences: 1 },
  embeddings: { memoSize: 0 },
  batching: false,
  concurrency: 1,
};

async function run(levers: Levers) {
  const llm = await LlamaCppLlm.load({
    modelPath: judgePath,
    threads: 1,
    contextSize: 2048,
    maxTokens: 128,
    ...levers.llm,
  });
  const encoder = await TransformersEmbeddings.load({ model: starterModelDir, ...levers.embeddings });
  const embeddings: Embeddings = levers.batching ? new BatchingEmbeddings(encoder) : encoder;
  try {
    const result = await evaluate(
      rows,
      [
        new Faithfulness({ llm }),
        new AnswerRelevancy({ llm, embeddings }),
        new ContextRelevance({ llm }),
        new SemanticSimilarity({ embeddings }),
      ],
      { concurrency: levers.concurrency, progress: "none" },
    );
    const outcomes = result.records
      .map(({ row, metric, result: r }) => ({ row, metric, ...r }))
      .sort((a, b) => a.row - b.row || a.metric.localeCompare(b.metric));
    return { outcomes, llm: llm.stats(), embeddings: encoder.stats() };
  } finally {
    await llm.dispose();
    await encoder.dispose();
  }
}

describe(`performance levers leave results unchanged (judge ${path.basename(judgePath)})`, () => {
  let baseline: Awaited<ReturnType<typeof run>>;

  it("runs the baseline with every lever off", async () => {
    baseline = await run(allOff);
    expect(baseline.outcomes).toHaveLength(rows.length * 4);
    expect(baseline.llm.evaluatedPromptTokens).toBe(baseline.llm.promptTokens);
    expect(baseline.llm.memoHits).toBe(0);
    expect(baseline.embeddings.memoHits).toBe(0);
    // Not a vacuous comparison: the judge metrics produced numbers on some rows.
    expect(
      baseline.outcomes.some((o) => o.metric !== "semantic_similarity" && typeof o.value === "number"),
    ).toBe(true);
  });

  const variants: Array<[string, Levers, (r: Awaited<ReturnType<typeof run>>) => void]> = [
    [
      "prompt-prefix reuse",
      { ...allOff, llm: { ...allOff.llm, reusePromptPrefix: true } },
      (r) => expect(r.llm.evaluatedPromptTokens).toBeLessThan(r.llm.promptTokens / 2),
    ],
    [
      "judge answer memo",
      { ...allOff, llm: { ...allOff.llm, memoSize: 1024 } },
      (r) => expect(r.llm.memoHits).toBeGreaterThan(0),
    ],
    [
      "two sequences and two rows at once",
      { ...allOff, llm: { ...allOff.llm, sequences: 2 }, concurrency: 2 },
      (r) => expect(r.llm.calls).toBe(baseline.llm.calls),
    ],
    [
      "embedding memo",
      { ...allOff, embeddings: { memoSize: 4096 } },
      (r) => expect(r.embeddings.memoHits).toBeGreaterThan(0),
    ],
    [
      "batching embeddings across rows",
      { ...allOff, batching: true, concurrency: 3 },
      (r) => expect(r.embeddings.batches).toBeLessThan(baseline.embeddings.batches),
    ],
    [
      "every lever at once (the defaults, two sequences)",
      { llm: { sequences: 2 }, embeddings: {}, batching: true, concurrency: 2 },
      (r) => {
        expect(r.llm.evaluatedPromptTokens).toBeLessThan(r.llm.promptTokens * 0.75);
        expect(r.llm.memoHits + r.embeddings.memoHits).toBeGreaterThan(0);
      },
    ],
  ];

  it.each(variants)("%s", async (_name, levers, checkLeverWorked) => {
    expect(baseline, "the baseline test must run first").toBeDefined();
    const result = await run(levers);
    expect(result.outcomes).toEqual(baseline.outcomes);
    checkLeverWorked(result);
  });
});
