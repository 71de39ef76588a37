// The verdicts step of faithfulness (one 0/1 verdict per statement against contexts), shared by every metric that
// checks statements (faithfulness, context recall, noise sensitivity, factual correctness). Its name,
// "faithfulness/verdicts", is part of results files and cache keys, so it keeps the name of the metric that
// introduced it.
import { z } from "zod";
import type { PromptExample, PromptTemplate } from "../../../../prompts/types.js";
import { promptWithoutReasons } from "../choice-verdicts.js";
import { exactly } from "../sized.js";
import {
  judgeLooseText,
  judgeReason,
  listReasonChars,
  MAX_REASON_CHARS,
  MAX_STATEMENT_CHARS,
} from "../text-schema.js";

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

/**
 * Version of the faithfulness verdicts prompt. 1.2.0: the reason is bounded as judges' reasons are (`judgeReason`) and
 * the copied statement by the longest statement given (at least `MAX_STATEMENT_CHARS`), so a judge that repeats itself
 * in either still gives its verdict. 1.3.0: with many statements each reason is bounded shorter (`listReasonChars`),
 * and a copy by the longest statement given (`copyChars`), so the whole answer fits the call's token budget.
 */
export const FAITHFULNESS_VERDICTS_VERSION = "1.3.0";

/**
 * One verdict's schema: the statement copied in at most `copyChars` characters, the reason (unless `reasons: false`)
 * in at most `reasonChars`.
 */
function verdictSchemaFor(reasons: boolean, copyChars: number, reasonChars = MAX_REASON_CHARS) {
  const statement = judgeLooseText(copyChars); // a copy: the verdicts are matched by position
  const verdict = z.literal([0, 1]);
  return reasons
    ? z.object({ statement, reason: judgeReason(reasonChars), verdict })
    : z.object({ statement, verdict });
}

/**
 * The verdicts schema for `count` statements: exactly `count` verdicts, so the grammar cannot skip one;
 * `reasons: false` leaves the reason field out. Each copied statement is at most `copyChars` characters (the judge's
 * step passes `copyChars(statements)`), each reason at most `listReasonChars(count)`.
 */
export function verdictsSchema(
  count: number,
  reasons = true,
  copyChars = MAX_STATEMENT_CHARS,
): z.ZodType<VerdictsOutput> {
  return z.object({
    verdicts: exactly(
      verdictSchemaFor(reasons, copyChars, listReasonChars(count)),
      count,
      `expected exactly ${count} verdicts, one per statement, in the statements' order`,
    ),
  });
}

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

function formatVerdictsInput(input: VerdictsInput): string {
  const contexts = input.contexts.map((c, i) => `[${i + 1}] ${c.trim()}`).join("\n\n");
  const statements = input.statements.map((s, i) => `${i + 1}. ${s}`).join("\n");
  return `Context:\n${contexts}\n\nStatements (${input.statements.length}):\n${statements}`;
}

/**
 * Step 2 of faithfulness: one verdict (1 supported / 0 not) per statement against the contexts.
 * The metric passes `verdictsSchema(n)` at call time to fix the number of verdicts.
 */
export const faithfulnessVerdictsPrompt: PromptTemplate<VerdictsInput, VerdictsOutput> = {
  name: "faithfulness/verdicts",
  version: FAITHFULNESS_VERDICTS_VERSION,
  instruction: VERDICTS_INSTRUCTION,
  outputSchema: z.object({ verdicts: z.array(verdictSchemaFor(true, MAX_STATEMENT_CHARS)) }),
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
    outputSchema: z.object({ verdicts: z.array(verdictSchemaFor(false, MAX_STATEMENT_CHARS)) }),
    ask: [
      "copy the statement text, and give a one-sentence reason\nbefore the verdict.",
      "and copy the statement text before the verdict.",
    ],
    lists: ["verdicts"],
  });
}
