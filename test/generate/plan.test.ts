// The test-set plan: keyphrases, exact mix counts, related-chunk pairs and clusters, and a plan deterministic from
// the seed and balanced across documents, styles, lengths and personas.
import { describe, expect, it } from "vitest";
import { defaultMix } from "../../src/generate/defaults.js";
import type { GenerationContext } from "../../src/generate/stage.js";
import { extractKeyphrases, sharedKeyphrases } from "../../src/generate/synth/keyphrases.js";
import { mixCounts } from "../../src/generate/synth/mix.js";
import { planRows } from "../../src/generate/synth/plan.js";
import { relatedPairs, themeClusters } from "../../src/generate/synth/relations.js";
import type { SynthesizerName } from "../../src/generate/types.js";
import { bridgeChunks } from "../support/generate-chunks.js";
import { ScriptedLlm } from "../support/scripted-llm.js";
import { WordEmbeddings } from "../support/word-embeddings.js";

function context(seed: number): GenerationContext {
  return {
    llm: new ScriptedLlm({}),
    embeddings: new WordEmbeddings(),
    seed,
    callBudget: { maxTokens: 256, timeoutMs: 10_000 },
  };
}

const topic = (documentId: string): string => (documentId === "bread.md" ? "bread" : "bridge");

describe("extractKeyphrases", () => {
  it("keeps content phrases and drops stop words, numbers and short words", () => {
    const [phrases] = extractKeyphrases(["The Hale Bridge opened in 1902 and it carries a railway."]);
    expect(phrases).toContain("hale bridge");
    expect(phrases).toContain("railway");
    expect(phrases).not.toContain("the");
    expect(phrases).not.toContain("1902");
    expect(phrases!.length).toBeLessThanOrEqual(10);
  });

  it("finds what related texts share, and nothing between unrelated ones", () => {
    const phrases = extractKeyphrases(bridgeChunks.map((c) => c.text));
    expect(sharedKeyphrases(phrases[0]!, phrases[1]!)).toContain("hale bridge");
    expect(sharedKeyphrases(phrases[0]!, phrases[3]!)).toEqual([]);
    expect(sharedKeyphrases(phrases[3]!, phrases[4]!)).toContain("wild yeast");
  });

  it("is deterministic", () => {
    const texts = bridgeChunks.map((c) => c.text);
    expect(extractKeyphrases(texts)).toEqual(extractKeyphrases(texts));
  });
});

describe("mixCounts", () => {
  it("splits rows exactly by the largest remainder", () => {
    // The default (Ragas' default_query_distribution) is an equal share each; ties go to Ragas' order.
    expect(mixCounts(10, defaultMix)).toEqual({
      single_hop_specific_query_synthesizer: 4,
      multi_hop_abstract_query_synthesizer: 3,
      multi_hop_specific_query_synthesizer: 3,
    });
    const ragas02 = {
      single_hop_specific_query_synthesizer: 0.5,
      multi_hop_specific_query_synthesizer: 0.25,
      multi_hop_abstract_query_synthesizer: 0.25,
    };
    expect(mixCounts(10, ragas02)).toEqual({
      single_hop_specific_query_synthesizer: 5,
      multi_hop_abstract_query_synthesizer: 3,
      multi_hop_specific_query_synthesizer: 2,
    });
    expect(Object.values(mixCounts(7, defaultMix))).toEqual([3, 2, 2]);
    for (const size of [1, 2, 3, 11, 100]) {
      expect(Object.values(mixCounts(size, defaultMix)).reduce((a, b) => a + b)).toBe(size);
    }
  });

  it("gives a type the chunks cannot serve no rows, and its share to the others", () => {
    const counts = mixCounts(
      8,
      defaultMix,
      new Set<SynthesizerName>([
        "single_hop_specific_query_synthesizer",
        "multi_hop_specific_query_synthesizer",
      ]),
    );
    expect(counts).toEqual({
      single_hop_specific_query_synthesizer: 4,
      multi_hop_specific_query_synthesizer: 4,
      multi_hop_abstract_query_synthesizer: 0,
    });
  });

  it("refuses a bad size, a negative weight, and a mix no available type can serve, saying what to do", () => {
    expect(() => mixCounts(0, defaultMix)).toThrow(/positive integer/);
    expect(() => mixCounts(2.5, defaultMix)).toThrow(/positive integer/);
    expect(() => mixCounts(3, { ...defaultMix, multi_hop_abstract_query_synthesizer: -1 })).toThrow(/>= 0/);
    expect(() =>
      mixCounts(
        3,
        {
          single_hop_specific_query_synthesizer: 0,
          multi_hop_specific_query_synthesizer: 1,
          multi_hop_abstract_query_synthesizer: 0,
        },
        new Set<SynthesizerName>(["single_hop_specific_query_synthesizer"]),
      ),
    ).toThrow(/add single_hop_specific_query_synthesizer/);
  });
});

describe("related chunks", () => {
  it("pairs chunks that share keyphrases and are close, never unrelated ones", async () => {
    const phrases = extractKeyphrases(bridgeChunks.map((c) => c.text));
    const vectors = await new WordEmbeddings().embed(bridgeChunks.map((c) => c.text));
    const pairs = relatedPairs(phrases, vectors);
    expect(pairs.length).toBeGreaterThan(0);
    for (const pair of pairs) {
      const [a, b] = pair.members.map((m) => bridgeChunks[m]!);
      expect(topic(a!.documentId)).toBe(topic(b!.documentId));
      expect(pair.themes.length).toBeGreaterThan(0);
    }
    expect(pairs.map((p) => p.members)).toContainEqual([3, 4]);
    // A similarity floor above every pair's similarity leaves none.
    expect(relatedPairs(phrases, vectors, 1.01)).toEqual([]);
  });

  it("keeps the pairs linear in the chunks, and ignores keyphrases too general to link by", async () => {
    const texts = Array.from(
      { length: 12 },
      (_, i) => `Sourdough starter batch ${"abcdefghijkl"[i]!.repeat(5)} needs rye flour.`,
    );
    const vectors = await new WordEmbeddings().embed(texts);
    const pairs = relatedPairs(extractKeyphrases(texts), vectors);
    expect(pairs.length).toBeGreaterThan(0);
    expect(pairs.length).toBeLessThan((12 * 11) / 2);
    const crowd = Array.from({ length: 51 }, () => ["wild yeast"]);
    const same = Array.from({ length: 51 }, () => Float32Array.of(1, 0));
    expect(relatedPairs(crowd, same)).toEqual([]);
    expect(themeClusters(crowd, same)).toEqual([]);
    expect(relatedPairs(crowd.slice(0, 50), same.slice(0, 50)).length).toBeGreaterThan(0);
  });

  it("clusters chunks around a shared theme, up to three", async () => {
    const phrases = extractKeyphrases(bridgeChunks.map((c) => c.text));
    const vectors = await new WordEmbeddings().embed(bridgeChunks.map((c) => c.text));
    const clusters = themeClusters(phrases, vectors);
    expect(clusters[0]!.members.length).toBeGreaterThanOrEqual(2);
    for (const cluster of clusters) {
      expect(cluster.members.length).toBeLessThanOrEqual(3);
      expect(new Set(cluster.members.map((m) => topic(bridgeChunks[m]!.documentId))).size).toBe(1);
      for (const m of cluster.members) expect(phrases[m]).toContain(cluster.themes[0]);
    }
  });
});

describe("planRows", () => {
  it("is the same for the same seed and differs for another", async () => {
    const a = await planRows(bridgeChunks, 12, defaultMix, context(7));
    const b = await planRows(bridgeChunks, 12, defaultMix, context(7));
    const c = await planRows(bridgeChunks, 12, defaultMix, context(8));
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
    expect(a.map((r) => r.index)).toEqual([...Array(12).keys()]);
  });

  it("plans the exact counts of the mix, multi-hop rows on related chunks with their shared themes", async () => {
    const rows = await planRows(bridgeChunks, 12, defaultMix, context(1));
    const count = (name: SynthesizerName) => rows.filter((r) => r.request.synthesizer === name).length;
    expect(count("single_hop_specific_query_synthesizer")).toBe(4);
    expect(count("multi_hop_specific_query_synthesizer")).toBe(4);
    expect(count("multi_hop_abstract_query_synthesizer")).toBe(4);
    for (const { request } of rows) {
      if (request.synthesizer === "single_hop_specific_query_synthesizer") {
        expect(request.chunks).toHaveLength(1);
        expect(request.themes).toHaveLength(1);
      } else {
        expect(request.chunks.length).toBeGreaterThanOrEqual(2);
        expect(new Set(request.chunks.map((c) => topic(c.documentId))).size).toBe(1);
        const phrases = extractKeyphrases(bridgeChunks.map((c) => c.text));
        for (const chunk of request.chunks) {
          expect(phrases[bridgeChunks.indexOf(chunk)]).toContain(request.themes[0]);
        }
      }
    }
  });

  it("spreads single-hop rows evenly over documents, and styles and lengths evenly over rows", async () => {
    const only = {
      single_hop_specific_query_synthesizer: 1,
      multi_hop_specific_query_synthesizer: 0,
      multi_hop_abstract_query_synthesizer: 0,
    };
    const rows = await planRows(bridgeChunks, 12, only, context(3));
    const perDocument = new Map<string, number>();
    for (const { request } of rows)
      perDocument.set(
        request.chunks[0]!.documentId,
        (perDocument.get(request.chunks[0]!.documentId) ?? 0) + 1,
      );
    expect([...perDocument.values()]).toEqual([4, 4, 4]);
    const styles = new Map<string, number>();
    const lengths = new Map<string, number>();
    for (const { request } of rows) {
      styles.set(request.style, (styles.get(request.style) ?? 0) + 1);
      lengths.set(request.length, (lengths.get(request.length) ?? 0) + 1);
    }
    expect([...styles.values()]).toEqual([3, 3, 3, 3]);
    expect([...lengths.values()]).toEqual([4, 4, 4]);
  });

  it("deals the given personas evenly, and none when none are given", async () => {
    const personas = [
      { name: "Engineer", roleDescription: "Maintains old bridges." },
      { name: "Baker", roleDescription: "Bakes bread at home." },
    ];
    const rows = await planRows(bridgeChunks, 6, defaultMix, context(2), { personas });
    expect(rows.filter((r) => r.request.persona?.name === "Engineer")).toHaveLength(3);
    const plain = await planRows(bridgeChunks, 6, defaultMix, context(2));
    expect(plain.every((r) => r.request.persona === undefined)).toBe(true);
  });

  it("gives the multi-hop share to single-hop when no chunks are related, and refuses no chunks", async () => {
    const rows = await planRows([bridgeChunks[0]!, bridgeChunks[3]!], 4, defaultMix, context(1));
    expect(rows.every((r) => r.request.synthesizer === "single_hop_specific_query_synthesizer")).toBe(true);
    await expect(planRows([], 4, defaultMix, context(1))).rejects.toThrow(/no chunks/);
  });
});
