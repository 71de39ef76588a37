// TextTokenizer (src/tokenizers) on generated tokenizer.json files of each kind: offsets, special tokens read off
// the post-processor, pair truncation (Rust `tokenizers` algorithm), and the ids @huggingface/tokenizers gives.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Tokenizer } from "@huggingface/tokenizers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FixtureTokenizerStyle, fixtureTokenizer } from "../scripts/verifier-fixtures/index.js";
import { TextTokenizer, truncatePair } from "../src/tokenizers/index.js";

const STYLES: FixtureTokenizerStyle[] = [
  "wordpiece",
  "deberta-unigram",
  "t5-unigram",
  "modernbert-bpe",
  "roberta-bpe",
];
let root: string;
const dirOf = (style: string) => path.join(root, style);

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), "airgap-tokenizers-"));
  for (const style of STYLES) {
    const { tokenizer, config } = fixtureTokenizer(style, 32);
    await mkdir(dirOf(style), { recursive: true });
    writeFileSync(path.join(dirOf(style), "tokenizer.json"), JSON.stringify(tokenizer));
    writeFileSync(path.join(dirOf(style), "tokenizer_config.json"), JSON.stringify(config));
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("truncatePair", () => {
  it("longest_first cuts the longer segment first, then both to half (the longer gets the odd token)", () => {
    expect(truncatePair(3, 4, 8, "longest_first")).toEqual({ first: 3, second: 4 });
    expect(truncatePair(10, 3, 8, "longest_first")).toEqual({ first: 5, second: 3 });
    expect(truncatePair(3, 10, 8, "longest_first")).toEqual({ first: 3, second: 5 });
    expect(truncatePair(10, 10, 8, "longest_first")).toEqual({ first: 4, second: 4 });
    expect(truncatePair(9, 10, 7, "longest_first")).toEqual({ first: 3, second: 4 });
    expect(truncatePair(12, 6, 9, "longest_first")).toEqual({ first: 5, second: 4 });
  });

  it("only_first / only_second cut one segment, and say which text to shorten when the other alone is too long", () => {
    expect(truncatePair(10, 3, 8, "only_first")).toEqual({ first: 5, second: 3 });
    expect(truncatePair(3, 10, 8, "only_second")).toEqual({ first: 3, second: 5 });
    expect(() => truncatePair(4, 9, 8, "only_first")).toThrow(
      /second text alone takes 9 tokens.*shorten the second/,
    );
    expect(() => truncatePair(9, 4, 8, "only_second")).toThrow(/first text alone takes 9 tokens/);
  });
});

describe("TextTokenizer", () => {
  it("reads the kind, the limits and the special tokens from the files", async () => {
    const expected = {
      wordpiece: ["WordPiece", "[CLS]", "[SEP]"],
      "deberta-unigram": ["Unigram", "[CLS]", "[SEP]"],
      "t5-unigram": ["Unigram", undefined, "</s>"],
      "modernbert-bpe": ["BPE", "[CLS]", "[SEP]"],
      "roberta-bpe": ["BPE", "<s>", "</s>"],
    } as const;
    for (const style of STYLES) {
      const t = await TextTokenizer.load(dirOf(style));
      const lib = new Tokenizer(
        JSON.parse(readFileSync(path.join(dirOf(style), "tokenizer.json"), "utf8")),
        JSON.parse(readFileSync(path.join(dirOf(style), "tokenizer_config.json"), "utf8")),
      );
      const [kind, cls, sep] = expected[style];
      expect(t.kind, style).toBe(kind);
      expect(t.modelMaxLength).toBe(32);
      expect(t.special.single.prefix).toEqual(cls ? [lib.token_to_id(cls)] : []);
      expect(t.special.single.suffix).toEqual([lib.token_to_id(sep)]);
    }
  });

  it("gives each token its characters of the original text, unknown tokens and accents included", async () => {
    const text = "Hello, naïve Paris zzqx world!";
    const wp = await TextTokenizer.load(dirOf("wordpiece"));
    const e = wp.encode(text);
    expect(e.tokens).toEqual(["hello", ",", "[UNK]", "paris", "[UNK]", "world", "!"]);
    expect(e.offsets.map(([s, end]) => text.slice(s, end))).toEqual([
      "Hello",
      ",",
      "naïve",
      "Paris",
      "zzqx",
      "world",
      "!",
    ]);
    for (const style of ["deberta-unigram", "t5-unigram", "modernbert-bpe"] as const) {
      const t = await TextTokenizer.load(dirOf(style));
      const { tokens, offsets } = t.encode(text);
      expect(offsets.length).toBe(tokens.length);
      // In order, never overlapping (the bytes of one character, split across byte-level tokens, share its span),
      // and together they spell the text without its spaces.
      const distinct = offsets.filter(
        ([s, end], i) => i === 0 || s !== offsets[i - 1]![0] || end !== offsets[i - 1]![1],
      );
      for (let i = 1; i < distinct.length; i++)
        expect(distinct[i]![0]).toBeGreaterThanOrEqual(distinct[i - 1]![1]);
      const spelled = distinct.map(([s, end]) => text.slice(s, end)).join("");
      expect(spelled, style).toBe(text.replace(/\s/g, ""));
    }
    const bpe = await TextTokenizer.load(dirOf("modernbert-bpe"));
    const accent = bpe.encode("naïve");
    // "ï" is two UTF-8 bytes, two byte-level tokens: both point at the one character.
    expect(accent.offsets.map(([s, end]) => "naïve".slice(s, end))).toContain("ï");
  });

  it("builds pairs as the library does, with token_type_ids (zeros for RoBERTa) and a truncated flag", async () => {
    const first = "the capital of france is paris";
    const second = "paris is in europe";
    for (const style of STYLES) {
      const t = await TextTokenizer.load(dirOf(style));
      const lib = new Tokenizer(
        JSON.parse(readFileSync(path.join(dirOf(style), "tokenizer.json"), "utf8")),
        JSON.parse(readFileSync(path.join(dirOf(style), "tokenizer_config.json"), "utf8")),
      );
      const pair = t.encodePair(first, second, { maxLength: 64 });
      const reference = lib.encode(first, { text_pair: second, return_token_type_ids: true });
      expect(pair.ids, style).toEqual(reference.ids);
      expect(pair.truncated).toBe(false);
      expect(pair.tokenTypeIds, style).toEqual(
        style === "roberta-bpe" ? reference.ids.map(() => 0) : reference.token_type_ids,
      );
      expect(pair.ids.slice(pair.second.start, pair.second.start + pair.second.kept)).toEqual(t.ids(second));
    }
    const wp = await TextTokenizer.load(dirOf("wordpiece"));
    const cut = wp.encodePair(first, second, { maxLength: 9, truncation: "only_first" });
    expect(cut.ids.length).toBe(9);
    expect(cut.truncated).toBe(true);
    expect(cut.first).toEqual({ start: 1, kept: 2, total: 6 });
    expect(cut.ids.slice(cut.second.start, cut.second.start + cut.second.kept)).toEqual(wp.ids(second));
    expect(cut.ids.at(-1)).toBe(wp.special.pair.suffix[0]);
    expect(() => wp.encodePair(first, second, { maxLength: 3 })).toThrow(/no room for a pair/);
    expect(() => wp.encodePair(first, second, { truncation: "middle" as never })).toThrow(/longest_first/);
  });

  it("names the damaged or missing file", async () => {
    const broken = path.join(root, "broken");
    await mkdir(broken, { recursive: true });
    await expect(TextTokenizer.load(broken)).rejects.toThrow(
      `${path.join(broken, "tokenizer.json")}: cannot be read`,
    );
    writeFileSync(path.join(broken, "tokenizer.json"), "{not json");
    await expect(TextTokenizer.load(broken)).rejects.toThrow(
      /tokenizer\.json: not valid JSON.*copy the model directory/,
    );
    writeFileSync(
      path.join(broken, "tokenizer.json"),
      JSON.stringify({ model: { type: "WordLevel", vocab: {} } }),
    );
    writeFileSync(path.join(broken, "tokenizer_config.json"), "{}");
    await expect(TextTokenizer.load(broken)).rejects.toThrow(/"WordLevel".*WordPiece, Unigram and BPE/);
  });
});
