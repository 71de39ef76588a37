import type { PromptTemplate } from "../../prompts/types.js";
import { type RatingOutput, ratingSchema } from "../shared/judge/ratings.js";

/** What both relevance prompts see: the question and the retrieved contexts joined with newlines. */
export interface RelevanceInput {
  question: string;
  context: string;
}

/**
 * Version of the two NVIDIA context relevance prompts. 1.1.0: the JSON shape they show names no
 * rating value, since a small judge copies it (SmolLM2-135M-Instruct wrote each wording's example rating on
 * every row: docs/calibration.md).
 */
export const NV_CONTEXT_RELEVANCE_PROMPT_VERSION = "1.1.0";

const schema = ratingSchema([0, 1, 2]);

function formatInput(i: RelevanceInput): string {
  return `Question: ${i.question.trim()}\n\nContext: ${i.context.trim()}`;
}

/** Context relevance, first wording: 0 no relevant information, 1 partly, 2 relevant information. */
export const nvContextRelevancePrompt1: PromptTemplate<RelevanceInput, RatingOutput> = {
  name: "nv_context_relevance/rating_1",
  version: NV_CONTEXT_RELEVANCE_PROMPT_VERSION,
  instruction: [
    "You rate whether a context holds the information needed to answer a question.",
    "Use only the context and the question, not what you know yourself.",
    "- 0: the context has no information relevant to answering the question.",
    "- 1: the context has part of the relevant information.",
    "- 2: the context has the relevant information to answer the question.",
    'Reply with JSON only ({"rating": ...}); do not explain.',
  ].join("\n"),
  outputSchema: schema,
  examples: [],
  formatInput,
};

/** Context relevance, second wording, same scale. */
export const nvContextRelevancePrompt2: PromptTemplate<RelevanceInput, RatingOutput> = {
  name: "nv_context_relevance/rating_2",
  version: NV_CONTEXT_RELEVANCE_PROMPT_VERSION,
  instruction: [
    "As an assessor of retrieved text, I judge how far the context gives what is needed to answer the question,",
    "relying only on the context and the question. I answer 0 when it has nothing relevant, 1 when it is",
    "partly relevant, and 2 when it holds relevant information for the answer.",
    'I reply with JSON only ({"rating": ...}), without explanation.',
  ].join("\n"),
  outputSchema: schema,
  examples: [],
  formatInput,
};
