/** The special tokens a tokenizer's post-processor puts around one text and around a pair. */
export interface SpecialTokens {
  /** One text: `prefix text suffix`, e.g. `[CLS] text [SEP]`. */
  single: { prefix: readonly number[]; suffix: readonly number[] };
  /** A pair: `prefix first middle second suffix`, e.g. `[CLS] a [SEP] b [SEP]` or RoBERTa's `<s> a </s></s> b </s>`. */
  pair: {
    prefix: readonly number[];
    middle: readonly number[];
    suffix: readonly number[];
    /** token_type_id of each part, in that order: prefix, first, middle, second, suffix. */
    typeIds: {
      prefix: readonly number[];
      first: number;
      middle: readonly number[];
      second: number;
      suffix: readonly number[];
    };
  };
}

/** The post-processor call of `@huggingface/tokenizers` (tokens of each segment in, tokens and type ids out). */
export type PostProcess = (
  tokens: string[],
  pair: string[] | null,
  addSpecialTokens: boolean,
) => { tokens: string[]; token_type_ids?: number[] };

const FIRST = "\u0000first\u0000";
const SECOND = "\u0000second\u0000";

/**
 * Reads the template off the post-processor by running it on two marker tokens. RobertaProcessing pairs get
 * token_type_ids 0 throughout, as the Rust `tokenizers` library and Python transformers give (the JS post-processor
 * gives 1 to the second segment; RoBERTa-family models have a single token type).
 */
export function specialTokensOf(
  postProcess: PostProcess | null,
  postProcessorType: string | undefined,
  idOf: (token: string) => number,
): SpecialTokens {
  if (!postProcess) {
    const none: readonly number[] = [];
    return {
      single: { prefix: none, suffix: none },
      pair: {
        prefix: none,
        middle: none,
        suffix: none,
        typeIds: { prefix: none, first: 0, middle: none, second: 1, suffix: none },
      },
    };
  }
  const single = postProcess([FIRST], null, true).tokens;
  const at = single.indexOf(FIRST);
  const pair = postProcess([FIRST], [SECOND], true);
  const i = pair.tokens.indexOf(FIRST);
  const j = pair.tokens.indexOf(SECOND);
  const roberta = postProcessorType === "RobertaProcessing";
  const types = pair.tokens.map((_, k) => (roberta ? 0 : (pair.token_type_ids?.[k] ?? (k > i ? 1 : 0))));
  const ids = (tokens: string[]) => tokens.map(idOf);
  return {
    single: { prefix: ids(single.slice(0, at)), suffix: ids(single.slice(at + 1)) },
    pair: {
      prefix: ids(pair.tokens.slice(0, i)),
      middle: ids(pair.tokens.slice(i + 1, j)),
      suffix: ids(pair.tokens.slice(j + 1)),
      typeIds: {
        prefix: types.slice(0, i),
        first: types[i]!,
        middle: types.slice(i + 1, j),
        second: types[j]!,
        suffix: types.slice(j + 1),
      },
    },
  };
}

/** How many special tokens a pair adds. */
export function pairSpecialCount(special: SpecialTokens): number {
  return special.pair.prefix.length + special.pair.middle.length + special.pair.suffix.length;
}
