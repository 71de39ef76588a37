// The verifiers bench section's pieces: its generated-model cache (fp32 and int8), the disjoint rows of its judged
// parts, and its Markdown (the section itself runs real-size models for minutes:
// `npm run bench -- --only verifiers --quick`).
import { statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { benchVerifierDir } from "../bench/lib/verifier-models.js";
import type { JudgeWork, VerifierTiming } from "../bench/lib/verifiers-report.js";
import {
  formatVerifiers,
  judgedRanges,
  RECORDED_THREE_JUDGE_SECONDS,
  type VerifiersResult,
} from "../bench/verifiers.js";
import { loadVerifier, VerifierContextRelevance } from "../src/index.js";

const machine = {
  cpus: 2,
  cpuModel: "cpu",
  memoryMb: 1,
  platform: "linux",
  arch: "x64",
  osRelease: "",
  node: "",
  loadAverage: 1,
};
const work = (generatedTokensPerRow: number, memoHits = 0): JudgeWork => ({
  calls: 3,
  memoHits,
  generatedTokensPerRow,
  evaluatedPromptTokensPerRow: 900,
});
const timing = (
  model: string,
  precision: "fp32" | "int8",
  secondsPerRow: number,
  ratio: number,
): VerifierTiming => ({
  metric: "verifier_faithfulness",
  model,
  family: model.split(" ")[0]!,
  size: model.includes("bert-base") ? "bert-base" : "minilm-l6",
  precision,
  rows: { first: 0, count: 8 },
  secondsPerRow,
  meanSecondsPerRow: secondsPerRow,
  seconds: Array(8).fill(secondsPerRow),
  ok: 8,
  errors: 0,
  ratio,
});

function result(baseline: VerifiersResult["triad"]["baseline"]): VerifiersResult {
  return {
    section: "verifiers",
    machine,
    runtimeVersions: {},
    threads: 2,
    judge: { model: "proxy.gguf", sha256: "a".repeat(64), maxTokens: 512, retryFactor: 4, loadSeconds: 1 },
    faithfulness: {
      judge: {
        metric: "faithfulness",
        model: "proxy.gguf",
        rows: { first: 0, count: 1 },
        secondsPerRow: 30,
        meanSecondsPerRow: 30,
        seconds: [30],
        ok: 1,
        errors: 0,
        work: work(100),
      },
      verifiers: [
        timing("consistency bert-base", "fp32", 1, 30),
        timing("consistency bert-base", "int8", 0.5, 60),
        timing("nli minilm-l6", "int8", 0.1, 300),
      ],
      goal: 50,
    },
    triad: {
      faithfulnessVerifier: "consistency bert-base int8",
      contextRelevanceVerifier: "relevance minilm-l6 int8",
      verifiersSecondsPerRow: 0.21,
      runs: [
        {
          strictness: 3,
          rows: { first: 1, count: 3 },
          secondsPerRow: 8.5,
          ok: 9,
          errors: 0,
          judge: work(120),
        },
        {
          strictness: 1,
          rows: { first: 1, count: 3 },
          secondsPerRow: 2.5,
          ok: 9,
          errors: 0,
          judge: work(40),
        },
      ],
      goalSeconds: 3,
      baseline,
    },
    loadAverageAtEnd: 2,
  };
}

describe("bench verifiers section", () => {
  it("writes a generated verifier once into the bench's models folder, and it scores through the public metric", async () => {
    const dir = await benchVerifierDir("relevance", "tiny");
    expect(dir).toMatch(/\.test-models[\\/]verifiers[\\/]relevance-tiny$/);
    const onnx = path.join(dir, "onnx", "model.onnx");
    const written = statSync(onnx).mtimeMs;
    expect(await benchVerifierDir("relevance", "tiny")).toBe(dir);
    expect(statSync(onnx).mtimeMs).toBe(written);
    const metric = new VerifierContextRelevance({ verifier: dir, threads: 1 });
    const r = await metric.score({
      userInput: "Where is Paris?",
      retrievedContexts: ["Paris is in France."],
    });
    expect(r.status).toBe("ok");
    expect(r.value).toBeGreaterThanOrEqual(0);
  });

  it("keeps the int8 verifier in its own directory, holding only onnx/model_quantized.onnx, and the loader runs it", async () => {
    const dir = await benchVerifierDir("relevance", "tiny", "int8");
    expect(dir).toMatch(/\.test-models[\\/]verifiers[\\/]relevance-tiny-int8$/);
    const onnx = path.join(dir, "onnx", "model_quantized.onnx");
    const written = statSync(onnx).mtimeMs;
    expect(await benchVerifierDir("relevance", "tiny", "int8")).toBe(dir);
    expect(statSync(onnx).mtimeMs).toBe(written);
    expect(() => statSync(path.join(dir, "onnx", "model.onnx"))).toThrow();
    const verifier = await loadVerifier(dir);
    expect(verifier.identity.task).toBe("relevance");
    await verifier.close();
  });

  it("gives each judged part rows no earlier part scored, and refuses more rows than the dataset has", () => {
    expect(judgedRanges({ judge: 1, triad: 3, baseline: 1 }, 20)).toEqual({
      judge: { first: 0, count: 1 },
      triad: { first: 1, count: 3 },
      baseline: { first: 4, count: 1 },
    });
    expect(() => judgedRanges({ judge: 10, triad: 8, baseline: 5 }, 20)).toThrow(
      /need 23 distinct rows \(judge 10, triad 8, baseline 5\) but examples\/rag-eval\.jsonl has 20/,
    );
  });

  it("prints each verifier's precision and ratio against the goal, both triad runs, and a recorded baseline as recorded", () => {
    const text = formatVerifiers(result({ source: "recorded", secondsPerRow: RECORDED_THREE_JUDGE_SECONDS }));
    expect(text).toContain(
      "| verifier_faithfulness | consistency bert-base | fp32 | 8 | 1.000 | 1.000 | 30.00× | no | 0 |",
    );
    expect(text).toContain(
      "| verifier_faithfulness | consistency bert-base | int8 | 8 | 0.500 | 0.500 | 60.00× | yes | 0 |",
    );
    expect(text).toContain(
      "| verifier_faithfulness | nli minilm-l6 | int8 | 8 | 0.100 | 0.100 | 300.00× | yes | 0 |",
    );
    expect(text).toContain("| faithfulness (judge) | proxy.gguf | GGUF as named | 1 | 30.0 | 30.0 | 1.00× |");
    expect(text).toContain("| 3 | rows 2–4 | 8.50 | no | 120 | 900 | 3 (0) | 0 |");
    expect(text).toContain("| 1 | rows 2–4 | 2.50 | yes | 40 | 900 | 3 (0) | 0 |");
    expect(text).toContain("verifier_faithfulness (consistency bert-base int8)");
    expect(text).toContain("The two verifiers alone take 0.21 s per row on the triad's rows");
    expect(text).toContain(
      "the judge's: row 1, from a cold start, in 30.0 s (the first reads its whole prompt",
    );
    expect(text).toContain("RECORDED estimate");
    expect(text).toContain("| 20.0 |");
  });

  it("prints a measured baseline with its rows, generated tokens and memo hits", () => {
    const text = formatVerifiers(
      result({
        source: "measured",
        rows: { first: 4, count: 1 },
        secondsPerRow: 19.25,
        ok: 3,
        errors: 0,
        judge: work(150),
      }),
    );
    expect(text).toContain(
      "| three judge metrics (faithfulness, context_relevance, answer_relevancy), measured | 3 | row 5 | 19.25 | – | 150 | 900 | 3 (0) | 0 |",
    );
    expect(text).not.toContain("RECORDED");
  });
});
