// Verifier metrics on real ONNX graphs (random-weight fixtures built at test time): both NLI label orders give the
// same scores through evaluate(), and a HHEM-style consistency graph scores faithfulness.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeVerifierFixture } from "../../../scripts/verifier-fixtures/index.js";
import { evaluate, loadVerifier, type Verifier, VerifierFaithfulness } from "../../../src/index.js";

const dir = mkdtempSync(path.join(tmpdir(), "airgap-real-verifiers-"));
const rows = [
  { response: "Paris is in France. It has a tower.", retrievedContexts: ["Paris is the capital of France."] },
  { response: "The sky is green.", retrievedContexts: ["The sky is blue on a clear day."] },
];
const loaded: Verifier[] = [];

beforeAll(async () => {
  await writeVerifierFixture(path.join(dir, "mnli"), "nli", { labelOrder: "mnli" });
  await writeVerifierFixture(path.join(dir, "first"), "nli", { labelOrder: "entailment-first" });
  await writeVerifierFixture(path.join(dir, "hhem"), "consistency");
});
afterAll(async () => {
  await Promise.all(loaded.map((v) => v.close()));
  rmSync(dir, { recursive: true, force: true });
});

async function probabilities(name: string): Promise<number[][]> {
  const verifier = await loadVerifier(path.join(dir, name));
  loaded.push(verifier);
  const result = await evaluate(rows, [new VerifierFaithfulness({ verifier, aggregate: "mean" })]);
  return result.records.map((r) => {
    expect(r.result.status).toBe("ok");
    return (r.result.details as { sentences: Array<{ probability: number }> }).sentences.map(
      (s) => s.probability,
    );
  });
}

describe("verifier_faithfulness on real graphs", () => {
  it("reads P(entailment) by label, so both NLI label orders score alike", async () => {
    const mnli = await probabilities("mnli");
    const first = await probabilities("first");
    expect(mnli.map((r) => r.length)).toEqual([2, 1]);
    for (const [i, row] of mnli.entries())
      for (const [j, p] of row.entries()) expect(first[i]![j]).toBeCloseTo(p, 5);
  });

  it("scores with a HHEM-style consistency graph", async () => {
    const hhem = await probabilities("hhem");
    for (const p of hhem.flat()) expect(p).toBeGreaterThanOrEqual(0);
    expect(loaded.at(-1)?.task).toBe("consistency");
  });
});
