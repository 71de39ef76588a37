// Unit tests of the judge layer's pure parts: prompt rendering, schema conversion, the FIFO pool.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formatCompletionPrompt, toChatHistory, zodToGrammarSchema } from "../src/llm/index.js";
import { SequencePool } from "../src/llm/sequence-pool.js";
import type { JudgePrompt } from "../src/prompts/types.js";

const prompt: JudgePrompt = {
  name: "demo",
  version: "1",
  system: "Extract statements.",
  examples: [
    { input: "Q: a?", output: '{"statements":["a"]}' },
    { input: "Q: b?", output: '{"statements":[]}' },
  ],
  input: "Q: c?",
};

describe("formatCompletionPrompt", () => {
  it("writes the system text, Input/Output example blocks, then the open input block", () => {
    expect(formatCompletionPrompt(prompt)).toBe(
      [
        "Extract statements.",
        'Input:\nQ: a?\nOutput:\n{"statements":["a"]}',
        'Input:\nQ: b?\nOutput:\n{"statements":[]}',
        "Input:\nQ: c?\nOutput:\n",
      ].join("\n\n"),
    );
  });

  it("leaves out an empty system instruction", () => {
    expect(formatCompletionPrompt({ ...prompt, system: "  ", examples: [] })).toBe(
      "Input:\nQ: c?\nOutput:\n",
    );
  });
});

describe("toChatHistory", () => {
  it("turns examples into user/model turns and ends with an empty model turn", () => {
    expect(toChatHistory(prompt)).toEqual([
      { type: "system", text: "Extract statements." },
      { type: "user", text: "Q: a?" },
      { type: "model", response: ['{"statements":["a"]}'] },
      { type: "user", text: "Q: b?" },
      { type: "model", response: ['{"statements":[]}'] },
      { type: "user", text: "Q: c?" },
      { type: "model", response: [] },
    ]);
  });
});

describe("zodToGrammarSchema", () => {
  it("keeps objects, enums, literals and array bounds", () => {
    const schema = z.object({
      verdict: z.literal([0, 1]),
      label: z.enum(["yes", "no"]),
      items: z.array(z.string().max(5)).min(1).max(3),
    });
    expect(zodToGrammarSchema(schema)).toEqual({
      type: "object",
      properties: {
        verdict: { enum: [0, 1] },
        label: { enum: ["yes", "no"] },
        items: { type: "array", items: { type: "string", maxLength: 5 }, minItems: 1, maxItems: 3 },
      },
    });
  });

  it("rewrites anyOf (unions) as oneOf and keeps type lists (nullable scalars)", () => {
    const schema = z.object({
      score: z.union([z.literal(0), z.literal(1)]),
      reason: z.union([z.object({ text: z.string() }), z.boolean()]),
      note: z.string().nullable(),
    });
    expect(zodToGrammarSchema(schema)).toEqual({
      type: "object",
      properties: {
        score: { oneOf: [{ const: 0 }, { const: 1 }] },
        reason: {
          oneOf: [{ type: "object", properties: { text: { type: "string" } } }, { type: "boolean" }],
        },
        note: { type: ["string", "null"] },
      },
    });
  });

  it("rewrites draft-7 definitions and references to $defs", () => {
    const item = z.object({ id: z.int() }).meta({ id: "Item" });
    const converted = zodToGrammarSchema(z.object({ a: item, b: item })) as Record<string, unknown>;
    expect(converted.$defs).toEqual({ Item: { type: "object", properties: { id: { type: "integer" } } } });
    expect(converted.properties).toEqual({ a: { $ref: "#/$defs/Item" }, b: { $ref: "#/$defs/Item" } });
  });

  it("turns tuples into prefixItems and merges intersections of objects", () => {
    expect(zodToGrammarSchema(z.tuple([z.string(), z.boolean()]))).toEqual({
      type: "array",
      prefixItems: [{ type: "string" }, { type: "boolean" }],
      minItems: 2,
      maxItems: 2,
    });
    const both = z.intersection(z.object({ a: z.string() }), z.object({ b: z.number() }));
    expect(zodToGrammarSchema(both)).toEqual({
      type: "object",
      properties: { a: { type: "string" }, b: { type: "number" } },
    });
  });

  it("drops keywords the grammar cannot express", () => {
    expect(zodToGrammarSchema(z.object({ n: z.number().min(0).max(1), e: z.email() }))).toEqual({
      type: "object",
      properties: { n: { type: "number" }, e: { type: "string" } },
    });
  });
});

describe("SequencePool", () => {
  it("serves waiting callers first come, first served", async () => {
    const pool = new SequencePool(["s0"]);
    const order: string[] = [];
    const first = await pool.acquire();
    const waiting = [1, 2, 3].map((n) =>
      pool.acquire().then((item) => {
        order.push(`${n}:${item}`);
        pool.release(item);
      }),
    );
    expect(pool.queued).toBe(3);
    pool.release(first);
    await Promise.all(waiting);
    expect(order).toEqual(["1:s0", "2:s0", "3:s0"]);
  });

  it("hands out at most maxInUse items, and the free item the caller prefers", async () => {
    const pool = new SequencePool(["a", "b", "c"], 2);
    const score = (wanted: string) => (item: string) => (item === wanted ? 1 : 0);
    expect(await pool.acquire(undefined, score("c"))).toBe("c");
    expect(await pool.acquire()).toBe("a"); // no preference: the item free the longest
    let third: string | undefined;
    const waiting = pool.acquire(undefined, score("b")).then((item) => {
      third = item;
    });
    await Promise.resolve();
    expect(third).toBeUndefined(); // two are out: the third caller waits although "b" is free
    expect(pool.queued).toBe(1);
    pool.release("a");
    await waiting;
    expect(third).toBe("b"); // it gets its preferred item, not the one just released
  });

  it("breaks preference ties by the item free the longest", async () => {
    const pool = new SequencePool(["a", "b", "c"]);
    const b = await pool.acquire(undefined, (item) => (item === "b" ? 5 : 0));
    pool.release(b); // free order now a, c, b
    expect(await pool.acquire(undefined, () => 0)).toBe("a");
    expect(await pool.acquire(undefined, () => 0)).toBe("c");
  });

  it("rejects waiters when closed or aborted", async () => {
    const pool = new SequencePool<string>([]);
    const controller = new AbortController();
    const aborted = pool.acquire(controller.signal);
    const closed = pool.acquire();
    controller.abort(new Error("stop"));
    await expect(aborted).rejects.toThrow("stop");
    pool.close(new Error("closed"));
    await expect(closed).rejects.toThrow("closed");
    await expect(pool.acquire()).rejects.toThrow("closed");
  });
});
