// Every verifier metric's default `verifier` is a models.json verifier id of a task the metric reads; a metric whose
// family has no registry entry (hallucinated_spans) has no default and says what to give.
import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../../../src/errors.js";
import { createMetric } from "../../../src/metrics/catalog.js";
import { loadRegistry } from "../../../src/models/registry.js";

const registry = loadRegistry();
const METRICS = {
  verifier_faithfulness: ["consistency", "nli"],
  verifier_answer_correctness: ["nli", "consistency"],
  verifier_context_relevance: ["relevance"],
  verifier_context_precision: ["relevance"],
} as const;

describe("verifier metric defaults", () => {
  for (const [id, tasks] of Object.entries(METRICS)) {
    it(`${id} defaults to a models.json verifier of a task it reads`, () => {
      const source = createMetric(id, {}, {}).config().options.verifier as string;
      const entry = registry.get(source);
      expect(entry?.kind).toBe("verifier");
      expect(tasks).toContain(entry?.verifier?.task);
    });
  }

  it("hallucinated_spans requires a verifier and names the option and the export recipe", () => {
    let error: unknown;
    try {
      createMetric("hallucinated_spans", {}, {});
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as InvalidInputError).field).toBe("verifier");
    expect(String(error)).toMatch(
      /HallucinatedSpans: is missing or invalid: required: no models.json entry ships this verifier; give a directory holding a LettuceDetect-style token classifier .*docs\/verifiers\.md/,
    );
  });
});
