import { z } from "zod";
import type { PromptExample, PromptTemplate } from "../../prompts/types.js";
import { promptWithoutReasons } from "../shared/judge/choice-verdicts.js";
import {
  judgeLooseText,
  judgeReason,
  listReasonChars,
  MAX_REASON_CHARS,
  MAX_STATEMENT_CHARS,
} from "../shared/judge/text-schema.js";

/** What the classification step sees: the question and the statements of the response and of the reference. */
export interface CorrectnessInput {
  question: string;
  responseStatements: string[];
  referenceStatements: string[];
}

/** A response statement: TP when the reference supports it, FP when it does not. */
export interface ResponseStatementLabel {
  statement: string;
  /** The judge's one-sentence reason; absent with `reasons: false`. */
  reason?: string;
  label: "TP" | "FP";
}

/** A reference statement: `covered` when the response states it, FN when the response misses it. */
export interface ReferenceStatementLabel {
  statement: string;
  /** The judge's one-sentence reason; absent with `reasons: false`. */
  reason?: string;
  label: "covered" | "FN";
}

/** One label per response statement and one per reference statement, in order. */
export interface CorrectnessOutput {
  response: ResponseStatementLabel[];
  reference: ReferenceStatementLabel[];
}

/**
 * Version of the answer correctness classification prompt. 1.1.0: each copied statement is bounded as statements are
 * (`judgeStatement`) and the reasons of each side's list share its budget (`listReasonChars`), so a judge that
 * repeats itself still closes the answer.
 */
export const ANSWER_CORRECTNESS_PROMPT_VERSION = "1.1.0";

/** A label's copy of the statement it is for: the labels are matched by position, so a blank copy is kept. */
const statementCopy = judgeLooseText(MAX_STATEMENT_CHARS);

const responseLabel = (reasonChars: number) =>
  z.object({
    statement: statementCopy,
    reason: judgeReason(reasonChars),
    label: z.enum(["TP", "FP"]),
  });
const referenceLabel = (reasonChars: number) =>
  z.object({
    statement: statementCopy,
    reason: judgeReason(reasonChars),
    label: z.enum(["covered", "FN"]),
  });

const bareResponseLabel = z.object({ statement: statementCopy, label: z.enum(["TP", "FP"]) });
const bareReferenceLabel = z.object({ statement: statementCopy, label: z.enum(["covered", "FN"]) });

/**
 * The classification schema for `responseCount` and `referenceCount` statements: exactly one label
 * per statement on each side, so the grammar cannot skip or add one; `reasons: false` leaves the reason out.
 */
export function correctnessSchema(
  responseCount: number,
  referenceCount: number,
  reasons = true,
): z.ZodType<CorrectnessOutput> {
  return z.object({
    response: z
      .array(reasons ? responseLabel(listReasonChars(responseCount)) : bareResponseLabel)
      .length(responseCount, {
        error: `expected exactly ${responseCount} labels, one per response statement, in order`,
      }),
    reference: z
      .array(reasons ? referenceLabel(listReasonChars(referenceCount)) : bareReferenceLabel)
      .length(referenceCount, {
        error: `expected exactly ${referenceCount} labels, one per reference statement, in order`,
      }),
  });
}

const INSTRUCTION = [
  "You compare the statements of an answer with the statements of a reference answer to the same question.",
  "1. For each answer statement, in order:",
  "   - TP (true positive): the reference states it or directly supports it;",
  "   - FP (false positive): the reference does not support it, or contradicts it.",
  "2. For each reference statement, in order:",
  "   - covered: the answer states it (in any wording);",
  "   - FN (false negative): the answer does not state it.",
  "Copy each statement, give a one-sentence reason, then the label. Use no outside knowledge.",
  "Reply with JSON only.",
].join("\n");

const EXAMPLES: ReadonlyArray<PromptExample<CorrectnessInput, CorrectnessOutput>> = [
  {
    input: {
      question: "What powers the Sun?",
      responseStatements: [
        "The Sun is powered by nuclear fission.",
        "The Sun's energy lets life exist on Earth.",
      ],
      referenceStatements: [
        "The Sun is powered by nuclear fusion.",
        "In the Sun's core, hydrogen fuses into helium.",
      ],
    },
    output: {
      response: [
        {
          statement: "The Sun is powered by nuclear fission.",
          reason: "The reference says fusion, not fission.",
          label: "FP",
        },
        {
          statement: "The Sun's energy lets life exist on Earth.",
          reason: "The reference does not mention life on Earth.",
          label: "FP",
        },
      ],
      reference: [
        {
          statement: "The Sun is powered by nuclear fusion.",
          reason: "The answer names fission instead of fusion.",
          label: "FN",
        },
        {
          statement: "In the Sun's core, hydrogen fuses into helium.",
          reason: "The answer does not mention hydrogen or helium.",
          label: "FN",
        },
      ],
    },
  },
  {
    input: {
      question: "What is the boiling point of water at sea level?",
      responseStatements: ["Water boils at 100 degrees Celsius at sea level."],
      referenceStatements: [
        "Water boils at 100 degrees Celsius at sea level.",
        "Water boils at 212 degrees Fahrenheit at sea level.",
      ],
    },
    output: {
      response: [
        {
          statement: "Water boils at 100 degrees Celsius at sea level.",
          reason: "The reference states the same.",
          label: "TP",
        },
      ],
      reference: [
        {
          statement: "Water boils at 100 degrees Celsius at sea level.",
          reason: "The answer states it.",
          label: "covered",
        },
        {
          statement: "Water boils at 212 degrees Fahrenheit at sea level.",
          reason: "The answer gives no Fahrenheit value.",
          label: "FN",
        },
      ],
    },
  },
];

function formatInput(input: CorrectnessInput): string {
  const list = (items: string[]) => items.map((s, i) => `${i + 1}. ${s}`).join("\n");
  return [
    `Question:\n${input.question.trim()}`,
    `Answer statements (${input.responseStatements.length}):\n${list(input.responseStatements)}`,
    `Reference statements (${input.referenceStatements.length}):\n${list(input.referenceStatements)}`,
  ].join("\n\n");
}

/**
 * Answer correctness, classification step: each response statement TP or FP, each reference
 * statement covered or FN (Ragas' TP/FP/FN lists, one label per statement). The metric passes
 * `correctnessSchema(n, m)` at call time to fix both counts.
 *
 * @example
 * const prompt = renderPrompt(answerCorrectnessPrompt, { question, responseStatements, referenceStatements });
 */
export const answerCorrectnessPrompt: PromptTemplate<CorrectnessInput, CorrectnessOutput> = {
  name: "answer_correctness/classification",
  version: ANSWER_CORRECTNESS_PROMPT_VERSION,
  instruction: INSTRUCTION,
  outputSchema: z.object({
    response: z.array(responseLabel(MAX_REASON_CHARS)),
    reference: z.array(referenceLabel(MAX_REASON_CHARS)),
  }),
  examples: EXAMPLES,
  formatInput,
};

/**
 * The classification prompt without reasons (`reasons: false`): each statement is copied and labelled, with no reason
 * in the instruction, the examples or the schema; version `+noreasons`.
 */
export const answerCorrectnessPromptWithoutReasons = promptWithoutReasons(answerCorrectnessPrompt, {
  outputSchema: z.object({ response: z.array(bareResponseLabel), reference: z.array(bareReferenceLabel) }),
  ask: [
    "Copy each statement, give a one-sentence reason, then the label.",
    "Copy each statement, then give the label.",
  ],
  lists: ["response", "reference"],
});

/** The classification prompt with or without reasons. */
export function answerCorrectnessPromptFor(reasons: boolean): typeof answerCorrectnessPrompt {
  return reasons ? answerCorrectnessPrompt : answerCorrectnessPromptWithoutReasons;
}
