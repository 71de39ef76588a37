// The plan within the judge's window: chunk groups kept, trimmed or left out by what their calls need, the default
// chunk size, a mix the window cannot serve, and mix shares that would overflow when summed.
import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../../src/errors.js";
import { normalizeMix } from "../../src/generate/generate-testset.js";
import type { GenerationContext, JudgeWindow } from "../../src/generate/stage.js";
import { createStage } from "../../src/generate/synth/default-stage.js";
import { fittingGroups } from "../../src/generate/synth/fit-groups.js";
import type { RelatedGroup } from "../../src/generate/synth/relations.js";
import { WindowFit } from "../../src/generate/synth/window.js";
import type { SynthesizerName } from "../../src/generate/types.js";
import type { JudgePrompt } from "../../src/prompts/types.js";
import { bridgeChunks } from "../support/generate-chunks.js";
import { ScriptedLlm } from "../support/scripted-llm.js";
import { WordEmbeddings } from "../support/word-embeddings.js";

/** A judge's window counting 4 characters a token (as the test chunks do). */
function window(contextSize: number): JudgeWindow {
  const countTokens = (text: string) => Math.ceil(text.length / 4);
  const whole = (p: JudgePrompt) =>
    [p.system ?? "", ...p.examples.flatMap((e) => [e.input, e.output]), p.input].join("\n");
  return { contextSize, countTokens, countPromptTokens: (p) => countTokens(whole(p)) };
}

const abstract: SynthesizerName = "multi_hop_abstract_query_synthesizer";
const specific: SynthesizerName = "multi_hop_specific_query_synthesizer";
const cluster: RelatedGroup = { members: [0, 1, 2], themes: ["hale bridge"], similarity: 0.8 };
const tokens = (members: readonly number[]) => members.reduce((sum, m) => sum + bridgeChunks[m]!.tokens, 0);

describe("fittingGroups", () => {
  it("keeps a group that fits, trims one that does not to its shortest pair, and leaves out what no pair fits", () => {
    const probe = new WindowFit(window(100_000), 200);
    const shortestPair = [
      [0, 1],
      [0, 2],
      [1, 2],
    ].sort((a, b) => tokens(a) - tokens(b))[0]!;
    const pairNeeds = probe.needs(
      abstract,
      shortestPair.map((m) => bridgeChunks[m]!),
      cluster.themes,
    );
    const tripleNeeds = probe.needs(
      abstract,
      cluster.members.map((m) => bridgeChunks[m]!),
      cluster.themes,
    );
    expect(tripleNeeds).toBeGreaterThan(pairNeeds);

    expect(fittingGroups(abstract, [cluster], bridgeChunks, new WindowFit(window(tripleNeeds), 200))).toEqual(
      [cluster],
    );
    expect(fittingGroups(abstract, [cluster], bridgeChunks, new WindowFit(window(pairNeeds), 200))).toEqual([
      { ...cluster, members: shortestPair },
    ]);
    expect(
      fittingGroups(abstract, [cluster], bridgeChunks, new WindowFit(window(pairNeeds - 1), 200)),
    ).toEqual([]);
    // No window (a judge that reports none): every group as it is.
    expect(fittingGroups(abstract, [cluster], bridgeChunks, undefined)).toEqual([cluster]);
  });

  it("sizes the default chunk to two chunks a call, at most 384, never below the longest sentence", () => {
    expect(new WindowFit(window(32_768), 512).chunkTokens(0.25, 40)).toBe(384);
    const small = new WindowFit(window(1400), 512);
    const pairwise = small.chunkTokens(0.25, 1)!;
    expect(pairwise).toBeLessThan(384);
    expect(small.chunkTokens(0.25, pairwise + 20)).toBe(pairwise + 20);
    expect(new WindowFit(window(600), 512).chunkTokens(0.25, 1)).toBeUndefined();
  });
});

describe("the plan in a small window", () => {
  const mix = (specificShare: number): Record<SynthesizerName, number> => ({
    single_hop_specific_query_synthesizer: 1 - specificShare,
    multi_hop_specific_query_synthesizer: specificShare,
    multi_hop_abstract_query_synthesizer: 0,
  });
  // Room for one chunk's calls, not for two.
  const probe = new WindowFit(window(100_000), 200);
  const oneChunk = Math.max(
    ...bridgeChunks.map((c) => probe.needs("single_hop_specific_query_synthesizer", [c], ["hale bridge"])),
  );
  const ctx: GenerationContext = {
    llm: new ScriptedLlm({}),
    embeddings: new WordEmbeddings(),
    seed: 3,
    callBudget: { maxTokens: 200, timeoutMs: 5_000 },
    window: window(oneChunk + 8),
  };

  it("gives the share of a type no group of which fits to the others, under the default mix", async () => {
    const rows = await createStage({ spares: 0 }).plan(bridgeChunks, 4, mix(0.5), ctx);
    expect(rows.map((r) => r.request.synthesizer)).toEqual(
      Array(4).fill("single_hop_specific_query_synthesizer"),
    );
  });

  it("refuses it when the user chose the mix, saying the groups do not fit and what to change", async () => {
    const plan = createStage({ spares: 0, strictMix: true }).plan(bridgeChunks, 4, mix(0.5), ctx);
    await expect(plan).rejects.toThrow(InvalidInputError);
    await expect(plan).rejects.toThrow(
      new RegExp(
        `the mix asks for ${specific} \\(50% of the rows\\), but none of the \\d+ groups of related chunks for ${specific} fits the judge's context of \\d+ tokens, with 200 kept for each answer.*--chunk-tokens`,
      ),
    );
  });
});

describe("normalizeMix", () => {
  it("scales shares near the largest double instead of summing them to Infinity", () => {
    const mix = normalizeMix({
      single_hop_specific_query_synthesizer: 1e308,
      multi_hop_specific_query_synthesizer: 1e308,
    });
    expect(mix.single_hop_specific_query_synthesizer).toBe(0.5);
    expect(mix.multi_hop_specific_query_synthesizer).toBe(0.5);
    expect(() => normalizeMix({ single_hop_specific_query_synthesizer: Number.POSITIVE_INFINITY })).toThrow(
      /finite numbers >= 0/,
    );
  });
});
