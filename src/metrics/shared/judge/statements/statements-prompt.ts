// The statements step of faithfulness, shared by every metric that breaks a text into standalone statements
// (faithfulness, context recall, noise sensitivity, answer correctness). Its name, "faithfulness/statements", is
// part of results files and cache keys, so it keeps the name of the metric that introduced it.
import { z } from "zod";
import type { PromptExample, PromptTemplate } from "../../../../prompts/types.js";
import { judgeTextList, MAX_STATEMENT_CHARS } from "../text-schema.js";

/** Input of step 1: the question and the answer to break into statements. */
export interface StatementsInput {
  question: string;
  answer: string;
}

/** Output of step 1: standalone statements, pronouns resolved. */
export interface StatementsOutput {
  statements: string[];
}

/**
 * Version of the faithfulness statements prompt. 1.3.0: each statement is at most 200 characters, and a call's list is
 * bounded by the answer's words (see `statementListSchema`). 1.4.0: a statement of only whitespace is dropped, not a
 * failed row (`judgeTextList`).
 */
export const FAITHFULNESS_STATEMENTS_VERSION = "1.4.0";

// Each statement bounded in length; the steps bound the count per answer (`extractList`).
const statementsSchema: z.ZodType<StatementsOutput> = z.object({
  statements: judgeTextList(MAX_STATEMENT_CHARS),
});

const STATEMENTS_INSTRUCTION = [
  "Break the answer to the question into short statements that each state one fact or claim.",
  "Rules:",
  "- Every statement must make sense on its own: replace pronouns and references such as",
  '  "he", "it", "this" or "the company" with the name they stand for.',
  "- Keep the meaning of the answer; do not add, drop or correct anything.",
  "- Use the question only to understand what the answer refers to.",
  "Reply with JSON only.",
].join("\n");

// One example, as Ragas' StatementGeneratorPrompt has: every sentence of the answer becomes one or more statements.
// An example answered with an empty list (and a rule asking for one on a refusal) made small instruct judges copy
// that last answer: SmolLM2-135M-Instruct wrote {"statements":[]} for every example row, so every statement
// metric had no score. An answer with no statements still gives the row no score, with its reason.
const STATEMENTS_EXAMPLES: ReadonlyArray<PromptExample<StatementsInput, StatementsOutput>> = [
  {
    input: {
      question: "Who painted the ceiling of the Sistine Chapel?",
      answer: "Michelangelo painted it between 1508 and 1512. He was also a sculptor and an architect.",
    },
    output: {
      statements: [
        "Michelangelo painted the ceiling of the Sistine Chapel.",
        "Michelangelo painted the Sistine Chapel ceiling between 1508 and 1512.",
        "Michelangelo was a sculptor.",
        "Michelangelo was an architect.",
      ],
    },
  },
];

function formatStatementsInput(input: StatementsInput): string {
  return `Question:\n${input.question.trim()}\n\nAnswer:\n${input.answer.trim()}`;
}

/**
 * Step 1 of faithfulness: break the answer into standalone statements.
 *
 * @example
 * const prompt = renderPrompt(faithfulnessStatementsPrompt, { question, answer });
 */
export const faithfulnessStatementsPrompt: PromptTemplate<StatementsInput, StatementsOutput> = {
  name: "faithfulness/statements",
  version: FAITHFULNESS_STATEMENTS_VERSION,
  instruction: STATEMENTS_INSTRUCTION,
  outputSchema: statementsSchema,
  examples: STATEMENTS_EXAMPLES,
  formatInput: formatStatementsInput,
};
