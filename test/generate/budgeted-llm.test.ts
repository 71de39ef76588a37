import { describe, expect, it } from "vitest";
import { z } from "zod";
import { BudgetedLlm } from "../../src/generate/budgeted-llm.js";
import type { GenerateObjectOptions, Llm } from "../../src/llm/types.js";

const prompt = { name: "p", version: "1", system: "s", examples: [], input: "i" };

/** A judge that records each call's options and answers only when released (or rejects when aborted). */
function slowJudge(calls: GenerateObjectOptions[]): Llm {
  return {
    id: "slow",
    provenance: () => ({ id: "slow", kind: "llm", runtime: { name: "test", version: "0" }, settings: {} }),
    generateObject: (_p, _s, options) =>
      new Promise((resolve, reject) => {
        calls.push(options ?? {});
        const timer = setTimeout(
          () => resolve({ value: "late" as never, usage: { promptTokens: 1, completionTokens: 1 } }),
          5_000,
        );
        options?.signal?.addEventListener("abort", () => {
          clearTimeout(timer);
          reject(options.signal?.reason);
        });
      }),
  } as Llm;
}

describe("BudgetedLlm", () => {
  it("caps each call's answer tokens at the budget and aborts it after the timeout", async () => {
    const calls: GenerateObjectOptions[] = [];
    const judge = new BudgetedLlm(slowJudge(calls), { maxTokens: 64, timeoutMs: 50 });
    await expect(judge.generateObject(prompt, z.string(), { maxTokens: 1000 })).rejects.toMatchObject({
      name: "TimeoutError",
    });
    await expect(judge.generateObject(prompt, z.string(), { maxTokens: 16 })).rejects.toMatchObject({
      name: "TimeoutError",
    });
    await expect(judge.generateObject(prompt, z.string())).rejects.toMatchObject({ name: "TimeoutError" });
    expect(calls.map((c) => c.maxTokens)).toEqual([64, 16, 64]);
    expect(judge.id).toBe("slow");
  });

  it("keeps the caller's own signal", async () => {
    const calls: GenerateObjectOptions[] = [];
    const judge = new BudgetedLlm(slowJudge(calls), { maxTokens: 64, timeoutMs: 60_000 });
    const controller = new AbortController();
    const call = judge.generateObject(prompt, z.string(), { signal: controller.signal });
    controller.abort(new Error("stop"));
    await expect(call).rejects.toThrow("stop");
  });
});
