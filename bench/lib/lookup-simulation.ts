/**
 * Prompt lookup counted without a model: a judge is taken to write a known answer (a few-shot example's answer,
 * the example left out of its prompt), and node-llama-cpp's own InputLookupTokenPredictor, set up as
 * `LlamaCppLlm`'s `promptLookup` sets it up, predicts from the prompt at every step. A step is one forward pass: it
 * evaluates the token chosen last plus the predictions, and yields one token plus every leading prediction equal to
 * the answer (what node-llama-cpp's validation keeps). Grammar cuts of predictions are not modelled.
 *
 * @example
 * const steps = simulateLookup(promptIds, answerIds, 8);
 */
import { InputLookupTokenPredictor } from "node-llama-cpp";
/** Shortest run of the last tokens that must be found in the prompt before a prediction (node-llama-cpp defaults to 1). */
export const LOOKUP_MIN_PATTERN = 2;

import { mulberry32 } from "../../src/math/prng.js";

/** What decoding one answer costs: forward passes and the tokens they evaluate. */
export interface LookupSteps {
  answerTokens: number;
  /** Forward passes (one per token without lookup). */
  steps: number;
  /** Tokens evaluated over all steps: answer tokens plus predictions that were refuted. */
  evaluatedTokens: number;
  /** Batch size of each step (1 + predictions). */
  batchSizes: number[];
}

/** Decoding steps for `answer` after `prompt` with up to `predict` tokens predicted per step (0: none). */
export function simulateLookup(
  prompt: readonly number[],
  answer: readonly number[],
  predict: number,
): LookupSteps {
  if (predict === 0) {
    return {
      answerTokens: answer.length,
      steps: answer.length,
      evaluatedTokens: answer.length,
      batchSizes: answer.map(() => 1),
    };
  }
  const predictor = new InputLookupTokenPredictor({
    patternLength: { min: LOOKUP_MIN_PATTERN },
    predictionLength: { max: predict },
  });
  predictor.updateInputTokens(prompt as number[] as never);
  predictor.reset({ stateTokens: prompt as number[] as never });
  const batchSizes: number[] = [];
  let evaluated = 0;
  let p = 0;
  while (p < answer.length) {
    const predicted = p === 0 ? [] : (predictor.predictTokens() as unknown as number[]);
    let kept = 0;
    while (kept < predicted.length && p + kept < answer.length && predicted[kept] === answer[p + kept])
      kept++;
    batchSizes.push(1 + predicted.length);
    evaluated += 1 + predicted.length;
    const yielded = answer.slice(p, p + 1 + kept);
    predictor.pushTokens(yielded as never);
    p += yielded.length;
  }
  predictor.dispose();
  return { answerTokens: answer.length, steps: batchSizes.length, evaluatedTokens: evaluated, batchSizes };
}

/**
 * A stand-in for a BPE tokenizer such as Qwen's: GPT-2's pre-tokenization pieces (a word with its leading space,
 * a run of punctuation, a run of spaces), each one id. Common English words are one token in Qwen2.5's vocabulary
 * too, so the copy runs are about as long in tokens; rare words, which BPE splits, are one piece here.
 */
export class PieceTokenizer {
  private readonly ids = new Map<string, number>();

  tokenize(text: string): number[] {
    const pieces = text.match(/ ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+/gu) ?? [];
    return pieces.map((piece) => {
      let id = this.ids.get(piece);
      if (id === undefined) {
        id = this.ids.size;
        this.ids.set(piece, id);
      }
      return id;
    });
  }
}

/**
 * `value` with every word of every string replaced by a made-up word (same count; numbers and punctuation kept),
 * so an example can stay in a prompt for its JSON shape without giving away its text.
 *
 * @example
 * maskTexts({ statements: ["Paris is big."] }); // { statements: ["Zuvo qe kasi."] } (words vary)
 */
export function maskTexts<T>(value: T, random: () => number = mulberry32(7)): T {
  if (typeof value === "string") {
    return value.replace(/\p{L}+/gu, (word) => {
      let made = "";
      for (let i = 0; i < word.length; i++) made += "bcdfgklmnprstvz"[Math.floor(random() * 15)];
      return word[0] === word[0]!.toUpperCase() ? made[0]!.toUpperCase() + made.slice(1) : made;
    }) as T;
  }
  if (Array.isArray(value)) return value.map((v) => maskTexts(v, random)) as T;
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskTexts(v, random)])) as T;
  }
  return value;
}
