/** Hugging Face tokenizers (`tokenizer.json`) with offsets, pair truncation and special-token templates. */
export type { SpecialTokens } from "./special-tokens.js";
export {
  DEFAULT_MAX_LENGTH,
  type EncodedPair,
  type EncodedText,
  type EncodePairOptions,
  TextTokenizer,
  type TokenizerKind,
} from "./text-tokenizer.js";
export { PAIR_TRUNCATIONS, type PairTruncation, truncatePair } from "./truncate-pair.js";
