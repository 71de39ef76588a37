// Producing a test-set row: the synthesizer call under the call budget, then each filter (context-referring
// phrases, near duplicates, the standalone and answerability verdicts) accepting and rejecting, quotas, and failures.

import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { InvalidInputError } from "../../src/errors.js";
import { contextReference } from "../../src/generate/filters/standalone.js";
import type { GenerationContext, PlannedRow } from "../../src/generate/stage.js";
import { createStage, defaultStage } from "../../src/generate/synth/default-stage.js";
import type { Chunk, SynthesizerName, TestsetRow } from "../../src/generate/types.js";
import { overflowError } from "../../src/llm/overflow-advice.js";
import type { GenerateObjectOptions, GenerateObjectResult, Llm } from "../../src/llm/types.js";
import type { JudgePrompt } from "../../src/prompts/types.js";
import { bridgeChunks } from "../support/generate-chunks.js";
import { type ScriptEntry, ScriptedLlm } from "../support/scripted-llm.js";
import { WordEmbeddings } from "../support/word-embeddings.js";

const singleOnly: Record<SynthesizerName, number> = {
  single_hop_specific_query_synthesizer: 1,
  multi_hop_specific_query_synthesizer: 0,
  multi_hop_abstract_query_synthesizer: 0,
};
const budget = { maxTokens: 200, timeoutMs: 5_000 };
const question = "When did the Hale Bridge open?";
const answer = "The Hale Bridge opened in 1902.";

function judge(overrides: Record<string, ScriptEntry> = {}): ScriptedLlm {
  return new ScriptedLlm({
    "generate/single_hop_specific": () => ({ query: question, answer }),
    "generate/standalone": () => ({ reason: "It names the bridge.", verdict: 1 }),
    "generate/answerable": () => ({ reason: "The context gives the year.", verdict: 1 }),
    ...overrides,
  });
}

function context(llm: Llm, extra: Partial<GenerationContext> = {}): GenerationContext {
  return { llm, embeddings: new WordEmbeddings(), seed: 5, callBudget: budget, ...extra };
}

async function firstRow(
  ctx: GenerationContext,
  chunks: readonly Chunk[] = bridgeChunks.slice(0, 1),
): Promise<PlannedRow> {
  const [row] = await defaultStage.plan(chunks, 1, singleOnly, ctx);
  return row!;
}

function acceptedRow(userInput: string, documentId = "other.md"): TestsetRow {
  return {
    user_input: userInput,
    reference: "x",
    reference_contexts: ["x"],
    reference_context_ids: [`${documentId}#0`],
    synthesizer_name: "single_hop_specific_query_synthesizer",
    source_offsets: [{ documentId, start: 0, end: 1 }],
    query_style: "perfect_grammar",
    query_length: "short",
  };
}

describe("contextReference", () => {
  it("finds phrases that point at an unseen text, and passes questions that name their subject", () => {
    expect(contextReference("According to the text, when did it open?")).toBe("According to the text");
    expect(contextReference("What is described in the given passage?")).toBe("in the given passage");
    expect(contextReference("what does this document say about ferries")).toBe("this document");
    expect(contextReference("How does <2-hop> relate to the bridge?")).toBe("<2-hop>");
    expect(contextReference("When did the Hale Bridge open?")).toBeUndefined();
    expect(contextReference("Which text editor did the author of Vim write first?")).toBeUndefined();
  });
});

describe("produce", () => {
  it("accepts a candidate every filter passes, filling the row from the request and its chunks", async () => {
    const llm = judge();
    const ctx = context(llm);
    const row = await firstRow(ctx);
    const result = await defaultStage.produce(row, ctx, []);
    const chunk = bridgeChunks[0]!;
    expect(result).toEqual({
      row: {
        user_input: question,
        reference: answer,
        reference_contexts: [chunk.text],
        reference_context_ids: [chunk.id],
        synthesizer_name: "single_hop_specific_query_synthesizer",
        source_offsets: [{ documentId: chunk.documentId, start: chunk.start, end: chunk.end }],
        query_style: row.request.style,
        query_length: row.request.length,
      },
    });
    expect(llm.calls.map((c) => c.prompt.name)).toEqual([
      "generate/single_hop_specific",
      "generate/standalone",
      "generate/answerable",
    ]);
    for (const call of llm.calls) {
      expect(call.options?.maxTokens).toBe(budget.maxTokens);
      expect(call.options?.signal).toBeInstanceOf(AbortSignal);
    }
    expect(llm.calls[0]!.options?.temperature).toBeGreaterThan(0);
    expect(llm.calls[1]!.options?.temperature).toBe(0);
    expect(llm.calls[0]!.prompt.input).toContain(`Term: ${row.request.themes[0]}`);
  });

  it("writes the persona's name into the row and the persona into the prompt", async () => {
    const llm = judge();
    const ctx = context(llm);
    const stage = createStage({
      personas: [{ name: "Engineer", roleDescription: "Maintains old bridges." }],
    });
    const [row] = await stage.plan(bridgeChunks.slice(0, 1), 1, singleOnly, ctx);
    const result = await stage.produce(row!, ctx, []);
    expect(result).toMatchObject({ row: { persona_name: "Engineer" } });
    expect(llm.calls[0]!.prompt.input).toContain("Persona: Engineer: Maintains old bridges.");
  });

  it("rejects a question that refers to the text before asking the judge", async () => {
    const llm = judge({
      "generate/single_hop_specific": () => ({
        query: "According to the passage, when did it open?",
        answer,
      }),
    });
    const ctx = context(llm);
    const result = await defaultStage.produce(await firstRow(ctx), ctx, []);
    expect(result).toMatchObject({
      rejected: { question: "According to the passage, when did it open?", reference: answer },
      reason: { kind: "not_standalone", explanation: expect.stringContaining("According to the passage") },
    });
    expect(llm.callsFor("generate/standalone")).toHaveLength(0);
  });

  it("rejects what the judge finds not standalone, with its reason", async () => {
    const llm = judge({
      "generate/standalone": () => ({ reason: "It does not say what opened.", verdict: 0 }),
    });
    const ctx = context(llm);
    const result = await defaultStage.produce(await firstRow(ctx), ctx, []);
    expect(result).toMatchObject({
      reason: { kind: "not_standalone", explanation: "judge: It does not say what opened." },
    });
    expect(llm.callsFor("generate/answerable")).toHaveLength(0);
  });

  it("rejects what the judge finds unanswerable from the contexts, showing it the contexts", async () => {
    const llm = judge({ "generate/answerable": () => ({ reason: "No designer is named.", verdict: 0 }) });
    const ctx = context(llm);
    const result = await defaultStage.produce(await firstRow(ctx), ctx, []);
    expect(result).toMatchObject({
      reason: { kind: "unanswerable", explanation: "judge: No designer is named." },
    });
    expect(llm.callsFor("generate/answerable")[0]!.prompt.input).toContain(bridgeChunks[0]!.text);
  });

  it("rejects a near duplicate of an accepted question and keeps a different one", async () => {
    const ctx = context(judge());
    const row = await firstRow(ctx);
    const reworded = await defaultStage.produce(row, ctx, [acceptedRow("When did Hale Bridge open")]);
    expect(reworded).toMatchObject({ reason: { kind: "near_duplicate", of: "When did Hale Bridge open" } });
    expect((reworded as { reason: { similarity: number } }).reason.similarity).toBeGreaterThanOrEqual(0.95);
    const same = await defaultStage.produce(row, ctx, [acceptedRow("when did the hale bridge open")]);
    expect(same).toMatchObject({ reason: { kind: "near_duplicate", similarity: 1 } });
    const other = await defaultStage.produce(row, ctx, [
      acceptedRow("How does wild yeast keep a sourdough starter alive?"),
    ]);
    expect(other).toHaveProperty("row");
    const strict = createStage({ duplicateSimilarity: 0.3 });
    const [strictRow] = await strict.plan(bridgeChunks.slice(0, 1), 1, singleOnly, ctx);
    expect(
      await strict.produce(strictRow!, ctx, [acceptedRow("Why was the Hale Bridge widened?")]),
    ).toMatchObject({
      reason: { kind: "near_duplicate" },
    });
  });

  it("rejects a row whose type and document already have their planned share, without a judge call", async () => {
    const llm = judge();
    const ctx = context(llm);
    const stage = createStage();
    const [row] = await stage.plan(bridgeChunks.slice(0, 1), 1, singleOnly, ctx);
    const result = await stage.produce(row!, ctx, [acceptedRow("Something else entirely?", "bridge.md")]);
    expect(result).toEqual({
      rejected: null,
      reason: {
        kind: "over_quota",
        synthesizer: "single_hop_specific_query_synthesizer",
        documentId: "bridge.md",
      },
    });
    expect(llm.calls).toHaveLength(0);
    // Another document's rows do not count against it.
    expect(
      await stage.produce(row!, ctx, [acceptedRow("Something else entirely?", "bread.md")]),
    ).toHaveProperty("row");
  });

  it("plans spare rows after the asked-for ones, each held to its type and document's share of the first plan", async () => {
    const llm = judge();
    const ctx = context(llm);
    const chunks = bridgeChunks.slice(0, 1);
    const none = await createStage({ spares: 0 }).plan(chunks, 2, singleOnly, ctx);
    expect(none.map((r) => r.index)).toEqual([0, 1]);
    const stage = createStage();
    const plan = await stage.plan(chunks, 2, singleOnly, ctx);
    expect(plan.map((r) => r.index)).toEqual([0, 1, 2, 3]);
    expect(await createStage().plan(chunks, 2, singleOnly, ctx)).toEqual(plan);
    // The first row was rejected, so one bridge.md row is accepted: a spare may take the second place...
    const one = [acceptedRow("When was the bridge painted?", "bridge.md")];
    expect(await stage.produce(plan[2]!, ctx, one)).toHaveProperty("row");
    // ...but not a third: the plan asked for two rows of this type from this document.
    const two = [...one, acceptedRow("Who built the bridge?", "bridge.md")];
    expect(await stage.produce(plan[3]!, ctx, two)).toMatchObject({ reason: { kind: "over_quota" } });
    expect(() => createStage({ spares: -1 })).toThrow(/spares/);
  });

  it("rejects as failed a judge answer that breaks the schema (a question over the length's bound)", async () => {
    const llm = judge({
      "generate/single_hop_specific": () => ({ query: `What ${"very ".repeat(80)}long question?`, answer }),
    });
    const ctx = context(llm);
    const result = await defaultStage.produce(await firstRow(ctx), ctx, []);
    expect(result).toMatchObject({
      rejected: null,
      reason: { kind: "failed", error: expect.stringMatching(/JudgeOutputError/) },
    });
  });

  it("rejects as failed a call that outlives the time budget, and stops on the run's own abort", async () => {
    const slow: Llm = {
      id: "slow",
      provenance: () => ({ id: "slow", kind: "llm", runtime: { name: "test", version: "0" }, settings: {} }),
      generateObject<S extends z.ZodType>(
        _p: JudgePrompt,
        _s: S,
        options?: GenerateObjectOptions,
      ): Promise<GenerateObjectResult<z.output<S>>> {
        return new Promise((_, reject) => {
          options?.signal?.addEventListener("abort", () => reject(options.signal?.reason));
        });
      },
    };
    const ctx = context(slow, { callBudget: { maxTokens: 50, timeoutMs: 30 } });
    const result = await defaultStage.produce(await firstRow(ctx), ctx, []);
    expect(result).toMatchObject({
      rejected: null,
      reason: { kind: "failed", error: expect.stringContaining("longer than 30 ms") },
    });

    const run = new AbortController();
    const aborting = context(slow, { signal: run.signal, callBudget: { maxTokens: 50, timeoutMs: 60_000 } });
    const pending = defaultStage.produce(await firstRow(aborting), aborting, []);
    run.abort(new Error("run stopped"));
    await expect(pending).rejects.toThrow("run stopped");
  });

  it("stops the run, naming the row, its chunks and the flags to change, when a prompt is over the judge's context", async () => {
    const llm = new ScriptedLlm(
      { "generate/single_hop_specific": () => ({ query: question, answer }) },
      { maxInputChars: 20 },
    );
    const ctx = context(llm);
    const row = await firstRow(ctx);
    const produced = defaultStage.produce(row, ctx, []);
    await expect(produced).rejects.toThrow(InvalidInputError);
    await expect(produced).rejects.toThrow(
      /plan row 0 \(single_hop_specific_query_synthesizer on bridge\.md#0\) does not fit the judge's context: .*--chunk-tokens.*--context-size.*--max-tokens/,
    );
  });

  it("states the judge's overflow once, one full stop; with the window known the overflow rejects only its row", async () => {
    const detail =
      'Prompt "generate/answerable" has 1692 tokens; with an answer budget of 512 tokens it does not fit the context of 2048 tokens.';
    const overflowing = judge({
      "generate/answerable": () => {
        throw overflowError(detail, { promptTokens: 1692, contextSize: 2048, answerTokens: 512 });
      },
    });
    const ctx = context(overflowing);
    const produced = defaultStage.produce(await firstRow(ctx), ctx, []);
    await expect(produced).rejects.toThrow("of 2048 tokens. Pass a smaller --chunk-tokens");
    await expect(produced).rejects.not.toThrow("tokens..");
    const windowed = context(overflowing, {
      window: { contextSize: 2048, countTokens: (t) => t.length, countPromptTokens: () => 1 },
    });
    const row = (await defaultStage.plan(bridgeChunks.slice(0, 1), 1, singleOnly, windowed))[0]!;
    expect(await defaultStage.produce(row, windowed, [])).toMatchObject({
      reason: { kind: "failed", error: expect.stringContaining(detail) },
    });
  });

  it("refuses options out of range, naming them", () => {
    expect(() => createStage({ duplicateSimilarity: 1.5 })).toThrow(
      /duplicateSimilarity must be a cosine similarity/,
    );
    expect(() => createStage({ relatedSimilarity: Number.NaN })).toThrow(/relatedSimilarity/);
    expect(() => createStage({ personas: [{ name: " ", roleDescription: "x" }] })).toThrow(/personas\[0\]/);
  });

  it("writes a multi-hop question from every chunk of the request, numbered", async () => {
    const llm = judge({
      "generate/multi_hop_specific": () => ({
        query: "How many years after opening was the Hale Bridge widened?",
        answer: "48 years.",
      }),
    });
    const ctx = context(llm);
    const mix = {
      single_hop_specific_query_synthesizer: 0,
      multi_hop_specific_query_synthesizer: 1,
      multi_hop_abstract_query_synthesizer: 0,
    };
    const [row] = await defaultStage.plan(bridgeChunks, 1, mix, ctx);
    const result = await defaultStage.produce(row!, ctx, []);
    expect(result).toMatchObject({ row: { synthesizer_name: "multi_hop_specific_query_synthesizer" } });
    const produced = (result as { row: TestsetRow }).row;
    expect(produced.reference_contexts).toEqual(row!.request.chunks.map((c) => c.text));
    expect(produced.source_offsets).toHaveLength(2);
    expect(llm.calls[0]!.prompt.input).toContain("<2-hop>");
  });
});
