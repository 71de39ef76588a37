// The package's vectors for the real all-MiniLM-L6-v2 (int8 and fp32 ONNX) against Python's own stacks on 200 varied
// sentences (test/support/varied-sentences.ts): onnxruntime + tokenizers on the same ONNX file, and
// sentence-transformers on the PyTorch weights the fp32 file was exported from (scripts/real-models/
// sentence_vectors.py, run in the real-models virtualenv). Both sides truncate at 256 tokens, mean-pool and
// normalise. Cosine >= 0.9999 per sentence; the int8 file's cosine to sentence-transformers is reported, not held
// to that bar (quantization moves it).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TransformersEmbeddings } from "../../src/embeddings/transformers-embeddings.js";
import { cosineSimilarity } from "../../src/math/cosine.js";
import { repoRoot } from "../setup/paths.js";
import { realModelPath, skipWithoutRealModels } from "../support/real-models.js";
import { variedSentences } from "../support/varied-sentences.js";

const BAR = 0.9999;
const MAX_LENGTH = 256;
const texts = variedSentences();

interface PythonVectors {
  versions: Record<string, string>;
  onnxruntime?: number[][];
  sentenceTransformers?: number[][];
}

function pythonVectors(args: readonly string[]): PythonVectors {
  const python = path.join(realModelPath("venv"), "bin", "python");
  const script = path.join(repoRoot, "scripts", "real-models", "sentence_vectors.py");
  const run = spawnSync(python, [script, "--max-length", String(MAX_LENGTH), ...args], {
    input: JSON.stringify(texts),
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, TQDM_DISABLE: "1" },
  });
  if (run.status !== 0) {
    throw new Error(
      `${script} failed (exit ${run.status}${run.error ? `, ${run.error.message}` : ""}); the real-models ` +
        `virtualenv needs onnxruntime, tokenizers, sentence-transformers and torch:\n${run.stderr}`,
    );
  }
  return JSON.parse(run.stdout) as PythonVectors;
}

async function ourVectors(dir: string, quantized: boolean): Promise<Float32Array[]> {
  await using embeddings = await TransformersEmbeddings.load({
    model: dir,
    quantized,
    pooling: "mean",
    normalize: true,
    maxLength: MAX_LENGTH,
    longText: "truncate",
  });
  return await embeddings.embed(texts);
}

/** Per-sentence cosines of two vector lists, and the sentences under the bar (index, cosine, start of the text). */
function compare(ours: readonly Float32Array[], theirs: readonly number[][] | undefined) {
  expect(theirs).toHaveLength(ours.length);
  const cosines = ours.map((v, i) => cosineSimilarity(v, theirs?.[i] ?? []));
  const below = cosines
    .map((cosine, i) => ({ i, cosine, text: (texts[i] ?? "").slice(0, 60) }))
    .filter((c) => !(c.cosine >= BAR));
  return { min: Math.min(...cosines), below };
}

const skip = skipWithoutRealModels("real-models/minilm-vectors", [
  "minilmInt8",
  "minilmFp32",
  "venv",
  "minilmTorch",
]);

describe.skipIf(skip)(
  "all-MiniLM-L6-v2 vectors against Python's onnxruntime and sentence-transformers",
  () => {
    let int8: Float32Array[];
    let fp32: Float32Array[];
    let int8Python: PythonVectors;
    let fp32Python: PythonVectors;

    beforeAll(async () => {
      expect(texts).toHaveLength(200);
      int8 = await ourVectors(realModelPath("minilmInt8"), true);
      fp32 = await ourVectors(realModelPath("minilmFp32"), false);
      int8Python = pythonVectors([
        "--onnx",
        realModelPath("minilmInt8"),
        "--onnx-file",
        "model_quantized.onnx",
      ]);
      fp32Python = pythonVectors([
        "--onnx",
        realModelPath("minilmFp32"),
        "--onnx-file",
        "model.onnx",
        "--sentence-transformers",
        realModelPath("minilmTorch"),
      ]);
    }, 600_000);

    afterAll(() => {
      if (fp32Python !== undefined)
        console.info(`minilm-vectors: Python side ${JSON.stringify(fp32Python.versions)}`);
    });

    it("int8: equal to onnxruntime + tokenizers on the same file (cosine >= 0.9999 per sentence)", () => {
      const { min, below } = compare(int8, int8Python.onnxruntime);
      console.info(`minilm-vectors: int8 vs onnxruntime: lowest cosine ${min}`);
      expect(below).toEqual([]);
    });

    it("int8: its cosine to sentence-transformers on the PyTorch weights, reported", () => {
      const { min, below } = compare(int8, fp32Python.sentenceTransformers);
      console.info(
        `minilm-vectors: int8 vs sentence-transformers (fp32 PyTorch): lowest cosine ${min}, ` +
          `${below.length} of ${texts.length} sentences under ${BAR}`,
      );
      // Quantization moves the vectors, not their meaning: far above unrelated sentences' cosines.
      expect(min).toBeGreaterThan(0.95);
    });

    it("fp32: equal to onnxruntime + tokenizers on the same file (cosine >= 0.9999 per sentence)", () => {
      const { min, below } = compare(fp32, fp32Python.onnxruntime);
      console.info(`minilm-vectors: fp32 vs onnxruntime: lowest cosine ${min}`);
      expect(below).toEqual([]);
    });

    it("fp32: equal to sentence-transformers on the PyTorch weights (cosine >= 0.9999 per sentence)", () => {
      const { min, below } = compare(fp32, fp32Python.sentenceTransformers);
      console.info(`minilm-vectors: fp32 vs sentence-transformers: lowest cosine ${min}`);
      expect(below).toEqual([]);
    });
  },
);
