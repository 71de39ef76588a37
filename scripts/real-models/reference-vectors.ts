// The numeric check of a rebuilt ONNX export: the package's own embedder, run on the export, must reproduce the
// PyTorch reference vectors pinned in the repo (written by export_bert_onnx.py --vectors where the manifest was made).
import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { TransformersEmbeddings } from "../../src/embeddings/index.js";
import { realModelsDir } from "./manifest.js";

const referenceSchema = z.strictObject({
  $comment: z.string().optional(),
  texts: z.array(z.string().min(1)).min(1),
  maxLength: z.number().int().positive(),
  vectors: z.array(z.array(z.number())).min(1),
});

/** Largest difference allowed between a component of the export's vector and the reference's. */
export const vectorTolerance = 1e-4;

/**
 * Embeds the reference texts with the model directory `dir` (mean pooling, normalised) and returns the largest
 * absolute difference from the pinned PyTorch vectors of `file` (relative to scripts/real-models/).
 */
export async function maxDifferenceFromReference(dir: string, file: string): Promise<number> {
  const reference = referenceSchema.parse(JSON.parse(readFileSync(path.join(realModelsDir, file), "utf8")));
  const embeddings = await TransformersEmbeddings.load({
    model: dir,
    quantized: false,
    pooling: "mean",
    normalize: true,
    maxLength: reference.maxLength,
  });
  try {
    const vectors = await embeddings.embed(reference.texts);
    let worst = 0;
    for (const [i, vector] of vectors.entries()) {
      const expected = reference.vectors[i] ?? [];
      if (vector.length !== expected.length) return Number.POSITIVE_INFINITY;
      for (const [j, value] of vector.entries())
        worst = Math.max(worst, Math.abs(value - (expected[j] as number)));
    }
    return worst;
  } finally {
    await embeddings.dispose();
  }
}
