// Faithfulness asks the judge the two statement steps (shared/judge/statements/: the statements prompt and the verdicts
// prompt); this file holds what is faithfulness' own: Haystack's few-shot examples and how they become the two
// prompts' examples.
import { z } from "zod";
import type { PromptExample } from "../../prompts/types.js";
import { examplesFingerprint } from "../shared/judge/examples.js";
import {
  faithfulnessStatementsPrompt,
  type StatementsInput,
  type StatementsOutput,
} from "../shared/judge/statements/statements-prompt.js";
import type { StatementPrompts } from "../shared/judge/statements/steps.js";
import {
  faithfulnessVerdictsPrompt,
  type VerdictsInput,
  type VerdictsOutput,
} from "../shared/judge/statements/verdicts-prompt.js";

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
export function faithfulnessPromptsWithExamples(examples: FaithfulnessExample[]): StatementPrompts {
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
