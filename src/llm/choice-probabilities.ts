import type { LlamaContextSequence, LlamaModel, Token } from "node-llama-cpp";
import { InvalidInputError } from "../errors.js";
import type { ChoiceRequest } from "./types.js";

/**
 * Checks a {@link ChoiceRequest}: a string prefix, at least two distinct non-empty choices, a string suffix.
 * Throws `InvalidInputError` naming the field.
 */
export function checkChoiceRequest(request: ChoiceRequest): void {
  if (typeof request?.prefix !== "string") {
    throw new InvalidInputError("must be the answer text before the slot, a string", { field: "prefix" });
  }
  const choices: unknown = request.choices;
  if (!Array.isArray(choices) || choices.length < 2) {
    throw new InvalidInputError("must list at least two allowed values", { field: "choices" });
  }
  for (const [i, choice] of choices.entries()) {
    if (typeof choice !== "string" || choice === "") {
      throw new InvalidInputError("must be a non-empty string", { field: `choices[${i}]` });
    }
  }
  if (new Set(choices).size !== choices.length) {
    throw new InvalidInputError("lists a value twice; give each allowed value once", { field: "choices" });
  }
  if (request.suffix !== undefined && typeof request.suffix !== "string") {
    throw new InvalidInputError("must be a string", { field: "suffix" });
  }
}

/**
 * Normalises raw per-choice probabilities over the choices: `probabilities` sum to 1 and `mass` is their sum
 * before normalising. When the model gave the choices no mass at all, every choice gets an equal share and
 * `mass` is 0, so a caller can tell.
 *
 * @example
 * normaliseChoices({ "1": 0.2, "2": 0.6 }); // { probabilities: { "1": 0.25, "2": 0.75 }, mass: 0.8 }
 */
export function normaliseChoices(raw: Record<string, number>): {
  probabilities: Record<string, number>;
  mass: number;
} {
  const keys = Object.keys(raw);
  const mass = keys.reduce((sum, k) => sum + raw[k]!, 0);
  const probabilities: Record<string, number> = {};
  for (const k of keys) probabilities[k] = mass > 0 ? raw[k]! / mass : 1 / keys.length;
  return { probabilities, mass: Math.min(1, mass) };
}

/** Sampling that leaves the softmax untouched: temperature 1, no top-k / top-p / min-p cut. */
const FULL_DISTRIBUTION = { temperature: 1, topK: 0, topP: 1, minP: 0, seed: 0 } as const;

/** What {@link readChoiceProbabilities} measured. */
export interface RawChoiceProbabilities {
  /** Per choice, the probability of its tokens (and the suffix's) after the prompt and prefix; not normalised. */
  raw: Record<string, number>;
  /** Prompt tokens run through the model (the rest was kept in the sequence). */
  evaluatedPromptTokens: number;
  /** Prompt plus forced-prefix tokens. */
  promptTokens: number;
  /** Choice tokens read after the shared part. */
  choiceTokens: number;
}

/**
 * Reads the next-token probabilities of each choice at the end of `promptTokens` + the request's prefix, on a
 * sequence whose first `keep` tokens already hold the prompt's start. Each choice's text (prefix + value +
 * suffix) is tokenized whole; the tokens all choices share are evaluated once, and a choice's probability is
 * the product of its remaining tokens' probabilities, read one after another from the model's full softmax
 * (no grammar, no sampling cut). Tokens added for a choice are erased again, so the sequence ends holding the
 * prompt and the shared part.
 */
export async function readChoiceProbabilities(
  model: LlamaModel,
  sequence: LlamaContextSequence,
  promptTokens: readonly Token[],
  keepTokens: number,
  request: ChoiceRequest,
): Promise<RawChoiceProbabilities> {
  const suffix = request.suffix ?? "";
  const answers = request.choices.map((choice) =>
    model.tokenize(`${request.prefix}${choice}${suffix}`, false, "trimLeadingSpace"),
  );
  let shared = 0;
  const shortest = Math.min(...answers.map((a) => a.length));
  while (shared < shortest - 1 && answers.every((a) => a[shared] === answers[0]![shared])) shared++;

  const keep = Math.min(keepTokens, promptTokens.length - 1);
  if (keep <= 0) await sequence.clearHistory();
  else if (sequence.nextTokenIndex > keep) {
    await sequence.eraseContextTokenRanges([{ start: keep, end: sequence.nextTokenIndex }]);
  }
  const head = [...promptTokens.slice(Math.max(0, keep)), ...answers[0]!.slice(0, shared)];
  const lastIndex = head.length - 1;
  const first = await sequence.controlledEvaluate(
    head.map((token, i) =>
      i === lastIndex
        ? [token, { generateNext: { probabilities: true, options: FULL_DISTRIBUTION } }]
        : token,
    ),
  );
  const next = first[lastIndex]?.next.probabilities;
  if (next === undefined) throw new Error("llama.cpp returned no next-token probabilities");
  const base = sequence.nextTokenIndex;

  const raw: Record<string, number> = {};
  let choiceTokens = 0;
  for (const [index, choice] of request.choices.entries()) {
    const rest = answers[index]!.slice(shared);
    choiceTokens += rest.length;
    let probability = next.get(rest[0]!) ?? 0;
    if (rest.length > 1 && probability > 0) {
      const steps = await sequence.controlledEvaluate(
        rest
          .slice(0, -1)
          .map((token) => [token, { generateNext: { probabilities: true, options: FULL_DISTRIBUTION } }]),
      );
      for (let i = 1; i < rest.length; i++) {
        probability *= steps[i - 1]?.next.probabilities?.get(rest[i]!) ?? 0;
      }
      await sequence.eraseContextTokenRanges([{ start: base, end: sequence.nextTokenIndex }]);
    }
    raw[choice] = probability;
  }
  return {
    raw,
    evaluatedPromptTokens: head.length,
    promptTokens: promptTokens.length + shared,
    choiceTokens,
  };
}
