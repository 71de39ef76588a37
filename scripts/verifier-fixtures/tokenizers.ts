/**
 * Small `tokenizer.json` + `tokenizer_config.json` pairs of each kind the verifiers meet, built from a word list:
 * WordPiece (BERT / MiniLM cross-encoders), Unigram with Metaspace (DeBERTa-v3 NLI, and the T5 layout of HHEM),
 * and byte-level BPE with merges as arrays (ModernBERT, RoBERTa post-processing as an option).
 */
import { tinyEncoderVocabulary, tokenizerConfigJson, tokenizerJson } from "../tiny-onnx-encoder.js";

/** The tokenizer layouts the generator writes. */
export type FixtureTokenizerStyle =
  | "wordpiece"
  | "deberta-unigram"
  | "t5-unigram"
  | "modernbert-bpe"
  | "roberta-bpe";

/** A generated tokenizer: the two files' contents and the vocabulary size. */
export interface FixtureTokenizer {
  tokenizer: unknown;
  config: unknown;
  vocabSize: number;
}

const WORDS = tinyEncoderVocabulary().filter((t) => /^[a-z]+$/.test(t));
const LETTERS = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"];
const PUNCTUATION = [..."., ?!'\"-:;()/%$&"].filter((c) => c !== " ");

function added(tokens: readonly string[]) {
  return tokens.map((content, id) => ({
    id,
    content,
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special: true,
  }));
}

function template(cls: string | undefined, sep: string, ids: Record<string, number>) {
  const special = (id: string) => ({ id, ids: [ids[id]!], tokens: [id] });
  const clsPart = cls ? [{ SpecialToken: { id: cls, type_id: 0 } }] : [];
  return {
    type: "TemplateProcessing",
    single: [...clsPart, { Sequence: { id: "A", type_id: 0 } }, { SpecialToken: { id: sep, type_id: 0 } }],
    pair: [
      ...clsPart,
      { Sequence: { id: "A", type_id: 0 } },
      { SpecialToken: { id: sep, type_id: 0 } },
      { Sequence: { id: "B", type_id: 1 } },
      { SpecialToken: { id: sep, type_id: 1 } },
    ],
    special_tokens: Object.fromEntries([...(cls ? [cls] : []), sep].map((t) => [t, special(t)])),
  };
}

function wordPiece(maxLength: number): FixtureTokenizer {
  const vocab = tinyEncoderVocabulary();
  return { vocabSize: vocab.length, tokenizer: tokenizerJson(vocab), config: tokenizerConfigJson(maxLength) };
}

function unigram(style: "deberta" | "t5", maxLength: number): FixtureTokenizer {
  const specials = style === "deberta" ? ["[PAD]", "[CLS]", "[SEP]", "[UNK]"] : ["<pad>", "</s>", "<unk>"];
  const unk = style === "deberta" ? "[UNK]" : "<unk>";
  const pieces: Array<[string, number]> = specials.map((s) => [s, 0]);
  pieces.push(["\u2581", -3]);
  for (const [i, w] of WORDS.entries()) pieces.push([`\u2581${w}`, -5 - i * 0.001]);
  for (const c of [...LETTERS, ...PUNCTUATION]) pieces.push([c, -10], [`\u2581${c}`, -9]);
  const ids = Object.fromEntries(specials.map((s, i) => [s, i]));
  const metaspace = { type: "Metaspace", replacement: "\u2581", prepend_scheme: "always", split: true };
  return {
    vocabSize: pieces.length,
    tokenizer: {
      version: "1.0",
      truncation: null,
      padding: null,
      added_tokens: added(specials),
      normalizer: {
        type: "Sequence",
        normalizers: [{ type: "Replace", pattern: { String: "``" }, content: '"' }, { type: "NFKC" }],
      },
      pre_tokenizer: { type: "Sequence", pretokenizers: [{ type: "WhitespaceSplit" }, metaspace] },
      post_processor:
        style === "deberta" ? template("[CLS]", "[SEP]", ids) : template(undefined, "</s>", ids),
      decoder: metaspace,
      model: { type: "Unigram", unk_id: specials.indexOf(unk), vocab: pieces, byte_fallback: false },
    },
    config:
      style === "deberta"
        ? {
            tokenizer_class: "DebertaV2Tokenizer",
            model_max_length: maxLength,
            pad_token: "[PAD]",
            unk_token: "[UNK]",
            cls_token: "[CLS]",
            sep_token: "[SEP]",
          }
        : {
            tokenizer_class: "T5Tokenizer",
            model_max_length: maxLength,
            pad_token: "<pad>",
            unk_token: "<unk>",
            eos_token: "</s>",
          },
  };
}

/** GPT-2's printable stand-ins for the 256 byte values. */
function byteAlphabet(): string[] {
  const printable = new Set<number>();
  for (let b = 33; b <= 126; b++) printable.add(b);
  for (let b = 161; b <= 172; b++) printable.add(b);
  for (let b = 174; b <= 255; b++) printable.add(b);
  let extra = 0;
  return [...Array(256).keys()].map((b) => String.fromCodePoint(printable.has(b) ? b : 256 + extra++));
}

function byteLevelBpe(style: "modernbert" | "roberta", maxLength: number): FixtureTokenizer {
  const specials =
    style === "roberta" ? ["<s>", "<pad>", "</s>", "<unk>"] : ["[UNK]", "[CLS]", "[SEP]", "[PAD]", "[MASK]"];
  const vocab: string[] = [...specials, ...byteAlphabet()];
  const merges: Array<[string, string]> = [];
  const seen = new Set(vocab);
  for (const word of WORDS) {
    for (const start of ["\u0120", ""]) {
      let current = start === "" ? word[0]! : `${start}${word[0]!}`;
      if (start !== "" && !seen.has(current)) {
        merges.push([start, word[0]!]);
        vocab.push(current);
        seen.add(current);
      }
      for (const c of word.slice(1)) {
        const merged = current + c;
        if (!seen.has(merged)) {
          merges.push([current, c]);
          vocab.push(merged);
          seen.add(merged);
        }
        current = merged;
      }
    }
  }
  const ids = Object.fromEntries(vocab.map((t, i) => [t, i]));
  const postProcessor =
    style === "roberta"
      ? {
          type: "RobertaProcessing",
          sep: ["</s>", 2],
          cls: ["<s>", 0],
          trim_offsets: true,
          add_prefix_space: false,
        }
      : template("[CLS]", "[SEP]", ids);
  return {
    vocabSize: vocab.length,
    tokenizer: {
      version: "1.0",
      truncation: null,
      padding: null,
      added_tokens: added(specials),
      normalizer: style === "modernbert" ? { type: "NFC" } : null,
      pre_tokenizer: { type: "ByteLevel", add_prefix_space: false, trim_offsets: true, use_regex: true },
      post_processor: postProcessor,
      decoder: { type: "ByteLevel", add_prefix_space: true, trim_offsets: true, use_regex: true },
      model: {
        type: "BPE",
        dropout: null,
        unk_token: null,
        continuing_subword_prefix: "",
        end_of_word_suffix: "",
        fuse_unk: false,
        byte_fallback: false,
        ignore_merges: false,
        vocab: ids,
        merges,
      },
    },
    config:
      style === "roberta"
        ? {
            tokenizer_class: "RobertaTokenizer",
            model_max_length: maxLength,
            pad_token: "<pad>",
            unk_token: "<unk>",
            bos_token: "<s>",
            eos_token: "</s>",
          }
        : {
            tokenizer_class: "PreTrainedTokenizerFast",
            model_max_length: maxLength,
            pad_token: "[PAD]",
            unk_token: "[UNK]",
            cls_token: "[CLS]",
            sep_token: "[SEP]",
          },
  };
}

/** The tokenizer files of `style`, declaring `maxLength` as `model_max_length`. */
export function fixtureTokenizer(style: FixtureTokenizerStyle, maxLength: number): FixtureTokenizer {
  switch (style) {
    case "wordpiece":
      return wordPiece(maxLength);
    case "deberta-unigram":
      return unigram("deberta", maxLength);
    case "t5-unigram":
      return unigram("t5", maxLength);
    case "modernbert-bpe":
      return byteLevelBpe("modernbert", maxLength);
    case "roberta-bpe":
      return byteLevelBpe("roberta", maxLength);
  }
}
