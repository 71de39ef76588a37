/**
 * Real-size random-weight verifiers for the bench, written by scripts/verifier-fixtures into the bench's
 * generated-models folder (.test-models/verifiers/<family>-<size>, never committed) when missing.
 *
 * @example
 * const dir = await benchVerifierDir("consistency", "bert-base"); // .test-models/verifiers/consistency-bert-base
 */
import { existsSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import type { FIXTURE_SIZES, VerifierFamily } from "../../scripts/verifier-fixtures/index.js";
import { repoRoot } from "./models.js";

/** A named fixture size: `tiny`, `minilm-l6` (~22M parameters) or `bert-base` (~110M). */
export type VerifierSize = keyof typeof FIXTURE_SIZES;

/** Where the bench keeps its generated verifiers. */
export const benchVerifiersDir = path.join(repoRoot, ".test-models", "verifiers");

/**
 * The directory of a generated `family` verifier of `size`, written (seed 1) when its ONNX file is missing: into a
 * temporary folder renamed when complete, so an interrupted run leaves no half-written model behind.
 */
export async function benchVerifierDir(family: VerifierFamily, size: VerifierSize): Promise<string> {
  const dir = path.join(benchVerifiersDir, `${family}-${size}`);
  if (!existsSync(path.join(dir, "onnx", "model.onnx"))) {
    const { writeVerifierFixture } = await import("../../scripts/verifier-fixtures/index.js");
    const tmp = `${dir}.${process.pid}.tmp`;
    rmSync(dir, { recursive: true, force: true });
    await writeVerifierFixture(tmp, family, { size });
    renameSync(tmp, dir);
  }
  return dir;
}
