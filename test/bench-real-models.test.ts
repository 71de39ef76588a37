// The real-models bench section's pieces: which judge metrics it times, its skip line without the models, and its
// goals table (the section itself runs the real judges for minutes: `npm run bench -- --only real --quick`).
import { describe, expect, it } from "vitest";
import { exampleRows } from "../bench/lib/dataset.js";
import type { JudgeWork } from "../bench/lib/judge-work.js";
import { judgeMetricIds, makeJudgeMetric, TRIAD } from "../bench/lib/real-judge-metrics.js";
import { formatRealModels, REAL_MODEL_ENV, type RealModelsResult } from "../bench/real-models.js";
import type { LlamaCppLlm } from "../src/llm/llama-cpp-llm.js";
import { benchOutputWithout } from "./support/bench-script.js";

/** Work per row: `calls` calls of 500 prompt tokens (100 evaluated), `generated` answer tokens. */
const work = (calls: number, generated: number): JudgeWork => ({
  calls,
  promptTokens: 500 * calls,
  evaluatedPromptTokens: 100 * calls,
  reusedPromptTokens: 400 * calls,
  completionTokens: generated,
  prefilledTokens: 0,
});

describe("bench real-models", () => {
  it("times every built-in judge metric that scores a RAG row, the triad first, each buildable", () => {
    const ids = judgeMetricIds(exampleRows());
    expect(ids.slice(0, 3)).toEqual([...TRIAD]);
    expect(ids).toEqual(
      expect.arrayContaining(["context_precision", "aspect_critic", "g_eval", "nv_accuracy"]),
    );
    expect(ids).not.toContain("turn_relevancy"); // conversations only
    expect(ids).not.toContain("llm_evaluator");
    const llm = {
      id: "fake",
      generateObject: async () => ({}),
      provenance: () => ({}),
    } as unknown as LlamaCppLlm;
    const embeddings = { id: "fake", embed: async () => [], provenance: () => ({}) } as never;
    for (const id of ids) expect(makeJudgeMetric(id, { llm, embeddings }).score).toBeTypeOf("function");
  });

  it("prints one line and exits 0 when the real models are not configured", () => {
    const out = benchOutputWithout("bench/real-models.ts", Object.values(REAL_MODEL_ENV));
    expect(out.trim().split("\n")).toHaveLength(1);
    expect(out).toContain("AIRGAP_EVAL_REAL_JUDGE");
  });

  it("prints each goal with the measured figure and met or not met", () => {
    const result: RealModelsResult = {
      section: "real",
      threads: 2,
      loadAverage: { start: [15, 14, 13], end: [16, 15, 14] },
      startedAt: "2026-12-07T00:00:00Z",
      runtimes: {},
      timings: [
        {
          metric: "faithfulness",
          judge: "SmolLM2-135M-Instruct Q4_1",
          rows: 2,
          secondsPerRow: 1.5,
          work: work(2, 120),
          errors: 0,
        },
      ],
      triad: [
        {
          judge: "SmolLM2-135M-Instruct Q4_1",
          rows: 2,
          passes: [
            { variant: "A", tag: "t0", seconds: 5, work: work(4, 300), errors: 0 },
            { variant: "B", tag: "t1", seconds: 3, work: work(4, 100), errors: 0 },
          ],
          variants: [
            {
              variant: "A",
              label: "defaults",
              secondsPerRow: 4,
              work: work(4, 300),
              steps: [{ step: "faithfulness/verdicts", work: work(1, 120) }],
            },
            { variant: "B", label: "prefill", secondsPerRow: 2.5, work: work(4, 100), steps: [] },
          ],
          scores: { compared: 6, equal: 5, differing: ["t0 row 1 faithfulness: A ok 1, B ok 0.5"] },
        },
      ],
      grammar: [
        {
          judge: "Gemma-3-270M Q4_K_M",
          threads: 2,
          rounds: 2,
          vocabularySize: 262_144,
          grammarBuildSeconds: 0.001,
          rows: [],
          total: { secondsWith: 10, secondsWithout: 7, tokens: 100, share: 0.3 },
        },
      ],
    };
    const text = formatRealModels(result);
    expect(text).toMatch(
      /RAG triad, SmolLM2-135M-Instruct, A: defaults \| 4\.00 s\/row at 2 threads \| ≤ 3 s\/row \| not met/,
    );
    expect(text).toMatch(
      /RAG triad, SmolLM2-135M-Instruct, B: prefill \| 2\.50 s\/row at 2 threads \| ≤ 3 s\/row \| met/,
    );
    // B ÷ A: seconds, then calls, prompt, evaluated, reused, generated, plan tokens.
    expect(text).toContain(
      "| SmolLM2-135M-Instruct Q4_1 | B ÷ A | 0.63× | 1.00× | 1.00× | 1.00× | 1.00× | 0.33× | – |",
    );
    expect(text).toContain(
      "| SmolLM2-135M-Instruct Q4_1 | A | faithfulness/verdicts | 1.0 | 500 | 100 | 400 | 120 | 0 |",
    );
    expect(text).toContain(
      "Scores equal in A and B: 5 of 6 row × metric (differing: t0 row 1 faithfulness: A ok 1, B ok 0.5)",
    );
    expect(text).toMatch(/Gemma-3-270M Q4_K_M \(262,144 tokens\) \| 30\.0% .*\| not met/);
    expect(text).toContain("15, 14, 13 at start");
  });
});
