// Verifiers named by id or directory are loaded lazily, once per (source, threads), and shared by every metric.
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakePairVerifier } from "../../support/fake-verifiers.js";

const loads: Array<{ source: string; threads: number | undefined }> = [];
let failNext = false;
vi.mock("../../../src/verifiers/load-verifier.js", () => ({
  loadVerifier: async (source: string, options: { threads?: number } = {}) => {
    loads.push({ source, threads: options.threads });
    if (failNext) {
      failNext = false;
      throw new Error(`verifier ${source} is not on this machine`);
    }
    return fakePairVerifier(() => 0.9, {
      id: source,
      task: source.includes("marco") ? "relevance" : "consistency",
    });
  },
}));

const { VerifierFaithfulness, VerifierContextRelevance, VerifierContextPrecision, closeSharedVerifiers } =
  await import("../../../src/index.js");

afterEach(async () => {
  await closeSharedVerifiers();
  loads.length = 0;
});

describe("shared verifiers", () => {
  it("loads nothing until a row is scored, then one session per (source, threads)", async () => {
    const a = new VerifierContextRelevance();
    const b = new VerifierContextPrecision();
    const c = new VerifierContextPrecision({ threads: 2 });
    expect(loads).toEqual([]);
    const sample = { userInput: "q", retrievedContexts: ["p"] };
    await Promise.all([a.score(sample), b.score(sample), a.score(sample)]);
    expect(loads).toEqual([{ source: "ms-marco-MiniLM-L-12-v2", threads: undefined }]);
    await c.score(sample);
    expect(loads).toHaveLength(2);
    expect(loads[1]).toEqual({ source: "ms-marco-MiniLM-L-12-v2", threads: 2 });
  });

  it("a failed load is an error row and the next row tries again", async () => {
    const metric = new VerifierFaithfulness({ verifier: "hhem-2.1-open" });
    failNext = true;
    const first = await metric.score({ response: "A.", retrievedContexts: ["a"] });
    expect(first.status).toBe("error");
    expect(first.error).toMatch(/verifier hhem-2\.1-open is not on this machine/);
    const second = await metric.score({ response: "A.", retrievedContexts: ["a"] });
    expect(second.value).toBe(1);
    expect(loads).toHaveLength(2);
  });

  it("a loaded verifier of the wrong task is refused naming the metric and option", async () => {
    const metric = new VerifierFaithfulness({ verifier: "ms-marco-MiniLM-L-12-v2" });
    await expect(metric.score({ response: "A.", retrievedContexts: ["a"] })).rejects.toThrow(
      /verifier_faithfulness: the verifier ms-marco-MiniLM-L-12-v2 does relevance; this metric needs a consistency or nli verifier/,
    );
  });
});
