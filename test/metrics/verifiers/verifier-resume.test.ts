// A verifier metric through evaluate(): rows scored with a scripted verifier into a results file, --resume with the
// same verifier keeps the rows, and a resume with another verifier is refused naming what changed.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { evaluate, VerifierFaithfulness } from "../../../src/index.js";
import { fakePairVerifier, wordContainment } from "../../support/fake-verifiers.js";

const dir = mkdtempSync(path.join(tmpdir(), "airgap-verifier-resume-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const rows = [
  { response: "Paris is in France.", retrieved_contexts: ["Paris is in France, in Europe."] },
  { response: "Paris is on the moon.", retrieved_contexts: ["Paris is in France, in Europe."] },
];

describe("verifier metrics in evaluate()", () => {
  it("scores rows, resumes under the same verifier and refuses another", async () => {
    const out = path.join(dir, "results.jsonl");
    const verifier = fakePairVerifier(wordContainment(), { id: "hhem-a" });
    const first = await evaluate(rows, [new VerifierFaithfulness({ verifier })], { out, progress: "none" });
    expect(first.records.map((r) => r.result.value)).toEqual([1, 0]);
    expect(first.records[0]!.result.details).toMatchObject({
      verifier: { id: "hhem-a", task: "consistency" },
    });

    const again = await evaluate(rows, [new VerifierFaithfulness({ verifier })], {
      out,
      resume: true,
      progress: "none",
    });
    expect(again.records.map((r) => r.result.value)).toEqual([1, 0]);
    expect(verifier.calls).toHaveLength(2);

    const other = fakePairVerifier(wordContainment(), { id: "hhem-b" });
    await expect(
      evaluate(rows, [new VerifierFaithfulness({ verifier: other })], {
        out,
        resume: true,
        progress: "none",
      }),
    ).rejects.toThrow(/verifier.*hhem-a.*hhem-b/s);
    expect(other.calls).toHaveLength(0);
  });
});
