/**
 * Real-size random-weight verifiers for the bench, written by scripts/verifier-fixtures into the bench's
 * generated-models folder (.test-models/verifiers/<family>-<size>[-int8], never committed) when missing: float32
 * (onnx/model.onnx) or int8, dynamically quantized like the verifiers users download (onnx/model_quantized.onnx).
 *
 * @example
 * const dir = await benchVerifierDir("consistency", "bert-base", "int8"); // .test-models/verifiers/consistency-bert-base-int8
 */
import { existsSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { fixtureOnnxFile } from "../../scripts/verifier-fixtures/files.js";
import type { FIXTURE_SIZES, VerifierFamily } from "../../scripts/verifier-fixtures/index.js";
import { repoRoot } from "./models.js";

/** A named fixture size: `tiny`, `minilm-l6` (~22M parameters) or `bert-base` (~110M). */
export type VerifierSize = keyof typeof FIXTURE_SIZES;

/** A verifier's weights: float32, or int8 dynamically quantized (what the verifiers users download are). */
export type VerifierPrecision = "fp32" | "int8";

/** Where the bench keeps its generated verifiers. */
export const benchVerifiersDir = path.join(repoRoot, ".test-models", "verifiers");

/**
 * The directory of a generated `family` verifier of `size` and `precision` (default fp32; each in its own directory,
 * holding only its ONNX file), written (seed 1: the int8 one is the float32 one quantized) when its ONNX file is
 * missing: into a temporary folder renamed when complete, so an interrupted run leaves no half-written model behind.
 */
export async function benchVerifierDir(
  family: VerifierFamily,
  size: VerifierSize,
  precision: VerifierPrecision = "fp32",
): Promise<string> {
  const quantized = precision === "int8";
  const dir = path.join(benchVerifiersDir, `${family}-${size}${quantized ? "-int8" : ""}`);
  if (!existsSync(path.join(dir, fixtureOnnxFile(quantized)))) {
    const { writeVerifierFixture } = await import("../../scripts/verifier-fixtures/index.js");
    const tmp = `${dir}.${process.pid}.tmp`;
    rmSync(dir, { recursive: true, force: true });
    await writeVerifierFixture(tmp, family, { size, quantized });
    renameSync(tmp, dir);
  }
  return dir;
}
