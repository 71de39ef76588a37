// The verifiers bench section's pieces: its generated-model cache and its Markdown (the section itself runs real-size
// models for minutes: `npm run bench -- --only verifiers --quick`).
import { statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { benchVerifierDir } from "../bench/lib/verifier-models.js";
import { formatVerifiers, RECORDED_THREE_JUDGE_SECONDS, type VerifiersResult } from "../bench/verifiers.js";
import { VerifierContextRelevance } from "../src/index.js";

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

  it("prints the per-row ratio against the goal and labels a recorded baseline as recorded", () => {
    const timed = (model: string, secondsPerRow: number) => ({
      label: "x",
      metric: model.includes("gguf") ? "faithfulness" : "verifier_faithfulness",
      model,
      rows: 4,
      secondsPerRow,
      meanSecondsPerRow: secondsPerRow,
      ok: 4,
      errors: 0,
    });
    const result: VerifiersResult = {
      section: "verifiers",
      machine: {
        cpus: 2,
        cpuModel: "cpu",
        memoryMb: 1,
        platform: "linux",
        arch: "x64",
        osRelease: "",
        node: "",
        loadAverage: 1,
      },
      runtimeVersions: {},
      threads: 2,
      judge: { model: "proxy.gguf", sha256: "a".repeat(64), maxTokens: 512, retryFactor: 4, loadSeconds: 1 },
      faithfulness: {
        judge: { ...timed("proxy.gguf", 30), generatedTokensPerRow: 100, evaluatedPromptTokensPerRow: 900 },
        verifiers: [timed("consistency bert-base", 1), timed("nli minilm-l6", 0.1)],
        ratios: [
          { model: "consistency bert-base", ratio: 30 },
          { model: "nli minilm-l6", ratio: 300 },
        ],
        goal: 50,
      },
      triad: {
        rows: 1,
        secondsPerRow: 2.5,
        ok: 3,
        errors: 0,
        goalSeconds: 3,
        baseline: { secondsPerRow: RECORDED_THREE_JUDGE_SECONDS, source: "recorded", rows: 0, errors: 0 },
      },
      loadAverageAtEnd: 2,
    };
    const text = formatVerifiers(result);
    expect(text).toContain(
      "| verifier_faithfulness | consistency bert-base | 4 | 1.000 | 1.000 | 30.00× | no |",
    );
    expect(text).toContain("| verifier_faithfulness | nli minilm-l6 | 4 | 0.100 | 0.100 | 300.00× | yes |");
    expect(text).toMatch(/\| 1 \| 2\.50 \| yes \|/);
    expect(text).toContain("RECORDED estimate");
    expect(text).toContain("| 20.0 |");
  });
});
