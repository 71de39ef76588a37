/**
 * Local verifiers: small ONNX classifiers (NLI cross-encoders, HHEM-style consistency models, relevance
 * cross-encoders, token-classification hallucination detectors) that score text pairs in milliseconds on a CPU.
 * These are the contracts between the runtime that loads and runs a verifier (`load-verifier.ts`) and the metrics
 * that use one; tests give the metrics scripted verifiers with the same shape.
 */

/** What a verifier model predicts. Read from the model's `config.json` unless the caller names it. */
export type VerifierTask =
  /** Natural-language inference: labels read from `config.json`'s `id2label`; the score is P(entailment). */
  | "nli"
  /** Factual consistency (HHEM-style): the score is P(consistent), from a 2-logit softmax or a 1-logit sigmoid. */
  | "consistency"
  /** Query–passage relevance (MS MARCO-style cross-encoder, one logit): the score is sigmoid(logit). */
  | "relevance"
  /** Token classification (LettuceDetect-style): per-token P(unsupported) over the response's tokens. */
  | "spans";

/** Where a verifier came from, recorded in results configs and cache keys. */
export interface VerifierIdentity {
  /** The models.json id when the verifier was named by id, else the directory as given. */
  readonly id: string;
  /** sha256 (hex) of the ONNX file the session was built from. */
  readonly sha256: string;
  /**
   * sha256 over every file that changes the verifier's numbers: the ONNX file, config.json (its labels) and the
   * tokenizer files (`modelFilesSha256`). What results configs and cache keys compare. `loadVerifier` sets it; a
   * verifier built in code may leave it out, and its `sha256` then stands for all of it.
   */
  readonly filesSha256?: string;
  readonly task: VerifierTask;
  /** The tokenizer's kind, as read from `tokenizer.json` (`WordPiece`, `Unigram`, `BPE`). */
  readonly tokenizer: string;
}

/** One input of a pair verifier. */
export interface VerifierPair {
  /** nli / consistency: the premise (a context chunk); relevance: the query. */
  readonly first: string;
  /** nli / consistency: the hypothesis (a response sentence or claim); relevance: the passage. */
  readonly second: string;
}

/** A pair verifier's answer for one pair. */
export interface VerifierScore {
  /** P(entailment), P(consistent) or P(relevant), in [0, 1]. */
  readonly probability: number;
  /** The pair did not fit `maxTokens` and was truncated (longest-first, as Hugging Face's default) before scoring. */
  readonly truncated: boolean;
}

/** What every verifier offers besides its task-specific call. */
export interface VerifierBase {
  readonly identity: VerifierIdentity;
  /** The most tokens one input may have, special tokens and the model's input template included. */
  readonly maxTokens: number;
  /** Tokens `text` takes alone under this verifier's tokenizer, without special tokens. */
  countTokens(text: string): number;
  /** Character offsets `[start, end)` of each token of `text` (no special tokens), in order: chunk at token bounds. */
  tokenOffsets(text: string): ReadonlyArray<readonly [start: number, end: number]>;
  /** Frees the ONNX session. Later calls throw. */
  close(): Promise<void>;
}

/** An NLI, consistency or relevance verifier. */
export interface PairVerifier extends VerifierBase {
  readonly task: "nli" | "consistency" | "relevance";
  /** Scores every pair, batched internally; one score per pair, in order. */
  score(pairs: readonly VerifierPair[]): Promise<VerifierScore[]>;
}

/** A character span of the response that a span verifier found unsupported by the context. */
export interface UnsupportedSpan {
  /** Offset of the first character in the response. */
  readonly start: number;
  /** Offset after the last character in the response. */
  readonly end: number;
  /** `response.slice(start, end)`. */
  readonly text: string;
  /** The highest token P(unsupported) inside the span. */
  readonly probability: number;
}

/** The input of a span verifier: LettuceDetect reads (context + question) as the first segment, the response as the second. */
export interface SpanInput {
  readonly context: string;
  readonly question?: string;
  readonly response: string;
}

/** A token-classification verifier. */
export interface SpanVerifier extends VerifierBase {
  readonly task: "spans";
  /**
   * Runs the model and merges adjacent response tokens whose P(unsupported) is at least `threshold` into character
   * spans of the response. `truncated` is true when the context was cut to fit `maxTokens` (the response never is:
   * a response that does not fit alone is an error naming its length).
   */
  unsupportedSpans(
    input: SpanInput,
    threshold: number,
  ): Promise<{ spans: UnsupportedSpan[]; truncated: boolean }>;
}

/** Any loaded verifier. */
export type Verifier = PairVerifier | SpanVerifier;
