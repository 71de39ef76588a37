import { z } from "zod";
import type { PromptExample, PromptTemplate } from "../../prompts/types.js";
import { judgeTextList, MAX_STATEMENT_CHARS } from "../shared/judge/text-schema.js";

/** How finely claims are split: `low` keeps related facts together, `high` gives one fact per claim. */
export type Atomicity = "low" | "high";
/** How much of the text the claims cover: `low` only its main points, `high` every fact it states. */
export type Coverage = "low" | "high";

/** What the claim step sees: the text to decompose. */
export interface ClaimsInput {
  text: string;
}

/** The claims of a text. */
export interface ClaimsOutput {
  claims: string[];
}

/**
 * Version of the claim decomposition prompts (all four atomicity/coverage variants). 1.1.0: each claim is at most 200
 * characters, and a call's list is bounded by the text's words (`statementListSchema`). 1.2.0: a claim of only
 * whitespace is dropped (`judgeTextList`).
 */
export const FACTUAL_CORRECTNESS_CLAIMS_VERSION = "1.2.0";

const ATOMICITY_RULES: Record<Atomicity, string> = {
  low: "- Atomicity low: a claim may keep closely related facts of one sentence together.",
  high: "- Atomicity high: every claim states exactly one fact; split sentences that state several.",
};

const COVERAGE_RULES: Record<Coverage, string> = {
  low: "- Coverage low: keep only the main points; leave out minor details such as dates and side remarks.",
  high: "- Coverage high: cover every fact the text states, including dates, numbers and details.",
};

const CURIE =
  "Marie Curie was a Polish-born physicist and chemist who won the Nobel Prize in Physics in 1903 and the Nobel Prize in Chemistry in 1911. She was the first woman to win a Nobel Prize.";

const CURIE_CLAIMS: Record<`${Atomicity}/${Coverage}`, string[]> = {
  "low/low": [
    "Marie Curie was a physicist and chemist.",
    "Marie Curie won Nobel Prizes in Physics and in Chemistry.",
  ],
  "low/high": [
    "Marie Curie was a Polish-born physicist and chemist.",
    "Marie Curie won the Nobel Prize in Physics in 1903 and the Nobel Prize in Chemistry in 1911.",
    "Marie Curie was the first woman to win a Nobel Prize.",
  ],
  "high/low": [
    "Marie Curie was a physicist.",
    "Marie Curie was a chemist.",
    "Marie Curie won the Nobel Prize in Physics.",
    "Marie Curie won the Nobel Prize in Chemistry.",
  ],
  "high/high": [
    "Marie Curie was born in Poland.",
    "Marie Curie was a physicist.",
    "Marie Curie was a chemist.",
    "Marie Curie won the Nobel Prize in Physics in 1903.",
    "Marie Curie won the Nobel Prize in Chemistry in 1911.",
    "Marie Curie was the first woman to win a Nobel Prize.",
  ],
};

function formatInput(input: ClaimsInput): string {
  return `Text:\n${input.text.trim()}`;
}

/**
 * Factual correctness, claim step: decompose a text (the response, or the reference) into claims,
 * as finely (`atomicity`) and as completely (`coverage`) as asked. Each of the four variants has its
 * own instruction and example, so a small judge sees only the rules it must follow.
 *
 * @example
 * const template = claimsPrompt("high", "low");
 * const prompt = renderPrompt(template, { text: response });
 */
export function claimsPrompt(
  atomicity: Atomicity,
  coverage: Coverage,
): PromptTemplate<ClaimsInput, ClaimsOutput> {
  const examples: Array<PromptExample<ClaimsInput, ClaimsOutput>> = [
    { input: { text: CURIE }, output: { claims: CURIE_CLAIMS[`${atomicity}/${coverage}`] } },
    {
      input: { text: "Thanks for asking! Let me know if I can help with anything else." },
      output: { claims: [] },
    },
  ];
  return {
    name: `factual_correctness/claims_${atomicity}_atomicity_${coverage}_coverage`,
    version: FACTUAL_CORRECTNESS_CLAIMS_VERSION,
    instruction: [
      "Decompose the text into claims: short sentences that each state something the text asserts.",
      ATOMICITY_RULES[atomicity],
      COVERAGE_RULES[coverage],
      '- Every claim must make sense on its own: replace pronouns such as "she" or "it" with the name.',
      "- Keep the text's meaning; do not add, correct or judge anything.",
      "- When the text asserts nothing (a greeting, a refusal), return an empty list.",
      "Reply with JSON only.",
    ].join("\n"),
    outputSchema: z.object({ claims: judgeTextList(MAX_STATEMENT_CHARS) }),
    examples,
    formatInput,
  };
}
