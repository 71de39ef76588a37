// Answer plans (issue 14, jump-forward): the known parts of a verdict answer are fed to the judge in batches, the
// reasons are generated, the verdicts read from the grammar-allowed distribution. Checked here: plan validation, the
// plan of a verdict list, that batched prefill gives the same answer and verdicts as feeding the same tokens one at a
// time, and the faithfulness `prefill` option end to end on every test GGUF.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { Cache } from "../src/cache/cache.js";
import { ContextOverflowError, InvalidInputError } from "../src/errors.js";
import { ContextRecall, FactualCorrectness, Faithfulness, NoiseSensitivity } from "../src/index.js";
import { CachedLlm } from "../src/llm/cached-llm.js";
import type { LlamaCppLlm } from "../src/llm/llama-cpp-llm.js";
import { checkPlan, writeFromPlan } from "../src/llm/plan-writer.js";
import type { AnswerPart, Llm } from "../src/llm/types.js";
import {
  faithfulnessVerdictsPrompt,
  verdictsSchema,
} from "../src/metrics/shared/judge/statements/verdicts-prompt.js";
import { listReasonChars, MAX_REASON_CHARS } from "../src/metrics/shared/judge/text-schema.js";
import { verdictListPlan } from "../src/metrics/shared/judge/verdict-plan.js";
import { renderPrompt } from "../src/prompts/render.js";
import { extraGgufPath, tinyGgufPath } from "./setup/paths.js";
import { ggufTestJudges, loadTestJudge } from "./support/gguf-judges.js";
import { expectPrefillEqualsTokenByToken, usePlanJudge } from "./support/plan-equivalence.js";

const statements = ["Rome is the capital of Italy.", "Italy is in Asia.", 'A "quoted" word.'];
const shape = (reasons: boolean) => ({
  listKey: "verdicts",
  textKey: "statement",
  reason: reasons ? { key: "reason", chars: MAX_REASON_CHARS } : undefined,
  choiceKey: "verdict",
  values: ["0", "1"],
});

/** The plan's text with every string part written as `"r"` and every choice as its last value. */
function filled(plan: readonly AnswerPart[]): string {
  return plan
    .map((p) => (p.kind === "text" ? p.text : p.kind === "string" ? '"r"' : p.values.at(-1)))
    .join("");
}

describe("answer plans", () => {
  it("a verdict list plan bounds each reason as the verdicts schema does", () => {
    for (const count of [1, 12, 40]) {
      const texts = Array.from({ length: count }, (_, i) => `Statement ${i}.`);
      const plan = verdictListPlan(
        { ...shape(true), reason: { key: "reason", chars: listReasonChars(count) } },
        texts,
      );
      const reasonBound = (
        z.toJSONSchema(verdictsSchema(count, true)) as unknown as {
          properties: { verdicts: { items: { properties: { reason: { maxLength: number } } } } };
        }
      ).properties.verdicts.items.properties.reason.maxLength;
      const strings = plan.filter((p) => p.kind === "string");
      expect(strings).toHaveLength(count);
      expect(strings.every((p) => p.maxLength === reasonBound)).toBe(true);
    }
    expect(listReasonChars(40)).toBeLessThan(listReasonChars(1));
  });

  it("a verdict list plan joins into an answer the verdicts schema accepts, statements copied exactly", () => {
    for (const reasons of [true, false]) {
      const plan = verdictListPlan(shape(reasons), statements);
      const value = verdictsSchema(statements.length, reasons).parse(JSON.parse(filled(plan)));
      expect(value.verdicts.map((v) => v.statement)).toEqual(statements);
      expect(
        value.verdicts.every((v) => v.verdict === 1 && (reasons ? v.reason === "r" : !("reason" in v))),
      ).toBe(true);
      expect(plan.filter((p) => p.kind === "choice")).toHaveLength(statements.length);
      expect(plan.filter((p) => p.kind === "string")).toHaveLength(reasons ? statements.length : 0);
    }
  });

  it("checkPlan refuses what it cannot write, naming the part", () => {
    const bad: Array<[unknown, string]> = [
      [[], "plan"],
      [[{ kind: "text" }], "plan[0]"],
      [
        [
          { kind: "text", text: "{" },
          { kind: "choice", key: "v", values: ["1"] },
        ],
        "plan[1]",
      ],
      [[{ kind: "choice", key: "v", values: ["1", "1"] }], "plan[0]"],
      [[{ kind: "choice", key: "v", values: ["yes", "no"] }], "plan[0]"],
      [[{ kind: "number" }], "plan[0]"],
      [
        [
          { kind: "text", text: "{" },
          { kind: "string", maxLength: 0 },
        ],
        "plan[1]",
      ],
      [
        [
          { kind: "text", text: "{" },
          { kind: "string", maxLength: 2.5 },
        ],
        "plan[1]",
      ],
    ];
    for (const [plan, field] of bad) {
      let error: unknown;
      try {
        checkPlan(plan as AnswerPart[]);
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(InvalidInputError);
      expect((error as InvalidInputError).field).toBe(field);
    }
    expect(() => checkPlan([{ kind: "choice", key: "v", values: ['"yes"', '"no"'] }])).not.toThrow();
  });

  it("prefill needs a judge that follows plans, and temperature 0", () => {
    const scripted: Llm = {
      id: "scripted",
      generateObject: async () => {
        throw new Error("not called");
      },
      provenance: () => ({
        id: "scripted",
        kind: "llm",
        path: null,
        sha256: null,
        runtime: null,
        settings: {},
      }),
    } as unknown as Llm;
    expect(() => new Faithfulness({ llm: scripted, prefill: true })).toThrow(/Faithfulness\.prefill/);
    expect(() => new Faithfulness({ llm: scripted })).not.toThrow();
    const follows = { ...scripted, followsPlans: true } as Llm;
    expect(() => new Faithfulness({ llm: follows, prefill: true, temperature: 0.5 })).toThrow(
      /temperature 0/,
    );
    expect(new Faithfulness({ llm: follows, prefill: true }).config().options).toMatchObject({
      prefill: true,
    });
    expect(new Faithfulness({ llm: follows }).config().options).not.toHaveProperty("prefill");
  });
});

for (const [label, modelPath] of ggufTestJudges) {
  describe.skipIf(modelPath === undefined)(`answer plans on ${label}`, () => {
    let llm: LlamaCppLlm;
    beforeAll(async () => {
      // No memo: a repeated call runs the model again, so determinism is tested, not the memo.
      llm = await loadTestJudge(modelPath!);
    });
    afterAll(async () => llm?.dispose());

    const input = { contexts: ["Rome is the capital of Italy. Italy is in Europe."], statements };

    for (const reasons of [true, false]) {
      it(`a plan answer is valid, copies the statements and reads one verdict each at the slots asked for (reasons ${reasons})`, async () => {
        const prompt = renderPrompt(faithfulnessVerdictsPrompt, input);
        const schema = verdictsSchema(statements.length, reasons);
        const plan = verdictListPlan(shape(reasons), statements);
        const choiceSlots = [{ key: "verdict", values: ["0", "1"] }];
        const result = await llm.generateObject(prompt, schema, { plan, choiceSlots });
        expect(result.value.verdicts.map((v) => v.statement)).toEqual(statements);
        expect(result.slots).toHaveLength(statements.length);
        for (const [i, slot] of result.slots!.entries()) {
          expect(slot.written).toBe(String(result.value.verdicts[i]!.verdict));
          const p = slot.probabilities;
          expect(p[slot.written]!).toBeGreaterThanOrEqual(Math.max(...Object.values(p)));
          expect(p["0"]! + p["1"]!).toBeCloseTo(1, 12);
        }
        expect(result.usage.prefilledTokens).toBeGreaterThan(0);
        if (!reasons) expect(result.usage.completionTokens).toBe(statements.length);
        const again = await llm.generateObject(prompt, schema, { plan, choiceSlots });
        expect([again.value, again.slots]).toEqual([result.value, result.slots]);
        // Unread, the choices are written greedily under the same grammar: the same answer, no slots reported.
        const unread = await llm.generateObject(prompt, schema, { plan });
        expect(unread.value).toEqual(result.value);
        expect(unread.slots).toBeUndefined();
        expect([unread.usage.completionTokens, unread.usage.prefilledTokens]).toEqual([
          result.usage.completionTokens,
          result.usage.prefilledTokens,
        ]);
      }, 120_000);
    }

    it("a plan whose known text does not fit the window is a ContextOverflowError, before anything runs", async () => {
      const prompt = renderPrompt(faithfulnessVerdictsPrompt, input);
      const long = Array.from({ length: 400 }, (_, i) => `Statement ${i} is long enough.`);
      const error = await llm
        .generateObject(prompt, verdictsSchema(long.length, false), {
          plan: verdictListPlan(shape(false), long),
        })
        .catch((err: unknown) => err);
      expect(error).toBeInstanceOf(ContextOverflowError);
      expect(String(error)).toMatch(/answer plan \d+ known or chosen tokens/);
    });

    it("a plan at temperature > 0 is refused", async () => {
      const prompt = renderPrompt(faithfulnessVerdictsPrompt, input);
      await expect(
        llm.generateObject(prompt, verdictsSchema(3, false), {
          plan: verdictListPlan(shape(false), statements),
          temperature: 0.7,
        }),
      ).rejects.toThrow(/temperature 0/);
    });

    it("context recall, noise sensitivity and factual correctness with prefill: valid rows, the option in the config", async () => {
      const sample = {
        userInput: "What is the capital of Italy?",
        response: "Rome is the capital of Italy. It is in Asia.",
        reference: "Rome is the capital of Italy. Italy is in Europe.",
        retrievedContexts: ["Rome is the capital of Italy.", "Italy is in Europe."],
      };
      for (const metric of [
        new ContextRecall({ llm, prefill: true }),
        new NoiseSensitivity({ llm, prefill: true, reasons: false }),
        new FactualCorrectness({ llm, prefill: true }),
      ]) {
        const [first] = await metric.scoreBatch([sample]);
        expect(first!.status, `${metric.name}: ${first!.reason}`).not.toBe("error");
        expect(metric.config().options).toMatchObject({ prefill: true });
      }
    }, 240_000);

    it("faithfulness with prefill: valid rows, deterministic, the option in the config", async () => {
      const samples = [
        {
          userInput: "What is the capital of Italy?",
          response: "Rome is the capital of Italy. It is in Asia.",
          retrievedContexts: ["Rome is the capital of Italy.", "Italy is in Europe."],
        },
      ];
      for (const reasons of [true, false]) {
        const metric = new Faithfulness({ llm, prefill: true, reasons });
        const first = await metric.scoreBatch(samples);
        expect(first[0]!.status).not.toBe("error");
        expect(await metric.scoreBatch(samples)).toEqual(first);
        expect(metric.config().options).toMatchObject({ prefill: true });
      }
    }, 120_000);
  });
}

describe.skipIf(!tinyGgufPath)("prefill equals token-by-token decoding of the same tokens", () => {
  const judge = usePlanJudge(tinyGgufPath);

  it("a plan's string parts share one budget, as a free answer's tokens do", async () => {
    const { model, context, grammars } = judge();
    const prompt = model.tokenize("Write three words.\n", false);
    const plan: AnswerPart[] = [
      { kind: "text", text: '{"a":' },
      { kind: "string" },
      { kind: "text", text: ',"b":' },
      { kind: "string" },
      { kind: "text", text: ',"c":' },
      { kind: "string" },
      { kind: "text", text: "}" },
    ];
    const write = async (budget: number) => {
      const sequence = context.getSequence();
      try {
        const settings = { maxTokens: budget, retryBudget: budget, temperature: 0, seed: 0 };
        return await writeFromPlan(model, sequence, prompt, 0, plan, grammars, {
          ...settings,
          signal: new AbortController().signal,
        });
      } finally {
        sequence.dispose();
      }
    };
    const free = await write(300);
    // Each part alone is far below the total: budgets per part would let the last call below through.
    expect(free.tokens).toBeGreaterThanOrEqual(6);
    // As in a free answer, the budget must leave one step after the last token, where the judge ends its answer.
    expect((await write(free.tokens + 1)).text).toBe(free.text);
    await expect(write(free.tokens)).rejects.toThrow(/cut off .*\(maxTokens \d+, continued to \d+\)/);
  }, 120_000);
  for (const reasons of [true, false]) {
    it(`same text and verdicts, probabilities within 1e-3 (reasons ${reasons})`, async () => {
      const prompt = judge().model.tokenize(
        "Judge each statement against the context.\nRome is the capital of Italy.\n",
        false,
      );
      const plan = verdictListPlan(shape(reasons), statements);
      const batched = await expectPrefillEqualsTokenByToken(judge(), prompt, plan);
      expect(
        z.object({ verdicts: z.array(z.unknown()) }).parse(JSON.parse(batched.text)).verdicts,
      ).toHaveLength(3);
    }, 120_000);
  }
});

// On stories260K, which writes English: the random-weight tiny model writes byte tokens that decode to U+FFFD, so its
// strings' lengths in JavaScript are not the characters the grammar counted.
describe.skipIf(!extraGgufPath)("a plan's bounded string part (stories260K)", () => {
  const judge = usePlanJudge(extraGgufPath ?? "");

  it("a string part with maxLength closes within it, where the same judge writes longer without", async () => {
    const { model, context, grammars } = judge();
    const prompt = model.tokenize("Write a long sentence.\n", false);
    const write = async (maxLength?: number) => {
      const sequence = context.getSequence();
      const plan: AnswerPart[] = [
        { kind: "text", text: '{"a":' },
        maxLength === undefined ? { kind: "string" } : { kind: "string", maxLength },
        { kind: "text", text: "}" },
      ];
      try {
        const settings = { maxTokens: 300, retryBudget: 300, temperature: 0, seed: 0 };
        const written = await writeFromPlan(model, sequence, prompt, 0, plan, grammars, {
          ...settings,
          signal: new AbortController().signal,
        });
        return z.object({ a: z.string() }).parse(JSON.parse(written.text)).a;
      } finally {
        sequence.dispose();
      }
    };
    const free = await write();
    expect(free.length).toBeGreaterThanOrEqual(4);
    const bound = Math.floor(free.length / 2);
    const bounded = await write(bound);
    expect(bounded.length).toBeGreaterThanOrEqual(1);
    expect(bounded.length).toBeLessThanOrEqual(bound);
  }, 120_000);
});

describe("the judge cache keeps plan answers apart", () => {
  it("a call with a plan has its own key", () => {
    const inner = {
      id: "j",
      followsPlans: true,
      generateObject: async () => ({ value: {}, usage: { promptTokens: 0, completionTokens: 0 } }),
      provenance: () => ({
        id: "j",
        kind: "llm",
        path: "/j.gguf",
        sha256: "a".repeat(64),
        runtime: { name: "x", version: "1" },
        settings: {},
      }),
    } as unknown as Llm;
    using cache = Cache.open({
      path: path.join(mkdtempSync(path.join(tmpdir(), "plan-cache-")), "c.sqlite"),
    });
    const cached = new CachedLlm(inner, cache);
    const prompt = renderPrompt(faithfulnessVerdictsPrompt, { contexts: ["c"], statements: ["s"] });
    const schema = verdictsSchema(1, true);
    const plain = cached.keyFor(prompt, schema, {});
    const planned = cached.keyFor(prompt, schema, { plan: verdictListPlan(shape(true), ["s"]) });
    expect(plain).toBeDefined();
    expect(planned).toBeDefined();
    expect(planned).not.toBe(plain);
    expect(cached.followsPlans).toBe(true);
  });
});
