import type { PromptTemplate } from "../../prompts/types.js";
import { type RatingOutput, ratingSchema } from "../shared/judge/ratings.js";

/** What both accuracy prompts see. */
export interface AccuracyInput {
  question: string;
  response: string;
  reference: string;
}

/**
 * Version of the two answer accuracy prompts. 1.1.0: the JSON shape they show names no
 * rating value, since a small judge copies it (SmolLM2-135M-Instruct wrote each wording's example rating on
 * every row: docs/calibration.md).
 */
export const NV_ACCURACY_PROMPT_VERSION = "1.1.0";

const schema = ratingSchema([0, 2, 4]);

/**
 * Answer accuracy, first wording: the user's answer rated against the reference answer, shown in
 * that order. Rating 4 equivalent, 2 partly equivalent, 0 not.
 */
export const nvAccuracyPrompt1: PromptTemplate<AccuracyInput, RatingOutput> = {
  name: "nv_accuracy/rating_1",
  version: NV_ACCURACY_PROMPT_VERSION,
  instruction: [
    "You rate a user's answer to a question against a reference answer, which answers the question fully.",
    "- 4: the user's answer is contained in the reference and equivalent to it in every term, topic, number, date and unit.",
    "- 2: the user's answer is partly contained in the reference and almost equivalent to it.",
    "- 0: the user's answer is not contained in the reference, is inaccurate, or does not answer the question.",
    'Reply with JSON only ({"rating": ...}); do not explain.',
  ].join("\n"),
  outputSchema: schema,
  examples: [],
  formatInput: (i) =>
    `Question: ${i.question.trim()}\n\nUser answer: ${i.response.trim()}\n\nReference answer: ${i.reference.trim()}`,
};

/**
 * Answer accuracy, second wording: the reference shown first, then the user's answer; same scale.
 */
export const nvAccuracyPrompt2: PromptTemplate<AccuracyInput, RatingOutput> = {
  name: "nv_accuracy/rating_2",
  version: NV_ACCURACY_PROMPT_VERSION,
  instruction: [
    "I compare a user's answer with the reference answer to the same question and give one rating:",
    "4 when the two agree on every aspect, topic, number, date and unit;",
    "2 when they mostly agree, with small differences;",
    "0 when the user's answer is wrong, incomplete, unrelated, or does not address the question.",
    'I reply with JSON only ({"rating": ...}), and do not justify it.',
  ].join("\n"),
  outputSchema: schema,
  examples: [],
  formatInput: (i) =>
    `Question: ${i.question.trim()}\n\nReference answer: ${i.reference.trim()}\n\nUser answer: ${i.response.trim()}`,
};
