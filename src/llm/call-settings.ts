// The checks of one judge call against the judge: options, the context budget, answer plans and forced choices.
import type { Token } from "node-llama-cpp";
import { InvalidInputError } from "../errors.js";
import type { JudgePrompt } from "../prompts/types.js";
import { checkSeed, checkTemperature, positiveInteger } from "../util/option-checks.js";
import { checkChoiceRequest } from "./choice-probabilities.js";
import { overflowError } from "./overflow-advice.js";
import { assertInputMayFit } from "./overflow-precheck.js";
import { checkPlan } from "./plan-writer.js";
import type { AnswerPart, ChoiceRequest, ChoiceSlot, GenerateObjectOptions } from "./types.js";

/** The settings one `generateObject` call runs with: its options checked and filled from the judge's defaults. */
export interface CallSettings {
  maxTokens: number;
  /** Tokens the one retry of a cut-off answer may take, within what the context has left. */
  retryBudget: number;
  temperature: number;
  seed: number;
  choiceSlots?: readonly ChoiceSlot[];
  plan?: readonly AnswerPart[];
}

/** What a judge lends the checks of a call: its context, its defaults and its tokenizer. */
export interface CallLimits {
  contextSize: number;
  maxTokens: number;
  temperature: number;
  seed: number;
  retryBudgetFactor: number;
  /** Tokens of a piece of text. */
  countTokens: (text: string) => number;
  /** Tokens of the whole rendered prompt. */
  promptTokens: (prompt: JudgePrompt) => Token[];
  /** The room a plan takes beyond its strings' budget. */
  planReservedTokens: (plan: readonly AnswerPart[]) => number;
}

/**
 * The prompt's tokens and the settings of one `generateObject` call. Throws `InvalidInputError` for a bad
 * option (naming it) and for a plan with a temperature other than 0, and `ContextOverflowError` when the
 * prompt, its plan and its answer budget do not fit the context, saying what to shorten or raise.
 *
 * @example
 * const { tokens, settings } = checkCall(prompt, options, limits);
 */
export function checkCall(
  prompt: JudgePrompt,
  options: GenerateObjectOptions,
  limits: CallLimits,
): { tokens: Token[]; settings: CallSettings } {
  const { contextSize } = limits;
  const maxTokens = positiveInteger(options.maxTokens ?? limits.maxTokens, "maxTokens");
  assertInputMayFit(prompt, contextSize - maxTokens, limits.countTokens, contextSize);
  const tokens = limits.promptTokens(prompt);
  const temperature = checkTemperature(options.temperature ?? limits.temperature, "temperature");
  const seed = checkSeed(options.seed ?? limits.seed, "seed");
  if (tokens.length + maxTokens > contextSize) {
    throw overflowError(
      `Prompt "${prompt.name}" has ${tokens.length} tokens; with an answer budget of ${maxTokens} tokens it does ` +
        `not fit the context of ${contextSize} tokens.`,
      { promptTokens: tokens.length, contextSize, answerTokens: maxTokens },
    );
  }
  const plan = options.plan;
  let reserved = 0;
  if (plan !== undefined) {
    checkPlan(plan);
    if (temperature !== 0) {
      throw new InvalidInputError(
        `an answer plan is read greedily: it needs temperature 0, got ${temperature}`,
        {
          field: "plan",
        },
      );
    }
    // The plan's known text and its choices take room in the context beyond the strings' budget.
    reserved = limits.planReservedTokens(plan);
    if (tokens.length + reserved + maxTokens > contextSize) {
      throw overflowError(
        `Prompt "${prompt.name}" has ${tokens.length} tokens and its answer plan ${reserved} known or chosen ` +
          `tokens; with an answer budget of ${maxTokens} generated tokens they do not fit the context of ` +
          `${contextSize} tokens.`,
        { promptTokens: tokens.length + reserved, contextSize, answerTokens: maxTokens },
      );
    }
  }
  const retryBudget = Math.min(
    Math.ceil(maxTokens * limits.retryBudgetFactor),
    contextSize - tokens.length - reserved,
  );
  return {
    tokens,
    settings: {
      maxTokens,
      retryBudget,
      temperature,
      seed,
      ...(options.choiceSlots?.length ? { choiceSlots: options.choiceSlots } : {}),
      ...(plan !== undefined ? { plan } : {}),
    },
  };
}

/**
 * The prompt's tokens for a `scoreChoices` call, after checking the request (see {@link checkChoiceRequest}) and
 * that the prompt with its forced answer start and longest choice fits the context (else `ContextOverflowError`).
 *
 * @example
 * const tokens = checkChoiceCall(prompt, { prefix: '{"verdict":', choices: ["0", "1"] }, limits);
 */
export function checkChoiceCall(prompt: JudgePrompt, request: ChoiceRequest, limits: CallLimits): Token[] {
  checkChoiceRequest(request);
  const tokens = limits.promptTokens(prompt);
  const longest = Math.max(
    ...request.choices.map((c) => limits.countTokens(request.prefix + c + (request.suffix ?? ""))),
  );
  if (tokens.length + longest > limits.contextSize) {
    throw overflowError(
      `Prompt "${prompt.name}" with its forced answer start has ${tokens.length + longest} tokens and does not fit the context of ${limits.contextSize} tokens.`,
      { promptTokens: tokens.length + longest, contextSize: limits.contextSize },
    );
  }
  return tokens;
}
