// Integration tests of LlamaCppLlm through the real node-llama-cpp runtime, on the generated tiny
// GGUF (plain completion path), its chat-template variant, and AIRGAP_EVAL_TEST_GGUF when set.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { writeTinyGguf } from "../scripts/tiny-gguf.js";
import {
  AirgapEvalError,
  ContextOverflowError,
  InvalidInputError,
  JudgeOutputError,
  ModelNotFoundError,
} from "../src/errors.js";
import { LlamaCppLlm } from "../src/llm/index.js";
import type { GenerateObjectResult } from "../src/llm/types.js";
import type { JudgePrompt } from "../src/prompts/types.js";
import { extraGgufPath, testModelsDir, tinyChatGgufPath, tinyGgufPath } from "./setup/paths.js";

interface ModelCase {
  name: string;
  modelPath: string;
  promptFormat: "chat" | "completion";
}

const models: ModelCase[] = [
  { name: "tiny", modelPath: tinyGgufPath, promptFormat: "completion" },
  { name: "tiny-chat", modelPath: tinyChatGgufPath, promptFormat: "chat" },
  ...(extraGgufPath
    ? [{ name: path.basename(extraGgufPath), modelPath: extraGgufPath, promptFormat: "completion" as const }]
    : []),
];

beforeAll(async () => {
  await writeTinyGguf(tinyChatGgufPath, { chatTemplate: true });
});

function prompt(input: string, name = "test/judge"): JudgePrompt {
  return {
    name,
    version: "1",
    system: "You judge statements. Answer with JSON only.",
    examples: [{ input: "The sun is hot.", output: '{"verdict":1}' }],
    input,
  };
}

/** The answer and the prompt/answer sizes: what a call returns, minus how much work it took (which reuse changes). */
function answer<T>(result: GenerateObjectResult<T>) {
  return {
    value: result.value,
    promptTokens: result.usage.promptTokens,
    completionTokens: result.usage.completionTokens,
  };
}

const schemas = {
  nested: z.object({
    claim: z.object({ text: z.string().max(24), supported: z.boolean() }),
    confidence: z.enum(["low", "medium", "high"]),
  }),
  boundedArray: z.object({ statements: z.array(z.string().max(16)).max(2) }),
  literalVerdict: z.object({ verdict: z.literal([0, 1]) }),
  unionOfLiterals: z.object({ score: z.union([z.literal(0), z.literal(0.5), z.literal(1)]) }),
  arrayOfObjects: z.object({
    items: z.array(z.object({ id: z.int(), label: z.enum(["a", "b"]) })).max(2),
  }),
};

describe.each(models)("LlamaCppLlm on $name", ({ modelPath, promptFormat }) => {
  let llm: LlamaCppLlm;

  beforeAll(async () => {
    // memoSize 0: repeated calls must run the model, or the determinism tests below would test the memo.
    llm = await LlamaCppLlm.load({
      modelPath,
      threads: 1,
      contextSize: 512,
      sequences: 2,
      maxTokens: 64,
      memoSize: 0,
    });
  });
  afterAll(async () => {
    await llm?.dispose();
  });

  it("uses the chat template only when the model has one", () => {
    expect(llm.promptFormat).toBe(promptFormat);
  });

  it.each(Object.entries(schemas))("returns an object valid against the %s schema", async (_name, schema) => {
    const { value, usage } = await llm.generateObject(prompt("Water is wet."), schema);
    expect(schema.safeParse(value).success).toBe(true);
    expect(usage.promptTokens).toBe(llm.countPromptTokens(prompt("Water is wet.")));
    expect(usage.completionTokens).toBeGreaterThan(0);
  });

  it("keeps arrays within maxItems and values within their enums", async () => {
    const { value } = await llm.generateObject(prompt("List facts."), schemas.arrayOfObjects);
    expect(value.items.length).toBeLessThanOrEqual(2);
    for (const item of value.items) expect(["a", "b"]).toContain(item.label);
  });

  it("gives the same object twice at temperature 0", async () => {
    const p = prompt("Cats can fly.");
    const first = await llm.generateObject(p, schemas.nested);
    const second = await llm.generateObject(p, schemas.nested);
    expect(answer(second)).toEqual(answer(first));
    expect(llm.stats().memoHits).toBe(0);
  });

  it("repeats sampled output for the same seed at temperature > 0", async () => {
    const p = prompt("Birds sing.");
    const options = { temperature: 0.9, seed: 1234 };
    const first = await llm.generateObject(p, schemas.nested, options);
    const second = await llm.generateObject(p, schemas.nested, options);
    expect(answer(second)).toEqual(answer(first));
  });

  it("answers parallel calls exactly as it answers them one by one", async () => {
    const inputs = ["Snow is cold.", "Fire is wet.", "Grass is green.", "Iron floats."];
    const sequential = [];
    for (const input of inputs)
      sequential.push(answer(await llm.generateObject(prompt(input), schemas.nested)));
    const parallel = await Promise.all(
      inputs.map(async (input) => answer(await llm.generateObject(prompt(input), schemas.nested))),
    );
    expect(parallel).toEqual(sequential);
  });

  it("gives the same object with threads 1 and 2 (threads is a speed-only setting)", async () => {
    // The provenance keeps threads out of cache keys on the claim that it never changes outputs. One
    // short sampled call: the prompt pass splits matrix products across threads, and sampling a free
    // string at temperature 0.9 reads the whole distribution, so any difference in the sums shows.
    const schema = z.object({ text: z.string().max(8) });
    const call = (judge: LlamaCppLlm) =>
      judge.generateObject(prompt("Iron floats."), schema, { maxTokens: 32, temperature: 0.9, seed: 7 });
    const two = await LlamaCppLlm.load({ modelPath, threads: 2, contextSize: 512 });
    try {
      expect([llm.threads, two.threads]).toEqual([1, 2]);
      expect(answer(await call(two))).toEqual(answer(await call(llm)));
    } finally {
      await two.dispose();
    }
  });

  it("refuses bad per-call options with InvalidInputError naming the option", async () => {
    const cases: [string, object][] = [
      ["maxTokens", { maxTokens: 0 }],
      ["temperature", { temperature: Number.NaN }],
      ["temperature", { temperature: -1 }],
      ["seed", { seed: 0.5 }],
    ];
    for (const [field, options] of cases) {
      const err = await llm
        .generateObject(prompt("A."), schemas.literalVerdict, options)
        .catch((e: unknown) => e);
      expect(err, JSON.stringify(options)).toBeInstanceOf(InvalidInputError);
      expect((err as InvalidInputError).field).toBe(field);
    }
  });

  it("throws ContextOverflowError with the token counts before generating", async () => {
    const long = prompt("The quick brown fox jumps over the lazy dog. ".repeat(40));
    const promptTokens = llm.countPromptTokens(long);
    expect(promptTokens).toBeGreaterThan(llm.contextSize);
    const err = await llm.generateObject(long, schemas.literalVerdict).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ContextOverflowError);
    expect((err as ContextOverflowError).promptTokens).toBe(promptTokens);
    expect((err as ContextOverflowError).contextSize).toBe(512);
  });

  it("counts the answer budget against the context", async () => {
    const p = prompt("Short.");
    const promptTokens = llm.countPromptTokens(p);
    const maxTokens = llm.contextSize - promptTokens + 1;
    await expect(llm.generateObject(p, schemas.literalVerdict, { maxTokens })).rejects.toBeInstanceOf(
      ContextOverflowError,
    );
  });

  it("retries a cut-off answer once with a larger budget", async () => {
    const p = prompt("Rain falls.");
    const full = await llm.generateObject(p, schemas.nested);
    const needed = full.usage.completionTokens;
    expect(needed).toBeGreaterThan(8);
    // Half the budget: cut off, then the retry (4x) completes it with the same answer.
    const retried = await llm.generateObject(p, schemas.nested, { maxTokens: Math.ceil(needed / 2) });
    expect(retried.value).toEqual(full.value);
    expect(retried.usage.completionTokens).toBeGreaterThan(Math.ceil(needed / 2));
    // Too small even for the retry: JudgeOutputError carrying the partial raw text.
    const err = await llm
      .generateObject(p, schemas.nested, { maxTokens: Math.floor((needed - 1) / 4) })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(JudgeOutputError);
    const raw = (err as JudgeOutputError).rawText;
    expect(raw.length).toBeGreaterThan(0);
    expect(raw.startsWith("{")).toBe(true);
    expect(() => JSON.parse(raw)).toThrow();
  });

  it("re-checks the result with the zod schema (refinements the grammar cannot express)", async () => {
    const refined = schemas.literalVerdict.refine((v) => v.verdict > 1, "verdict must be above 1");
    const err = await llm.generateObject(prompt("Ice is hot."), refined).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(JudgeOutputError);
    expect((err as Error).message).toContain("verdict must be above 1");
    const raw = JSON.parse((err as JudgeOutputError).rawText) as { verdict: number };
    expect([0, 1]).toContain(raw.verdict);
  });

  it("rejects a call whose signal is already aborted", async () => {
    const controller = new AbortController();
    controller.abort(new Error("caller gave up"));
    await expect(
      llm.generateObject(prompt("Stop."), schemas.literalVerdict, { signal: controller.signal }),
    ).rejects.toThrow("caller gave up");
  });

  it("records provenance: file sha256, runtime and settings", () => {
    const prov = llm.provenance();
    expect(prov.kind).toBe("llm");
    expect(prov.path).toBe(path.resolve(modelPath));
    expect(prov.sha256).toBe(createHash("sha256").update(readFileSync(modelPath)).digest("hex"));
    expect(prov.runtime).toEqual({ name: "node-llama-cpp", version: "3.21.1" });
    expect(prov.settings).toMatchObject({ contextSize: 512, temperature: 0, seed: 0 });
    // Speed-only settings are recorded apart, so they never enter cache keys or resume hashes.
    expect(prov.performance).toEqual({
      threads: 1,
      sequences: 2,
      reusePromptPrefix: true,
      prefixSlots: 6,
      memoSize: 0,
    });
    expect(prov.settings).not.toHaveProperty("threads");
    expect(llm.concurrency).toBe(2);
  });
});

describe("LlamaCppLlm lifecycle", () => {
  it("names the missing file", async () => {
    const missing = path.join(testModelsDir, "does-not-exist.gguf");
    const err = await LlamaCppLlm.load({ modelPath: missing }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelNotFoundError);
    expect((err as Error).message).toContain(missing);
  });

  it("refuses promptFormat chat for a model without a chat template", async () => {
    await expect(LlamaCppLlm.load({ modelPath: tinyGgufPath, promptFormat: "chat" })).rejects.toThrow(
      /no tokenizer\.chat_template/,
    );
  });

  it("disposes once, twice safely, and refuses calls afterwards", async () => {
    const llm = await LlamaCppLlm.load({
      modelPath: tinyGgufPath,
      threads: 1,
      contextSize: 256,
      maxTokens: 32,
    });
    const schema = z.object({ verdict: z.literal([0, 1]) });
    // One call runs, one waits in the queue: disposing rejects or finishes both, never hangs.
    const running = llm.generateObject(prompt("A."), schema).catch((e: unknown) => e);
    const queued = llm.generateObject(prompt("B."), schema).catch((e: unknown) => e);
    await llm.dispose();
    await llm[Symbol.asyncDispose]();
    expect(llm.disposed).toBe(true);
    expect(await queued).toBeInstanceOf(AirgapEvalError);
    const first = await running;
    expect(
      first instanceof AirgapEvalError || schema.safeParse((first as { value: unknown }).value).success,
    ).toBe(true);
    await expect(llm.generateObject(prompt("C."), schema)).rejects.toThrow(/disposed/);
    expect(() => llm.countTokens("x")).toThrow(/disposed/);
  });
});
