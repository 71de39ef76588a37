import { z } from "zod";
import type { PromptExample, PromptTemplate } from "../../prompts/types.js";
import { promptWithoutReasons } from "../shared/choice-verdicts.js";
import { examplesFingerprint } from "../shared/evaluator-runner.js";
import { exactly } from "../shared/sized.js";
import { judgeText } from "../shared/text-schema.js";

/** Input of step 1: the question and the answer to break into statements. */
export interface StatementsInput {
  question: string;
  answer: string;
}

/** Output of step 1: standalone statements, pronouns resolved. */
export interface StatementsOutput {
  statements: string[];
}

/** Input of step 2: the contexts (or a part of them) and the statements to check. */
export interface VerdictsInput {
  contexts: string[];
  statements: string[];
}

/**
 * One statement's verdict: 1 when it can be inferred from the contexts, else 0, with a short reason (absent
 * when the metric runs with `reasons: false`). Verdicts read from token probabilities also carry their
 * `confidence`, and with `scoring: "expected"` the probability of 1 as `weight`, which the score then uses.
 */
export interface Verdict {
  statement: string;
  reason?: string;
  verdict: 0 | 1;
  /** Probability of the chosen verdict among 0 and 1 (scoring "argmax" or "expected"). */
  confidence?: number;
  /** Probability of verdict 1, used by the score in place of the verdict (scoring "expected"). */
  weight?: number;
}

/** Output of step 2: one verdict per statement, in order. */
export interface VerdictsOutput {
  verdicts: Verdict[];
}

/** Version of the faithfulness statements prompt. */
export const FAITHFULNESS_STATEMENTS_VERSION = "1.1.0";
/** Version of the faithfulness verdicts prompt. */
export const FAITHFULNESS_VERDICTS_VERSION = "1.1.0";

const statementsSchema: z.ZodType<StatementsOutput> = z.object({ statements: z.array(judgeText()) });

const verdictSchema = z.object({
  statement: judgeText(),
  reason: judgeText(),
  verdict: z.literal([0, 1]),
});

const verdictWithoutReasonSchema = z.object({ statement: judgeText(), verdict: z.literal([0, 1]) });

/**
 * The verdicts schema for `count` statements: exactly `count` verdicts, so the grammar cannot skip one;
 * `reasons: false` leaves the reason field out.
 */
export function verdictsSchema(count: number, reasons = true): z.ZodType<VerdictsOutput> {
  return z.object({
    verdicts: exactly(
      reasons ? verdictSchema : verdictWithoutReasonSchema,
      count,
      `expected exactly ${count} verdicts, one per statement, in the statements' order`,
    ),
  });
}

const STATEMENTS_INSTRUCTION = [
  "Break the answer to the question into short statements that each state one fact or claim.",
  "Rules:",
  "- Every statement must make sense on its own: replace pronouns and references such as",
  '  "he", "it", "this" or "the company" with the name they stand for.',
  "- Keep the meaning of the answer; do not add, drop or correct anything.",
  "- Use the question only to understand what the answer refers to.",
  '- When the answer makes no claim (a refusal, "I don\'t know", a greeting), return an empty list.',
  "Reply with JSON only.",
].join("\n");

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
  {
    input: { question: "What is the boiling point of ethanol?", answer: "Sorry, I can't help with that." },
    output: { statements: [] },
  },
];

const VERDICTS_INSTRUCTION = [
  "You check statements against context passages.",
  "For each statement, in the order given, decide whether it can be inferred from the context alone.",
  "- verdict 1: the context states it or it follows directly from what the context says.",
  "- verdict 0: the context does not say it, says something else, or contradicts it.",
  "Do not use outside knowledge: a true statement the context does not support gets 0.",
  "Return exactly one verdict per statement, copy the statement text, and give a one-sentence reason",
  "before the verdict. Reply with JSON only.",
].join("\n");

const VERDICTS_EXAMPLES: ReadonlyArray<PromptExample<VerdictsInput, VerdictsOutput>> = [
  {
    input: {
      contexts: [
        "The Eiffel Tower was finished in 1889 as the entrance arch of the World's Fair in Paris. It is about 330 metres tall.",
      ],
      statements: [
        "The Eiffel Tower is in Paris.",
        "The Eiffel Tower was completed in 1889.",
        "The Eiffel Tower is the tallest structure in Europe.",
      ],
    },
    output: {
      verdicts: [
        {
          statement: "The Eiffel Tower is in Paris.",
          reason: "The context places the tower at the World's Fair in Paris.",
          verdict: 1,
        },
        {
          statement: "The Eiffel Tower was completed in 1889.",
          reason: "The context says it was finished in 1889.",
          verdict: 1,
        },
        {
          statement: "The Eiffel Tower is the tallest structure in Europe.",
          reason: "The context gives its height but does not compare it with other structures.",
          verdict: 0,
        },
      ],
    },
  },
];

function formatStatementsInput(input: StatementsInput): string {
  return `Question:\n${input.question.trim()}\n\nAnswer:\n${input.answer.trim()}`;
}

function formatVerdictsInput(input: VerdictsInput): string {
  const contexts = input.contexts.map((c, i) => `[${i + 1}] ${c.trim()}`).join("\n\n");
  const statements = input.statements.map((s, i) => `${i + 1}. ${s}`).join("\n");
  return `Context:\n${contexts}\n\nStatements (${input.statements.length}):\n${statements}`;
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

/**
 * Step 2 of faithfulness: one verdict (1 supported / 0 not) per statement against the contexts.
 * The metric passes `verdictsSchema(n)` at call time to fix the number of verdicts.
 */
export const faithfulnessVerdictsPrompt: PromptTemplate<VerdictsInput, VerdictsOutput> = {
  name: "faithfulness/verdicts",
  version: FAITHFULNESS_VERDICTS_VERSION,
  instruction: VERDICTS_INSTRUCTION,
  outputSchema: z.object({ verdicts: z.array(verdictSchema) }),
  examples: VERDICTS_EXAMPLES,
  formatInput: formatVerdictsInput,
};

/**
 * The verdicts prompt without reasons: the instruction asks for none and the few-shot answers hold none, so
 * they look like the answers the reason-free schema allows. Its version says so (config hash, cache keys).
 */
export function verdictsPromptWithoutReasons(
  template: PromptTemplate<VerdictsInput, VerdictsOutput>,
): PromptTemplate<VerdictsInput, VerdictsOutput> {
  return promptWithoutReasons(template, {
    outputSchema: z.object({ verdicts: z.array(verdictWithoutReasonSchema) }),
    ask: [
      "copy the statement text, and give a one-sentence reason\nbefore the verdict.",
      "and copy the statement text before the verdict.",
    ],
    lists: ["verdicts"],
  });
}

/** The two prompts faithfulness uses (the Haystack evaluator swaps in user examples). */
export interface FaithfulnessPrompts {
  statements: PromptTemplate<StatementsInput, StatementsOutput>;
  verdicts: PromptTemplate<VerdictsInput, VerdictsOutput>;
}

/** The built-in prompts. */
export const defaultFaithfulnessPrompts: FaithfulnessPrompts = {
  statements: faithfulnessStatementsPrompt,
  verdicts: faithfulnessVerdictsPrompt,
};

/** A few-shot example in Haystack's shape for `FaithfulnessEvaluator`. */
export interface FaithfulnessExample {
  inputs: { questions: string; contexts: string[]; predicted_answers: string };
  outputs: { statements: string[]; statement_scores: Array<0 | 1> };
}

/** How a Haystack example looks, for error messages. */
export const FAITHFULNESS_EXAMPLE_SHAPE =
  '{ inputs: { questions: "...", contexts: ["..."], predicted_answers: "..." }, outputs: { statements: ["..."], statement_scores: [1] } }';

/** Schema of one Haystack example. */
export const faithfulnessExampleSchema: z.ZodType<FaithfulnessExample> = z.strictObject({
  inputs: z.strictObject({
    questions: z.string().min(1),
    contexts: z.array(z.string().min(1)).min(1),
    predicted_answers: z.string().min(1),
  }),
  outputs: z
    .strictObject({ statements: z.array(z.string().min(1)), statement_scores: z.array(z.literal([0, 1])) })
    .refine((o) => o.statements.length === o.statement_scores.length, {
      message: "statement_scores must have one score per statement",
      path: ["statement_scores"],
    }),
});

/**
 * The two prompts with Haystack examples as their few-shot examples; each version gets a fingerprint
 * of the examples, so results made with other examples never resume into these.
 */
export function faithfulnessPromptsWithExamples(examples: FaithfulnessExample[]): FaithfulnessPrompts {
  const tag = `+examples.${examplesFingerprint(examples)}`;
  const statementExamples: Array<PromptExample<StatementsInput, StatementsOutput>> = examples.map((ex) => ({
    input: { question: ex.inputs.questions, answer: ex.inputs.predicted_answers },
    output: { statements: ex.outputs.statements },
  }));
  const verdictExamples: Array<PromptExample<VerdictsInput, VerdictsOutput>> = examples
    .filter((ex) => ex.outputs.statements.length > 0)
    .map((ex) => ({
      input: { contexts: ex.inputs.contexts, statements: ex.outputs.statements },
      output: {
        verdicts: ex.outputs.statements.map((statement, i) => {
          const verdict = ex.outputs.statement_scores[i]!;
          return {
            statement,
            reason:
              verdict === 1
                ? "The context supports this statement."
                : "The context does not support this statement.",
            verdict,
          };
        }),
      },
    }));
  return {
    statements: {
      ...faithfulnessStatementsPrompt,
      version: faithfulnessStatementsPrompt.version + tag,
      examples: statementExamples,
    },
    verdicts: {
      ...faithfulnessVerdictsPrompt,
      version: faithfulnessVerdictsPrompt.version + tag,
      examples: verdictExamples,
    },
  };
}

/** Prompt versions by prompt name, as results record them. */
export function faithfulnessPromptVersions(prompts: FaithfulnessPrompts): Record<string, string> {
  return {
    [prompts.statements.name]: prompts.statements.version,
    [prompts.verdicts.name]: prompts.verdicts.version,
  };
}
