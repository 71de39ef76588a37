import { readFile } from "node:fs/promises";
import path from "node:path";
import { Tokenizer } from "@huggingface/tokenizers";
import { AirgapEvalError, InvalidInputError } from "../errors.js";
import { positiveInteger } from "../util/option-checks.js";
import { type PostProcess, pairSpecialCount, type SpecialTokens, specialTokensOf } from "./special-tokens.js";
import { type OffsetRules, tokenOffsets } from "./token-offsets.js";
import { PAIR_TRUNCATIONS, type PairTruncation, truncatePair } from "./truncate-pair.js";

/** The tokenization model of a `tokenizer.json`. */
export type TokenizerKind = "WordPiece" | "Unigram" | "BPE";

/** One text's tokens, without special tokens. */
export interface EncodedText {
  ids: number[];
  tokens: string[];
  /** Character offsets `[start, end)` of each token in the text. */
  offsets: Array<[start: number, end: number]>;
}

/** Options of {@link TextTokenizer.encodePair}. */
export interface EncodePairOptions {
  /** The most ids the pair may take, special tokens included. Defaults to {@link TextTokenizer.maxLength}. */
  maxLength?: number;
  /** Which segment is cut when the pair does not fit. Defaults to `"longest_first"` (Hugging Face's default). */
  truncation?: PairTruncation;
}

/** A pair as model input: `ids` with the special tokens, and where each segment's tokens sit in it. */
export interface EncodedPair {
  ids: number[];
  /** 0 for the first segment and its special tokens, 1 for the second (always 0 for RoBERTa-style tokenizers). */
  tokenTypeIds: number[];
  /** Some tokens of a segment were cut to fit `maxLength`. */
  truncated: boolean;
  /** Index in `ids` of the first segment's first token, and how many of its tokens were kept. */
  first: { start: number; kept: number; total: number };
  /** Index in `ids` of the second segment's first token, and how many of its tokens were kept. */
  second: { start: number; kept: number; total: number };
}

/** Fields of `tokenizer_config.json` read here. */
interface TokenizerConfig {
  model_max_length?: unknown;
  unk_token?: unknown;
  pad_token?: unknown;
}

/** Fields of `tokenizer.json` read here (the library reads the rest). */
interface TokenizerJson {
  model?: {
    type?: string;
    vocab?: unknown;
    merges?: unknown;
    unk_token?: string | null;
    unk_id?: number | null;
    continuing_subword_prefix?: string | null;
    end_of_word_suffix?: string | null;
  };
  pre_tokenizer?: unknown;
  decoder?: unknown;
  post_processor?: { type?: string } | null;
  padding?: { pad_id?: number } | null;
  added_tokens?: Array<{ content: string }>;
}

/** The highest id of a tokenizer.json vocabulary (a Unigram list's last position, or a token-to-id map's top value) and of its added tokens. */
function highestId(vocab: unknown, added: Iterable<number>): number {
  let max = Array.isArray(vocab) ? vocab.length - 1 : 0;
  const ids =
    vocab !== null && typeof vocab === "object" && !Array.isArray(vocab) ? Object.values(vocab) : [];
  for (const id of [...ids, ...added]) if (Number.isSafeInteger(id) && id > max) max = id;
  return Math.max(0, max);
}

/** Token strings of tokenizer_config.json may be strings or `{ content }` objects. */
function tokenString(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && typeof (value as { content?: unknown }).content === "string") {
    return (value as { content: string }).content;
  }
  return undefined;
}

/** Every `{ type, ... }` object inside a pre-tokenizer / decoder tree (Sequence nests them). */
function components(node: unknown): Array<Record<string, unknown>> {
  if (!node || typeof node !== "object") return [];
  if (Array.isArray(node)) return node.flatMap(components);
  const record = node as Record<string, unknown>;
  return [record, ...Object.values(record).flatMap((v) => (typeof v === "object" ? components(v) : []))];
}

function kindOf(model: TokenizerJson["model"], file: string): TokenizerKind {
  const type = model?.type;
  if (type === "WordPiece" || type === "Unigram" || type === "BPE") return type;
  if (type === undefined && model) {
    if (model.merges !== undefined) return "BPE";
    if (Array.isArray(model.vocab)) return "Unigram";
    if (model.continuing_subword_prefix !== undefined) return "WordPiece";
  }
  throw new AirgapEvalError(
    `${file}: the tokenizer model is ${type === undefined ? "not declared" : `"${type}"`}; ` +
      "WordPiece, Unigram and BPE tokenizers are supported: use the tokenizer.json the model was trained with",
  );
}

async function readJson<T>(file: string, recovery: string): Promise<T> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    throw new AirgapEvalError(`${file}: cannot be read (${(err as Error).message}); ${recovery}`, {
      cause: err,
    });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new AirgapEvalError(
      `${file}: not valid JSON (${(err as Error).message}); the model directory is damaged: ${recovery}`,
      { cause: err },
    );
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new AirgapEvalError(
      `${file}: holds ${parsed === null ? "null" : Array.isArray(parsed) ? "an array" : `a ${typeof parsed}`}, not a JSON object; ` +
        `the model directory is damaged: ${recovery}`,
    );
  }
  return parsed as T;
}

/** Above this, `model_max_length` is a "no limit" placeholder (transformers writes 1e30). */
const NO_LIMIT = 1_000_000;

/**
 * A Hugging Face tokenizer (`tokenizer.json` + `tokenizer_config.json`) run by `@huggingface/tokenizers`, with what
 * the library leaves out: character offsets, pair truncation (`longest_first` / `only_first` / `only_second`), the
 * special-token template read off the post-processor, and the limits and special ids of `tokenizer_config.json`.
 */
export class TextTokenizer {
  private constructor(
    /** The model directory. */
    readonly dir: string,
    readonly kind: TokenizerKind,
    /** `model_max_length` of tokenizer_config.json, when it declares a real limit. */
    readonly modelMaxLength: number | undefined,
    /** Id of the padding token (tokenizer_config.json's `pad_token`, else tokenizer.json's padding, else 0). */
    readonly padId: number,
    /** Id of the unknown token, when the vocabulary has one. */
    readonly unkId: number | undefined,
    /** The highest token id the tokenizer can give (its vocabulary's and added tokens'). */
    readonly maxId: number,
    /** The special tokens around one text and around a pair. */
    readonly special: SpecialTokens,
    private readonly tokenizer: Tokenizer,
    private readonly rules: OffsetRules,
  ) {}

  /**
   * Loads `dir/tokenizer.json` and `dir/tokenizer_config.json`. A missing or damaged file is an
   * {@link AirgapEvalError} naming it and ending with `recovery` (what to do). Defaults: `recovery` says to copy the
   * model directory again.
   */
  static async load(
    dir: string,
    recovery = "copy the model directory to this machine again",
  ): Promise<TextTokenizer> {
    const jsonFile = path.join(dir, "tokenizer.json");
    const configFile = path.join(dir, "tokenizer_config.json");
    const json = await readJson<TokenizerJson>(jsonFile, recovery);
    const config = await readJson<TokenizerConfig>(configFile, recovery);
    const kind = kindOf(json.model, jsonFile);
    let tokenizer: Tokenizer;
    try {
      tokenizer = new Tokenizer(json, config);
    } catch (err) {
      throw new AirgapEvalError(
        `${jsonFile}: @huggingface/tokenizers could not load it (${(err as Error).message}); ${recovery}`,
        { cause: err },
      );
    }
    const added = new Map<string, number>();
    for (const [id, token] of tokenizer.get_added_tokens_decoder()) added.set(token.content, id);
    const unkToken =
      tokenString(config.unk_token) ??
      json.model?.unk_token ??
      (typeof json.model?.unk_id === "number" && Array.isArray(json.model.vocab)
        ? (json.model.vocab[json.model.unk_id] as [string, number] | undefined)?.[0]
        : undefined) ??
      undefined;
    const idOf = (token: string): number => {
      const id = added.get(token) ?? tokenizer.token_to_id(token);
      if (id !== undefined) return id;
      const unk = unkToken === undefined ? undefined : tokenizer.token_to_id(unkToken);
      if (unk !== undefined) return unk;
      throw new AirgapEvalError(`${jsonFile}: the token "${token}" is not in the vocabulary; ${recovery}`);
    };
    const postProcessor = tokenizer.post_processor as unknown as PostProcess | null;
    const special = specialTokensOf(
      postProcessor ? (a, b, s) => postProcessor(a, b, s) : null,
      json.post_processor?.type,
      idOf,
    );
    const declared = config.model_max_length;
    const modelMaxLength =
      typeof declared === "number" && Number.isFinite(declared) && declared > 0 && declared < NO_LIMIT
        ? declared
        : undefined;
    const padToken = tokenString(config.pad_token);
    const padId =
      (padToken === undefined ? undefined : (added.get(padToken) ?? tokenizer.token_to_id(padToken))) ??
      json.padding?.pad_id ??
      0;
    const unkId =
      unkToken === undefined ? undefined : (added.get(unkToken) ?? tokenizer.token_to_id(unkToken));
    const parts = [...components(json.pre_tokenizer), ...components(json.decoder)];
    const metaspace = parts.find((p) => p.type === "Metaspace");
    const normalizer = tokenizer.normalizer;
    const rules: OffsetRules = {
      byteLevel: parts.some((p) => p.type === "ByteLevel"),
      continuingSubwordPrefix: json.model?.continuing_subword_prefix ?? undefined,
      endOfWordSuffix: json.model?.end_of_word_suffix ?? undefined,
      metaspace: metaspace
        ? String(metaspace.replacement ?? "\u2581")
        : kind === "Unigram"
          ? "\u2581"
          : undefined,
      unkToken,
      addedTokens: new Set(added.keys()),
      normalize: normalizer ? (text) => normalizer.normalize(text) : undefined,
    };
    const maxId = highestId(json.model?.vocab, added.values());
    return new TextTokenizer(dir, kind, modelMaxLength, padId, unkId, maxId, special, tokenizer, rules);
  }

  /** Tokens of `text` without special tokens, with their character offsets. */
  encode(text: string): EncodedText {
    const { ids, tokens } = this.tokenizer.encode(text, { add_special_tokens: false });
    return { ids, tokens, offsets: tokenOffsets(text, tokens, this.rules) };
  }

  /** Ids of `text` without special tokens (no offsets: cheaper than {@link encode}). */
  ids(text: string): number[] {
    return this.tokenizer.encode(text, { add_special_tokens: false }).ids;
  }

  /** `text` as a model input: special tokens around its ids, cut to `maxLength` ids (the special tokens kept). */
  encodeSingle(text: string, maxLength: number): { ids: number[]; truncated: boolean } {
    const { prefix, suffix } = this.special.single;
    const room = maxLength - prefix.length - suffix.length;
    if (room < 1) {
      throw new InvalidInputError(`${maxLength} leaves no room for text after the special tokens`, {
        field: "maxLength",
      });
    }
    const ids = this.ids(text);
    return { ids: [...prefix, ...ids.slice(0, room), ...suffix], truncated: ids.length > room };
  }

  /**
   * The pair as model input: the post-processor's template (e.g. `[CLS] first [SEP] second [SEP]`), token_type_ids
   * as the template gives them, and the segments cut as `truncation` says when the pair exceeds `maxLength` ids.
   * Throws an {@link InvalidInputError} when `maxLength` leaves no room, or when `only_*` cannot make it fit.
   */
  encodePair(first: string, second: string, options: EncodePairOptions = {}): EncodedPair {
    const maxLength = positiveInteger(options.maxLength ?? this.maxLength, "maxLength");
    const truncation = options.truncation ?? "longest_first";
    if (!PAIR_TRUNCATIONS.includes(truncation)) {
      throw new InvalidInputError(
        `must be one of ${PAIR_TRUNCATIONS.join(", ")}, got ${JSON.stringify(truncation)}`,
        { field: "truncation" },
      );
    }
    const budget = maxLength - pairSpecialCount(this.special);
    if (budget < 2) {
      throw new InvalidInputError(
        `${maxLength} leaves no room for a pair after its ${pairSpecialCount(this.special)} special tokens`,
        { field: "maxLength" },
      );
    }
    const a = this.ids(first);
    const b = this.ids(second);
    const kept = truncatePair(a.length, b.length, budget, truncation);
    const { prefix, middle, suffix, typeIds } = this.special.pair;
    const ids = [...prefix, ...a.slice(0, kept.first), ...middle, ...b.slice(0, kept.second), ...suffix];
    const tokenTypeIds = [
      ...typeIds.prefix,
      ...new Array<number>(kept.first).fill(typeIds.first),
      ...typeIds.middle,
      ...new Array<number>(kept.second).fill(typeIds.second),
      ...typeIds.suffix,
    ];
    return {
      ids,
      tokenTypeIds,
      truncated: kept.first < a.length || kept.second < b.length,
      first: { start: prefix.length, kept: kept.first, total: a.length },
      second: { start: prefix.length + kept.first + middle.length, kept: kept.second, total: b.length },
    };
  }

  /** The default `maxLength` of {@link encodePair}: `model_max_length`, else 512. */
  get maxLength(): number {
    return this.modelMaxLength ?? DEFAULT_MAX_LENGTH;
  }
}

/** The limit assumed when tokenizer_config.json declares none. */
export const DEFAULT_MAX_LENGTH = 512;
