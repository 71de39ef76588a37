import { z } from "zod";
import type { PromptExample, PromptTemplate } from "../../prompts/types.js";
import { promptWithoutReasons } from "../shared/judge/choice-verdicts.js";
import { judgeReason } from "../shared/judge/text-schema.js";

/** What the judge sees for one retrieved context: the question, the answer (reference or response) and the context. */
export interface ContextPrecisionInput {
  question: string;
  answer: string;
  context: string;
}

/** One context's verdict: 1 when it was useful in arriving at the answer, else 0, reason first (none with `reasons: false`). */
export interface ContextPrecisionVerdict {
  reason?: string;
  verdict: 0 | 1;
}

/** Version of the context precision verdict prompt. 1.1.0: the reason is bounded (at most 400 characters: `judgeReason`), so a judge that repeats itself still gives its verdict. */
export const CONTEXT_PRECISION_PROMPT_VERSION = "1.1.0";

const INSTRUCTION = [
  "You judge one retrieved context passage against a question and its answer.",
  "Decide whether the context was useful for arriving at the answer:",
  "- verdict 1: the context contains information the answer uses or that leads to the answer.",
  "- verdict 0: the context is about something else, or does not help to reach the answer.",
  "Judge the context only; do not use outside knowledge. Give a one-sentence reason before the verdict.",
  "Reply with JSON only.",
].join("\n");

const EXAMPLES: ReadonlyArray<PromptExample<ContextPrecisionInput, ContextPrecisionVerdict>> = [
  {
    input: {
      question: "When did the Berlin Wall fall?",
      answer: "The Berlin Wall fell on 9 November 1989.",
      context:
        "On the evening of 9 November 1989 East German authorities opened the border crossings, and crowds began to take down the Berlin Wall.",
    },
    output: {
      reason: "The context gives the date, 9 November 1989, on which the wall was opened and taken down.",
      verdict: 1,
    },
  },
  {
    input: {
      question: "What is the largest desert in Asia?",
      answer: "The Gobi Desert.",
      context: "The Sahara covers most of North Africa and is the largest hot desert in the world.",
    },
    output: {
      reason: "The context is about the Sahara in Africa and says nothing about deserts in Asia.",
      verdict: 0,
    },
  },
];

function formatInput(input: ContextPrecisionInput): string {
  return `Question:\n${input.question.trim()}\n\nAnswer:\n${input.answer.trim()}\n\nContext:\n${input.context.trim()}`;
}

/**
 * Context precision: is one retrieved context useful for the answer? Asked once per context, in
 * order; the answer is the reference (with reference) or the response (without). The verdict is a
 * 0/1 literal, so the grammar admits nothing else.
 *
 * @example
 * const prompt = renderPrompt(contextPrecisionPrompt, { question, answer: reference, context });
 */
export const contextPrecisionPrompt: PromptTemplate<ContextPrecisionInput, ContextPrecisionVerdict> = {
  name: "context_precision/verdict",
  version: CONTEXT_PRECISION_PROMPT_VERSION,
  instruction: INSTRUCTION,
  outputSchema: z.object({ reason: judgeReason(), verdict: z.literal([0, 1]) }),
  examples: EXAMPLES,
  formatInput,
};

/**
 * The context precision prompt without reasons (`reasons: false`): the judge writes `{"verdict": 0 | 1}` only; version
 * `+noreasons`.
 */
export const contextPrecisionPromptWithoutReasons = promptWithoutReasons(contextPrecisionPrompt, {
  outputSchema: z.object({ verdict: z.literal([0, 1]) }),
  ask: [" Give a one-sentence reason before the verdict.", ""],
});

/** The context precision prompt with or without reasons. */
export function contextPrecisionPromptFor(reasons: boolean): typeof contextPrecisionPrompt {
  return reasons ? contextPrecisionPrompt : contextPrecisionPromptWithoutReasons;
}
