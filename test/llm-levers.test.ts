// The judge's performance levers (prompt-prefix reuse, prefix slots, the answer memo, parallel sequences)
// only skip work whose result is already known: every answer must be identical with and without each
// of them, on every test model. How much work they save is measured by `npm run bench`, not here.
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { writeTinyGguf } from "../scripts/tiny-gguf.js";
import { LlamaCppLlm, type LlamaCppLlmOptions } from "../src/llm/index.js";
import type { GenerateObjectResult } from "../src/llm/types.js";
import type { JudgePrompt } from "../src/prompts/types.js";
import { extraGgufPath, tinyChatGgufPath, tinyGgufPath } from "./setup/paths.js";

const models = [
  { name: "tiny", modelPath: tinyGgufPath },
  { name: "tiny-chat", modelPath: tinyChatGgufPath },
  ...(extraGgufPath ? [{ name: path.basename(extraGgufPath), modelPath: extraGgufPath }] : []),
];

beforeAll(async () => {
  await writeTinyGguf(tinyChatGgufPath, { chatTemplate: true });
});

/** Three prompt kinds like the seed metrics': a long fixed instruction and examples, a short row input. */
const kinds = ["statements", "verdicts", "questions"].map((name) => ({
  name,
  system:
    `You are a careful judge for the ${name} task. Read the input, think about every part of it, and ` +
    "answer with a JSON object that follows the schema exactly. Do not add commentary.",
  examples: [
    { input: `Example one for ${name}: the sun is hot.`, output: '{"text":"the sun is hot","ok":true}' },
    { input: `Example two for ${name}: ice is warm.`, output: '{"text":"ice is warm","ok":false}' },
  ],
}));
const inputs = ["Water is wet.", "Cats can fly.", "Paris is in France.", "Iron floats."];
const schema = z.object({ text: z.string().max(12), ok: z.boolean() });

/** Every kind × input, interleaved like rows of a run, plus two repeated calls. */
const calls: JudgePrompt[] = [
  ...inputs.flatMap((input) =>
    kinds.map(({ name, system, examples }) => ({
      name: `levers/${name}`,
      version: "1",
      system,
      examples,
      input,
    })),
  ),
];
calls.push(calls[0]!, calls[4]!);

function answer(result: GenerateObjectResult<z.output<typeof schema>>) {
  return {
    value: result.value,
    promptTokens: result.usage.promptTokens,
    completionTokens: result.usage.completionTokens,
  };
}

describe.each(models)("judge levers on $name", ({ modelPath }) => {
  const base: LlamaCppLlmOptions = { modelPath, threads: 1, contextSize: 1024, maxTokens: 48 };
  let baseline: ReturnType<typeof answer>[];

  async function run(options: Partial<LlamaCppLlmOptions>, parallel = false) {
    const llm = await LlamaCppLlm.load({ ...base, ...options });
    try {
      const results = parallel
        ? await Promise.all(calls.map((p) => llm.generateObject(p, schema)))
        : await calls.reduce<Promise<GenerateObjectResult<z.output<typeof schema>>[]>>(
            async (done, p) => [...(await done), await llm.generateObject(p, schema)],
            Promise.resolve([]),
          );
      return { results, stats: llm.stats() };
    } finally {
      await llm.dispose();
    }
  }

  beforeAll(async () => {
    const { results, stats } = await run({ reusePromptPrefix: false, memoSize: 0 });
    baseline = results.map(answer);
    // Without any lever every prompt token is evaluated and every call runs the model.
    expect(stats.evaluatedPromptTokens).toBe(stats.promptTokens);
    expect(stats.memoHits).toBe(0);
    expect(stats.calls).toBe(calls.length);
  });

  it("prompt-prefix reuse gives identical answers and evaluates under half the prompt tokens", async () => {
    const { results, stats } = await run({ reusePromptPrefix: true, memoSize: 0 });
    expect(results.map(answer)).toEqual(baseline);
    expect(stats.evaluatedPromptTokens).toBeLessThan(stats.promptTokens / 2);
    // After the first call of each kind, a call evaluates only its own tail, never the shared instruction.
    for (const result of results.slice(kinds.length)) {
      expect(result.usage.evaluatedPromptTokens).toBeLessThan(result.usage.promptTokens / 2);
    }
  });

  it("the work counters add up the calls' usage: reused = prompt − evaluated, generated = answer tokens", async () => {
    const { results, stats } = await run({ reusePromptPrefix: true, memoSize: 16 });
    const sum = (pick: (r: (typeof results)[number]) => number) => results.reduce((s, r) => s + pick(r), 0);
    const ran = results.filter((r) => r.usage.evaluatedPromptTokens! > 0);
    expect(stats).toEqual({
      calls: calls.length,
      memoHits: 2,
      promptTokens: sum((r) => r.usage.promptTokens),
      evaluatedPromptTokens: sum((r) => r.usage.evaluatedPromptTokens!),
      reusedPromptTokens: ran.reduce((s, r) => s + r.usage.promptTokens - r.usage.evaluatedPromptTokens!, 0),
      completionTokens: ran.reduce((s, r) => s + r.usage.completionTokens, 0),
      prefilledTokens: 0,
    });
    expect(stats.reusedPromptTokens).toBeGreaterThan(stats.promptTokens / 2);
  });

  it("with one prefix slot, kinds evict each other but answers stay identical", async () => {
    const { results, stats } = await run({ reusePromptPrefix: true, prefixSlots: 1, memoSize: 0 });
    expect(results.map(answer)).toEqual(baseline);
    // Only the template start is shared between different kinds: far more work than with one slot per kind.
    expect(stats.evaluatedPromptTokens).toBeGreaterThan(stats.promptTokens / 2);
  });

  it("the memo answers repeated calls without running the model, with identical answers", async () => {
    const { results, stats } = await run({ reusePromptPrefix: false, memoSize: 16 });
    expect(results.map(answer)).toEqual(baseline);
    expect(stats.memoHits).toBe(2);
    expect(results.at(-1)!.usage.evaluatedPromptTokens).toBe(0);
  });

  it("all levers with parallel sequences give identical answers", async () => {
    const { results, stats } = await run({ sequences: 2 }, true);
    expect(results.map(answer)).toEqual(baseline);
    expect(stats.memoHits).toBe(2); // the repeats ran at the same time as their originals, and waited for them
    expect(stats.evaluatedPromptTokens).toBeLessThan(stats.promptTokens);
  });

  it("refuses fewer prefix slots than sequences, naming the option", async () => {
    await expect(LlamaCppLlm.load({ ...base, sequences: 2, prefixSlots: 1 })).rejects.toMatchObject({
      field: "prefixSlots",
    });
    await expect(LlamaCppLlm.load({ ...base, memoSize: -1 })).rejects.toMatchObject({ field: "memoSize" });
    await expect(
      LlamaCppLlm.load({ ...base, reusePromptPrefix: "yes" as unknown as boolean }),
    ).rejects.toMatchObject({ field: "reusePromptPrefix" });
  });
});
