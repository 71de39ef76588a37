import type { PromptTemplate } from "../../prompts/types.js";
import { type RatingOutput, ratingSchema } from "../shared/judge/ratings.js";

/** What both groundedness prompts see: the retrieved contexts joined with newlines, and the response. */
export interface GroundednessInput {
  context: string;
  response: string;
}

/**
 * Version of the two response groundedness prompts. 1.1.0: the JSON shape they show names no
 * rating value, since a small judge copies it (SmolLM2-135M-Instruct wrote each wording's example rating on
 * every row: docs/calibration.md).
 */
export const NV_RESPONSE_GROUNDEDNESS_PROMPT_VERSION = "1.1.0";

const schema = ratingSchema([0, 1, 2]);

/** Response groundedness, first wording: 0 unsupported, 1 partly supported, 2 fully supported. */
export const nvGroundednessPrompt1: PromptTemplate<GroundednessInput, RatingOutput> = {
  name: "nv_response_groundedness/rating_1",
  version: NV_RESPONSE_GROUNDEDNESS_PROMPT_VERSION,
  instruction: [
    "You rate whether an assertion is supported by a context.",
    "- 0: the assertion is not supported by the context, or the context or the assertion is empty.",
    "- 1: the assertion is partly supported by the context.",
    "- 2: the assertion is fully supported by the context.",
    'Reply with JSON only ({"rating": ...}); do not explain.',
  ].join("\n"),
  outputSchema: schema,
  examples: [],
  formatInput: (i) => `Context:\n<${i.context.trim()}>\n\nAssertion:\n<${i.response.trim()}>`,
};

/** Response groundedness, second wording, same scale. */
export const nvGroundednessPrompt2: PromptTemplate<GroundednessInput, RatingOutput> = {
  name: "nv_response_groundedness/rating_2",
  version: NV_RESPONSE_GROUNDEDNESS_PROMPT_VERSION,
  instruction: [
    "I assess how strongly a context backs an assertion: 0 when it does not (or either is empty),",
    "1 when it backs the assertion in part, 2 when it backs all of it.",
    'I reply with JSON only ({"rating": ...}), and add nothing else.',
  ].join("\n"),
  outputSchema: schema,
  examples: [],
  formatInput: (i) => `Context:\n[${i.context.trim()}]\n\nAssertion:\n[${i.response.trim()}]`,
};
