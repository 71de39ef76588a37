import type { z } from "zod";
import type { JudgePrompt } from "../prompts/types.js";
import type { ModelProvenance } from "../provenance.js";

/** Per-call generation options. Unset fields fall back to the Llm's own defaults. */
export interface GenerateObjectOptions {
  /**
   * Token budget for the answer (with a `plan`: for its string parts together; its text and choices take room of
   * their own). Defaults to the implementation's default (LlamaCppLlm: 512).
   */
  maxTokens?: number;
  /** Sampling temperature; 0 is greedy. Defaults to the Llm's `temperature`. */
  temperature?: number;
  /** Sampling seed, used when temperature > 0. Defaults to the Llm's `seed`. */
  seed?: number;
  /** Aborts the call. Defaults to none. */
  signal?: AbortSignal;
  /**
   * Verdict slots whose probabilities the judge reports while it writes the answer (see {@link ChoiceSlot}); the
   * result then holds one {@link SlotProbabilities} per slot written, in answer order. Judges without token
   * access ignore it (their `readsChoiceSlots` is not true). Defaults to none.
   */
  choiceSlots?: readonly ChoiceSlot[];
  /**
   * Write the answer from this plan instead of generating all of it (jump-forward): the `text` parts are known
   * (JSON structure, statements being judged) and are fed to the model in one batch each, `string` parts are JSON
   * strings the judge writes, and `choice` parts are written greedily under a grammar of their values (the most
   * probable allowed value); a choice whose key is among `choiceSlots` also has its distribution read and reported
   * as a slot (reading costs a pass over the vocabulary per step, so unread choices are cheaper). The parts must
   * join into an answer the schema accepts; the answer is checked against it as always. Needs temperature 0 and a
   * judge whose `followsPlans` is true. Defaults to none (the whole answer is generated under the grammar).
   */
  plan?: readonly AnswerPart[];
}

/**
 * One part of an answer plan ({@link GenerateObjectOptions.plan}).
 *
 * @example
 * const plan: AnswerPart[] = [
 *   { kind: "text", text: '{"statement":"Paris is in France.","verdict":' },
 *   { kind: "choice", key: "verdict", values: ["0", "1"] },
 *   { kind: "text", text: "}" },
 * ];
 */
export type AnswerPart =
  /** Known text, written as given. */
  | { kind: "text"; text: string }
  /**
   * A JSON string (quotes included) the judge writes under a string grammar, of at least one character and at most
   * `maxLength` (characters, as the answer schema's `maxLength` counts them; no bound when left out), so a judge that
   * repeats itself closes the string where the schema would refuse it.
   */
  | { kind: "string"; maxLength?: number }
  /**
   * One of `values` (JSON text), the one the judge finds most probable; reported as a {@link SlotProbabilities} when
   * `key` is among the call's `choiceSlots`.
   */
  | { kind: "choice"; key: string; values: readonly string[] };

/**
 * A verdict slot of a JSON answer: every value the judge writes right after the key `"<key>":` (outside strings).
 *
 * @example
 * const slot: ChoiceSlot = { key: "verdict", values: ["0", "1"] };
 */
export interface ChoiceSlot {
  /** The object key whose value is the verdict, e.g. `"verdict"`. */
  key: string;
  /** The allowed values as JSON text, e.g. `["0","1"]` or `["\"yes\"","\"no\""]`. At least two, distinct. */
  values: readonly string[];
}

/**
 * The judge's distribution over a slot's allowed values at the position where it wrote one, read from the same
 * grammar-constrained forward pass that chose the written token (so at temperature 0 the written value is the most
 * probable token under the grammar).
 */
export interface SlotProbabilities {
  /** The slot's key. */
  key: string;
  /** The value the judge wrote, as JSON text. */
  written: string;
  /** Per allowed value, its probability among the allowed values (they sum to 1). */
  probabilities: Record<string, number>;
  /**
   * Probability, under the grammar, that the judge wrote a value at this position rather than more whitespace
   * first (0..1); the values' probabilities are normalised by it.
   */
  mass: number;
  /**
   * True when a value spans several tokens and a token the judge did not write starts more than one value: that
   * token's probability was then split equally between them (the chain rule needs the next step, which only the
   * written path has).
   */
  approximate: boolean;
}

/** Tokens spent on one call. */
export interface TokenUsage {
  /** Tokens of the whole rendered prompt. */
  promptTokens: number;
  /** Tokens of the answer the judge generated (with a plan: its string parts and the tokens of each chosen value). */
  completionTokens: number;
  /** With a plan: answer tokens written from its known parts and evaluated in batches. Absent without one. */
  prefilledTokens?: number;
  /**
   * Prompt tokens actually run through the model for this call: fewer than `promptTokens` when a kept prompt start
   * was reused, 0 when the judge's in-memory memo answered. Absent when the implementation does not say; a disk
   * cache hit (`CachedLlm`) returns the count of the call that filled the cache.
   */
  evaluatedPromptTokens?: number;
}

/** Work done by a judge since it was loaded (see `LlamaCppLlm.stats()`). */
export interface LlmStats {
  /** `generateObject` and `scoreChoices` calls that reached the model's queue (valid options, prompt fits). */
  calls: number;
  /** Calls answered from memory or by an identical call running at the same time. */
  memoHits: number;
  /** Sum of the rendered prompts' tokens over all calls. */
  promptTokens: number;
  /** Prompt tokens actually run through the model (prefill). */
  evaluatedPromptTokens: number;
  /** Prompt tokens taken from a sequence's kept prompt start instead of being evaluated (see `reusePromptPrefix`). */
  reusedPromptTokens: number;
  /** Answer tokens actually generated, one forward pass each. */
  completionTokens: number;
  /** Answer tokens written from a plan's known parts (`prefill`) and evaluated in batches. */
  prefilledTokens: number;
}

/**
 * A choice among fixed values at one position of a JSON answer: the judge is given the answer text up to the
 * slot (`prefix`, forced, not generated) and asked how likely each allowed value is to come next.
 */
export interface ChoiceRequest {
  /**
   * The answer text before the slot, exactly as the judge should be taken to have written it, e.g.
   * `{"reason":"The tone is polite.","score":`. Compact JSON, as the few-shot examples are rendered.
   */
  prefix: string;
  /** The allowed values as the judge would write them at the slot, e.g. `["1","2","3","4","5"]` or `["0","1"]`. At least two, distinct. */
  choices: readonly string[];
  /**
   * Text that must follow a value, so that a value which starts another one (`1` and `10`) is told apart, e.g.
   * `}` or `,`. Only where a value could end or go on does the suffix's first token count, as the model's odds of
   * ending the value there; elsewhere it costs nothing (a grammar would allow nothing else). Defaults to `""` (a
   * value's probability is then that of its own tokens, and one that starts another is not told apart from it).
   */
  suffix?: string;
}

/** The judge's probabilities for the values of a {@link ChoiceRequest}. */
export interface ChoiceProbabilities {
  /** Per choice, its probability among the choices only (they sum to 1). */
  probabilities: Record<string, number>;
  /**
   * Probability mass the model put on all allowed values together before normalising (0..1): low values mean
   * the model wanted to write something else at the slot, and the distribution says little.
   */
  mass: number;
  /** Tokens of the prompt plus the forced prefix; `completionTokens` counts the choice tokens read. */
  usage: TokenUsage;
}

/** Per-call options of {@link Llm.scoreChoices}. */
export interface ScoreChoicesOptions {
  /** Aborts the call. Defaults to none. */
  signal?: AbortSignal;
}

/** A judge's answer: an object valid against the schema, and what it cost. */
export interface GenerateObjectResult<T> {
  value: T;
  usage: TokenUsage;
  /** The probabilities at each slot of `choiceSlots` the answer holds, in answer order; absent when none were asked for or the judge cannot read them. */
  slots?: SlotProbabilities[];
}

/**
 * A judge LLM that answers a structured prompt with an object valid against a zod schema.
 * Metrics receive one; they never construct it. Implement it to plug in your own judge.
 *
 * @example
 * const { value } = await llm.generateObject(prompt, z.object({ verdict: z.literal([0, 1]) }));
 */
export interface Llm {
  /** Model id or path, for results and cache keys. */
  readonly id: string;
  /**
   * Generates one object. Throws `JudgeOutputError` when no valid object could be produced,
   * and `ContextOverflowError` when the prompt does not fit the context window.
   */
  generateObject<S extends z.ZodType>(
    prompt: JudgePrompt,
    schema: S,
    options?: GenerateObjectOptions,
  ): Promise<GenerateObjectResult<z.output<S>>>;
  /**
   * Optional: the judge's next-token probabilities for a few allowed values at a forced position of its JSON
   * answer, normalised over those values (G-Eval's probability-weighted score, probability-based verdicts).
   * Implementations without access to token probabilities leave it out; callers then say so in their results.
   */
  scoreChoices?(
    prompt: JudgePrompt,
    request: ChoiceRequest,
    options?: ScoreChoicesOptions,
  ): Promise<ChoiceProbabilities>;
  /**
   * Optional: true when `generateObject` reports the probabilities at `choiceSlots` (`LlamaCppLlm` does). Metrics
   * that need them (`scoring: "expected"`, `confidence: true`) refuse a judge without it.
   */
  readonly readsChoiceSlots?: boolean | undefined;
  /** Optional: true when `generateObject` writes answers from a `plan` (`LlamaCppLlm` does). */
  readonly followsPlans?: boolean | undefined;
  /** How the model was made and configured. */
  provenance(): ModelProvenance;
  /** Parallel calls this judge serves at once (more calls queue). Defaults to 1 when absent. */
  readonly concurrency?: number | undefined;
}
