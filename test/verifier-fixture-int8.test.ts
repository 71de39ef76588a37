// The int8 verifier fixtures (scripts/verifier-fixtures, `quantized: true`): written as onnx/model_quantized.onnx
// with onnxruntime's dynamic-quantization ops, preferred by the loader, and a quantization of the same seeded
// weights as the float32 graph (close probabilities), not another model.
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import onnxProto from "onnx-proto";
import { afterAll, describe, expect, it } from "vitest";
import {
  fixtureOnnxFile,
  type VerifierFamily,
  writeVerifierFixture,
} from "../scripts/verifier-fixtures/index.js";
import { quantizePerColumn } from "../scripts/verifier-fixtures/weights.js";
import { loadVerifier, type PairVerifier, type Verifier } from "../src/index.js";

const dir = mkdtempSync(path.join(tmpdir(), "airgap-int8-verifiers-"));
const opened: Verifier[] = [];
afterAll(async () => {
  await Promise.all(opened.map((v) => v.close()));
  rmSync(dir, { recursive: true, force: true });
});

const pairs = [
  { first: "Paris is the capital of France.", second: "Paris is in France." },
  { first: "The sky is blue on a clear day.", second: "The sky is green." },
  { first: "Water boils at one hundred degrees.", second: "The boat crossed the river at night." },
  { first: "Einstein wrote the theory of relativity.", second: "Newton wrote about motion and physics." },
  { first: "What is the capital of France?", second: "The capital of France is Paris, a large city." },
];

async function write(
  name: string,
  family: VerifierFamily,
  seed: number,
  quantized: boolean,
): Promise<string> {
  const out = path.join(dir, name);
  await writeVerifierFixture(out, family, { seed, quantized });
  return out;
}

async function probabilities(modelDir: string): Promise<number[]> {
  const verifier = (await loadVerifier(modelDir)) as PairVerifier;
  opened.push(verifier);
  return (await verifier.score(pairs)).map((s) => s.probability);
}

const opTypes = (file: string) =>
  new Set(onnxProto.onnx.ModelProto.decode(readFileSync(file)).graph!.node!.map((n) => n.opType));

describe("int8 verifier fixtures", () => {
  it("writes onnx/model_quantized.onnx with dynamic-quantization ops and int8 weights (about 4× smaller)", async () => {
    const fp32 = await write("nli-fp32", "nli", 7, false);
    const int8 = await write("nli-int8", "nli", 7, true);
    const file = path.join(int8, fixtureOnnxFile(true));
    expect(fixtureOnnxFile(true)).toBe(path.join("onnx", "model_quantized.onnx"));
    const ops = opTypes(file);
    for (const op of ["DynamicQuantizeLinear", "MatMulInteger", "Cast", "DequantizeLinear"])
      expect(ops).toContain(op);
    // Float MatMul remains only for attention (activation × activation).
    const fp32Ops = opTypes(path.join(fp32, fixtureOnnxFile(false)));
    expect(fp32Ops).not.toContain("MatMulInteger");
    const ratio = statSync(path.join(fp32, fixtureOnnxFile(false))).size / statSync(file).size;
    expect(ratio).toBeGreaterThan(3);
    expect(ratio).toBeLessThan(4.1);
  });

  it("quantizes each weight column symmetrically: w ≈ q × scale[column], within half a step", () => {
    const w = Float32Array.of(0.5, -2, 0.25, 1, -0.125, 0);
    const { q, scale } = quantizePerColumn(w, 3, 2);
    expect(Array.from(scale)).toEqual([Math.fround(0.5 / 127), Math.fround(2 / 127)]);
    expect(Array.from(q)).toEqual([127, -127, 64, 64, -32, 0]);
    for (const [i, v] of w.entries())
      expect(Math.abs(q[i]! * scale[i % 2]! - v)).toBeLessThanOrEqual(scale[i % 2]! / 2);
  });

  for (const family of ["nli", "consistency", "relevance"] as const)
    it(`${family}: loads through loadVerifier and scores within 0.05 of the float32 graph of the same seed`, async () => {
      const fp32 = await probabilities(await write(`${family}-3-fp32`, family, 3, false));
      const int8 = await probabilities(await write(`${family}-3-int8`, family, 3, true));
      const other = await probabilities(await write(`${family}-4-fp32`, family, 4, false));
      for (const [i, p] of fp32.entries()) expect(Math.abs(int8[i]! - p)).toBeLessThan(0.05);
      // Another seed is another model: it differs from the first by more than the tolerance on some pair.
      expect(Math.max(...other.map((p, i) => Math.abs(p - fp32[i]!)))).toBeGreaterThan(0.05);
      // Quantized, not a copy: some probability moved.
      expect(int8).not.toEqual(fp32);
    });

  it("in a directory holding both files (a transformers.js repository's layout), the loader runs the int8 one", async () => {
    const both = await write("both", "consistency", 5, false);
    await writeVerifierFixture(both, "consistency", { seed: 5, quantized: true });
    const verifier = await loadVerifier(both);
    opened.push(verifier);
    const bytes = readFileSync(path.join(both, fixtureOnnxFile(true)));
    expect(verifier.identity.sha256).toBe(createHash("sha256").update(bytes).digest("hex"));
  });

  it("spans: the token-classification graph loads as int8", async () => {
    const verifier = await loadVerifier(await write("spans-int8", "spans", 2, true));
    opened.push(verifier);
    expect(verifier.identity.task).toBe("spans");
  });
});
