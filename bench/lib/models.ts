/**
 * The models the bench runs on: the generated tiny test models (written when missing), the starter
 * GloVe encoder, stories260K when present beside the checkout, and their sha256 for the JSON output.
 *
 * @example
 * await prepareDefaultModels();
 * const judges = defaultGgufs(); // [".test-models/tiny-llama.gguf", "../shared/models/stories260K.gguf"]
 */
import { createHash } from "node:crypto";
import { createReadStream, existsSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Root of the checkout. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
/** The generated random-weight tiny llama (no chat template), as in the tests. */
export const tinyGgufPath = path.join(repoRoot, ".test-models", "tiny-llama.gguf");
/** A real pretrained tiny llama, present on some machines beside the checkout. */
export const storiesGgufPath = path.resolve(repoRoot, "..", "shared", "models", "stories260K.gguf");
/** The generated tiny ONNX encoder, as in the tests. */
export const tinyEncoderDir = path.join(repoRoot, ".test-models", "tiny-encoder");
/**
 * A generated random-weight encoder of all-MiniLM-L6-v2's size (hidden 384, 6 blocks of width 1536): real
 * amounts of compute per token, for the comparisons where the tiny models measure only overhead.
 */
export const minilmShapedDir = path.join(repoRoot, ".test-models", "minilm-shaped-384x6");
/** The starter GloVe encoder built by `npm run prepare`. */
export const starterDir = path.join(repoRoot, "models", "starter", "glove-100d");
/** The example dataset (20 RAG rows). */
export const exampleDataset = path.join(repoRoot, "examples", "rag-eval.jsonl");

/** Writes the tiny GGUF, the tiny encoder and the starter model when they are missing. */
export async function prepareDefaultModels(): Promise<void> {
  const { writeTinyGguf } = await import("../../scripts/tiny-gguf.js");
  await writeTinyGguf(tinyGgufPath); // rewrites only when the bytes differ
  if (!existsSync(path.join(tinyEncoderDir, "onnx", "model.onnx"))) {
    const { writeTinyOnnxEncoder } = await import("../../scripts/tiny-onnx-encoder.js");
    await writeTinyOnnxEncoder(tinyEncoderDir);
  }
  if (!existsSync(path.join(minilmShapedDir, "onnx", "model.onnx"))) {
    const { writeTinyOnnxEncoder } = await import("../../scripts/tiny-onnx-encoder.js");
    await writeTinyOnnxEncoder(minilmShapedDir, { hiddenSize: 384, layers: 6 });
  }
  if (!existsSync(path.join(starterDir, "onnx", "model.onnx"))) {
    const { buildStarterModel } = await import("../../scripts/build-starter-model.js");
    await buildStarterModel(starterDir);
  }
}

/** The default judges: the tiny GGUF, plus stories260K when present. */
export function defaultGgufs(): string[] {
  return [tinyGgufPath, ...(existsSync(storiesGgufPath) ? [storiesGgufPath] : [])];
}

/** The default encoders: the tiny ONNX encoder, the starter GloVe model and the MiniLM-sized encoder. */
export function defaultOnnxDirs(): string[] {
  return [tinyEncoderDir, starterDir, minilmShapedDir];
}

/** A short display name: the GGUF file name, or the last two folders of an encoder directory. */
export function modelName(modelPath: string): string {
  const resolved = path.resolve(modelPath);
  if (resolved === starterDir) return "starter/glove-100d";
  if (resolved.endsWith(".gguf")) return path.basename(resolved);
  return path.basename(resolved);
}

/** What the JSON output records of one model. */
export interface ModelInfo {
  /** Display name. */
  name: string;
  /** `gguf` for a judge file, `onnx` for an encoder directory. */
  kind: "gguf" | "onnx";
  /** Absolute path (the file, or the encoder directory). */
  path: string;
  /** The file that was hashed (the GGUF, or the encoder's ONNX graph). */
  file: string;
  /** Size of that file in bytes. */
  bytes: number;
  /** sha256 (hex) of that file. */
  sha256: string;
}

/** Name, size and sha256 of a GGUF file or of an encoder directory's ONNX graph(s). */
export async function describeModel(modelPath: string): Promise<ModelInfo[]> {
  const resolved = path.resolve(modelPath);
  if (statSync(resolved).isFile()) {
    return [
      {
        name: modelName(resolved),
        kind: "gguf",
        path: resolved,
        file: resolved,
        bytes: statSync(resolved).size,
        sha256: await sha256OfFile(resolved),
      },
    ];
  }
  const graphs = ["model.onnx", "model_quantized.onnx"]
    .map((f) => path.join(resolved, "onnx", f))
    .filter((f) => existsSync(f));
  return Promise.all(
    graphs.map(async (file) => ({
      name: modelName(resolved),
      kind: "onnx" as const,
      path: resolved,
      file,
      bytes: statSync(file).size,
      sha256: await sha256OfFile(file),
    })),
  );
}

function sha256OfFile(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash("sha256");
    createReadStream(file)
      .on("data", (chunk) => hash.update(chunk))
      .on("error", reject)
      .on("end", () => resolve(hash.digest("hex")));
  });
}
