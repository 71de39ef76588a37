import type { LlamaContextSequence, LlamaModel, Token } from "node-llama-cpp";
import { InvalidInputError } from "../errors.js";
import { grammarChoiceProbabilities } from "./choice-tree.js";
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
  /** Per choice, its probability after the prompt and prefix as {@link grammarChoiceProbabilities} reads it; not normalised. */
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
 * suffix) is tokenized whole; the tokens all choices share are evaluated once, and each choice's remaining tokens
 * are read one after another from the model's full softmax (no sampling cut). A choice's probability is its first
 * token's probability times, at each later token, that token's share among the tokens the choices allow there
 * ({@link grammarChoiceProbabilities}): as under a grammar allowing only the choices, so the suffix costs nothing
 * and "1" and "10" split the first token "1" by the model's odds of ending the value against writing "0". Tokens
 * added for a choice are erased again, so the sequence ends holding the prompt and the shared part.
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

  const paths = answers.map((answer) => answer.slice(shared));
  const steps: Array<Array<ReadonlyMap<number, number> | undefined>> = [];
  let choiceTokens = 0;
  for (const path of paths) {
    choiceTokens += path.length;
    const read: Array<ReadonlyMap<number, number> | undefined> = [next];
    if (path.length > 1 && (next.get(path[0]!) ?? 0) > 0) {
      const after = await sequence.controlledEvaluate(
        path
          .slice(0, -1)
          .map((token) => [token, { generateNext: { probabilities: true, options: FULL_DISTRIBUTION } }]),
      );
      for (let i = 1; i < path.length; i++) read.push(after[i - 1]?.next.probabilities);
      await sequence.eraseContextTokenRanges([{ start: base, end: sequence.nextTokenIndex }]);
    }
    steps.push(read);
  }
  const probabilities = grammarChoiceProbabilities(paths, steps);
  const raw: Record<string, number> = {};
  for (const [index, choice] of request.choices.entries()) raw[choice] = probabilities[index]!;
  return {
    raw,
    evaluatedPromptTokens: head.length,
    promptTokens: promptTokens.length + shared,
    choiceTokens,
  };
}
