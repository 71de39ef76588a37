import { z } from "zod";
import type { PromptExample, PromptTemplate } from "../../prompts/types.js";
import { judgeText } from "../shared/text-schema.js";

/** What the judge sees: the question and the contexts (or a part of them). */
export interface ContextRelevanceInput {
  question: string;
  contexts: string[];
}

/** One statement taken from the contexts and its score: 1 relevant to answering the question, else 0. */
export interface ScoredStatement {
  statement: string;
  score: 0 | 1;
}

/** Output of the `"statements"` mode prompt: every statement of the contexts, each scored. */
export interface ScoredStatementsOutput {
  statements: ScoredStatement[];
}

/** Output of the `"relevant-statements"` mode prompt: only the statements needed to answer. */
export interface RelevantStatementsOutput {
  relevantStatements: string[];
}

/** Version of the `"statements"` mode prompt. */
export const CONTEXT_RELEVANCE_STATEMENTS_VERSION = "1.1.0";
/** Version of the `"relevant-statements"` mode prompt. */
export const CONTEXT_RELEVANCE_RELEVANT_VERSION = "1.1.0";

const STATEMENTS_INSTRUCTION = [
  "You judge how useful retrieved context is for answering a question.",
  "1. Break the context into statements: each one fact, in the context's own words, with pronouns",
  "   replaced by what they refer to. Cover the whole context, in order.",
  "2. Score each statement 1 when it helps answer the question, or 0 when it does not.",
  "Do not answer the question and do not use outside knowledge. Reply with JSON only.",
].join("\n");

const RELEVANT_INSTRUCTION = [
  "You pick, from retrieved context, the sentences needed to answer a question.",
  "Copy only the sentences that are clearly relevant and needed to answer it, word for word.",
  "When nothing in the context helps answer the question, return an empty list.",
  "Do not answer the question and do not use outside knowledge. Reply with JSON only.",
].join("\n");

const STATEMENTS_EXAMPLES: ReadonlyArray<PromptExample<ContextRelevanceInput, ScoredStatementsOutput>> = [
  {
    input: {
      question: "How tall is Mount Kilimanjaro?",
      contexts: [
        "Mount Kilimanjaro is a dormant volcano in Tanzania. Its highest peak, Uhuru, rises 5,895 metres above sea level. About 50,000 people try to climb it every year.",
      ],
    },
    output: {
      statements: [
        { statement: "Mount Kilimanjaro is a dormant volcano in Tanzania.", score: 0 },
        {
          statement: "Uhuru, the highest peak of Mount Kilimanjaro, rises 5,895 metres above sea level.",
          score: 1,
        },
        { statement: "About 50,000 people try to climb Mount Kilimanjaro every year.", score: 0 },
      ],
    },
  },
  {
    input: { question: "Who wrote Don Quixote?", contexts: ["Lisbon is the capital of Portugal."] },
    output: { statements: [{ statement: "Lisbon is the capital of Portugal.", score: 0 }] },
  },
];

const RELEVANT_EXAMPLES: ReadonlyArray<PromptExample<ContextRelevanceInput, RelevantStatementsOutput>> = [
  {
    input: STATEMENTS_EXAMPLES[0]!.input,
    output: { relevantStatements: ["Its highest peak, Uhuru, rises 5,895 metres above sea level."] },
  },
  {
    input: STATEMENTS_EXAMPLES[1]!.input,
    output: { relevantStatements: [] },
  },
];

function formatInput(input: ContextRelevanceInput): string {
  const contexts = input.contexts.map((c, i) => `[${i + 1}] ${c.trim()}`).join("\n\n");
  return `Question:\n${input.question.trim()}\n\nContext:\n${contexts}`;
}

/**
 * Context relevance, `"statements"` mode (Haystack before 2.4): the judge lists the contexts'
 * statements and scores each 0 or 1. Statements and scores come as pairs, so their counts always match.
 */
export const contextRelevanceStatementsPrompt: PromptTemplate<ContextRelevanceInput, ScoredStatementsOutput> =
  {
    name: "context_relevance/statements",
    version: CONTEXT_RELEVANCE_STATEMENTS_VERSION,
    instruction: STATEMENTS_INSTRUCTION,
    outputSchema: z.object({
      statements: z.array(z.object({ statement: judgeText(), score: z.literal([0, 1]) })),
    }),
    examples: STATEMENTS_EXAMPLES,
    formatInput,
  };

/** Context relevance, `"relevant-statements"` mode (Haystack 2.4 and later): the judge returns only the relevant statements. */
export const contextRelevanceRelevantPrompt: PromptTemplate<ContextRelevanceInput, RelevantStatementsOutput> =
  {
    name: "context_relevance/relevant_statements",
    version: CONTEXT_RELEVANCE_RELEVANT_VERSION,
    instruction: RELEVANT_INSTRUCTION,
    outputSchema: z.object({ relevantStatements: z.array(judgeText()) }),
    examples: RELEVANT_EXAMPLES,
    formatInput,
  };
