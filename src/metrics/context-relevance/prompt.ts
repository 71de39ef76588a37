import { z } from "zod";
import type { PromptExample, PromptTemplate } from "../../prompts/types.js";
import { examplesFingerprint } from "../shared/judge/examples.js";
import {
  copyChars,
  judgeLooseText,
  judgeTextList,
  MAX_STATEMENT_CHARS,
} from "../shared/judge/text-schema.js";
import type { ContextRelevanceMode } from "./score.js";

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

/**
 * Version of the `"statements"` mode prompt. 1.2.0: each statement is bounded by the contexts' longest sentence
 * ({@link statementChars}). 1.3.0: the statements are counted too, at most three per sentence
 * ({@link maxContextStatements}).
 */
export const CONTEXT_RELEVANCE_STATEMENTS_VERSION = "1.3.0";
/**
 * Version of the `"relevant-statements"` mode prompt. 1.2.0: each statement is bounded as in `"statements"` mode.
 * 1.3.0: and counted as there.
 */
export const CONTEXT_RELEVANCE_RELEVANT_VERSION = "1.3.0";

/**
 * The longest statement the judge may write about `contexts` (given as their sentences, `contextSentences`): a
 * statement is a sentence of them or a part of one, so the longest sentence with a copy's slack (`copyChars`), and
 * never less than a statement's bound. Bounded in the grammar, so a judge that repeats itself inside a statement
 * still closes the answer; with `prefill` the statements are the sentences themselves, which always fit.
 *
 * @example
 * statementChars(["Paris is in France.", "It is big."]); // 200
 */
export function statementChars(sentences: readonly string[]): number {
  return Math.max(MAX_STATEMENT_CHARS, copyChars(sentences));
}

/** Statements the judge may write per sentence of the contexts: a sentence may join a few facts. */
const STATEMENTS_PER_SENTENCE = 3;

/**
 * The most statements the judge may write about `sentences` (the contexts' sentences, `contextSentences`):
 * {@link STATEMENTS_PER_SENTENCE} per sentence, at least 1. Bounded in the grammar (`maxItems`), so a judge that keeps
 * repeating a statement closes its list instead of running on to the token budget (an error row); with `prefill` the
 * statements are the sentences themselves, which always fit.
 *
 * @example
 * maxContextStatements(["Paris is in France.", "It is big."]); // 6
 */
export function maxContextStatements(sentences: readonly string[]): number {
  return Math.max(1, STATEMENTS_PER_SENTENCE * sentences.length);
}

/** A list of statements about `sentences`, at most {@link maxContextStatements}, or unbounded without them. */
function countedAbout<T extends z.ZodArray>(list: T, sentences: readonly string[] | undefined): T {
  if (sentences === undefined) return list;
  const most = maxContextStatements(sentences);
  return list.max(most, {
    error: `must list at most ${most} statements (${STATEMENTS_PER_SENTENCE} per sentence of the contexts, ${sentences.length})`,
  }) as T;
}

/**
 * The `"statements"` mode answer about the contexts' `sentences`: each statement at most {@link statementChars}
 * characters, at most {@link maxContextStatements} statements (without `sentences`, as the prompt is shown: a
 * statement's bound and no count). A statement of only whitespace is allowed here and dropped with its score by the
 * judge step (`judgeContextRelevance`), after the scores' probabilities are matched to the statements by position.
 */
export function scoredStatementsSchema(sentences?: readonly string[]): z.ZodType<ScoredStatementsOutput> {
  const chars = sentences === undefined ? MAX_STATEMENT_CHARS : statementChars(sentences);
  const items = z.array(z.object({ statement: judgeLooseText(chars), score: z.literal([0, 1]) }));
  return z.object({ statements: countedAbout(items, sentences) });
}

/** The `"relevant-statements"` mode answer about the contexts' `sentences`, bounded as in {@link scoredStatementsSchema}. */
export function relevantStatementsSchema(sentences?: readonly string[]): z.ZodType<RelevantStatementsOutput> {
  const chars = sentences === undefined ? MAX_STATEMENT_CHARS : statementChars(sentences);
  return z.object({ relevantStatements: countedAbout(judgeTextList(chars), sentences) });
}

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
    outputSchema: scoredStatementsSchema(),
    examples: STATEMENTS_EXAMPLES,
    formatInput,
  };

const SENTENCES_INSTRUCTION = [
  "You judge how useful retrieved context is for answering a question.",
  "1. List the context's sentences as statements, word for word, in order.",
  "2. Score each statement 1 when it helps answer the question, or 0 when it does not.",
  "Do not answer the question and do not use outside knowledge. Reply with JSON only.",
].join("\n");

/** The built-in examples with each context's sentences as its statements (`contextSentences` of the input). */
const SENTENCES_EXAMPLES: ReadonlyArray<PromptExample<ContextRelevanceInput, ScoredStatementsOutput>> = [
  {
    input: STATEMENTS_EXAMPLES[0]!.input,
    output: {
      statements: [
        { statement: "Mount Kilimanjaro is a dormant volcano in Tanzania.", score: 0 },
        { statement: "Its highest peak, Uhuru, rises 5,895 metres above sea level.", score: 1 },
        { statement: "About 50,000 people try to climb it every year.", score: 0 },
      ],
    },
  },
  STATEMENTS_EXAMPLES[1]!,
];

/**
 * Context relevance, `"statements"` mode with `prefill: true`: the statements are the contexts' sentences, word for
 * word (`contextSentences`), written into the answer for the judge, which scores each. Same answer schema as the
 * statements prompt; its own instruction and examples, so its own version.
 */
export const contextRelevanceSentencesPrompt: PromptTemplate<ContextRelevanceInput, ScoredStatementsOutput> =
  {
    ...contextRelevanceStatementsPrompt,
    version: `${CONTEXT_RELEVANCE_STATEMENTS_VERSION}+sentences`,
    instruction: SENTENCES_INSTRUCTION,
    examples: SENTENCES_EXAMPLES,
  };

/** Context relevance, `"relevant-statements"` mode (Haystack 2.4 and later): the judge returns only the relevant statements. */
export const contextRelevanceRelevantPrompt: PromptTemplate<ContextRelevanceInput, RelevantStatementsOutput> =
  {
    name: "context_relevance/relevant_statements",
    version: CONTEXT_RELEVANCE_RELEVANT_VERSION,
    instruction: RELEVANT_INSTRUCTION,
    outputSchema: relevantStatementsSchema(),
    examples: RELEVANT_EXAMPLES,
    formatInput,
  };

/** The prompt of each mode (the Haystack evaluator swaps in user examples). */
export interface ContextRelevancePrompts {
  statements: PromptTemplate<ContextRelevanceInput, ScoredStatementsOutput>;
  relevant: PromptTemplate<ContextRelevanceInput, RelevantStatementsOutput>;
}

/** The built-in prompts. */
export const defaultContextRelevancePrompts: ContextRelevancePrompts = {
  statements: contextRelevanceStatementsPrompt,
  relevant: contextRelevanceRelevantPrompt,
};

/** The prompt versions a mode uses (with `prefill`, the sentences prompt), by prompt name, as results record them. */
export function contextRelevancePromptVersions(
  prompts: ContextRelevancePrompts,
  mode: ContextRelevanceMode,
  prefill = false,
): Record<string, string> {
  const statements = prefill ? contextRelevanceSentencesPrompt : prompts.statements;
  const prompt = mode === "statements" ? statements : prompts.relevant;
  return { [prompt.name]: prompt.version };
}

/**
 * A few-shot example in Haystack's shape for `ContextRelevanceEvaluator`. `outputs` is either the
 * seed's `{ statements, statement_scores }` or Haystack 2.4's `{ relevant_statements }`; either is
 * converted to the evaluator's mode.
 */
export interface ContextRelevanceExample {
  inputs: { questions: string; contexts: string[] };
  outputs: { statements?: string[]; statement_scores?: Array<0 | 1>; relevant_statements?: string[] };
}

/** How a Haystack example looks, for error messages. */
export const CONTEXT_RELEVANCE_EXAMPLE_SHAPE =
  '{ inputs: { questions: "...", contexts: ["..."] }, outputs: { statements: ["..."], statement_scores: [1] } } ' +
  '(or outputs: { relevant_statements: ["..."] })';

/** Schema of one Haystack example. */
export const contextRelevanceExampleSchema: z.ZodType<ContextRelevanceExample> = z.strictObject({
  inputs: z.strictObject({ questions: z.string().min(1), contexts: z.array(z.string().min(1)).min(1) }),
  outputs: z
    .strictObject({
      statements: z.array(z.string().min(1)).optional(),
      statement_scores: z.array(z.literal([0, 1])).optional(),
      relevant_statements: z.array(z.string().min(1)).optional(),
    })
    .superRefine((o, ctx) => {
      if (o.relevant_statements !== undefined) return;
      if (o.statements === undefined) {
        ctx.addIssue({ code: "custom", message: "statements is missing", path: ["statements"] });
      } else if (o.statement_scores === undefined) {
        ctx.addIssue({ code: "custom", message: "statement_scores is missing", path: ["statement_scores"] });
      } else if (o.statements.length !== o.statement_scores.length) {
        ctx.addIssue({
          code: "custom",
          message: `statement_scores has ${o.statement_scores.length} scores for ${o.statements.length} statements`,
          path: ["statement_scores"],
        });
      }
    }),
});

/**
 * Both prompts with Haystack examples as their few-shot examples; each version gets a fingerprint of
 * the examples, so results made with other examples never resume into these.
 */
export function contextRelevancePromptsWithExamples(
  examples: ContextRelevanceExample[],
): ContextRelevancePrompts {
  const tag = `+examples.${examplesFingerprint(examples)}`;
  const base = defaultContextRelevancePrompts;
  return {
    statements: {
      ...base.statements,
      version: base.statements.version + tag,
      examples: examples.map((ex) => {
        const o = ex.outputs;
        // A relevant-statements example teaches only relevant statements: show them, each scored 1.
        const statements =
          o.relevant_statements !== undefined
            ? o.relevant_statements.map((statement) => ({ statement, score: 1 as const }))
            : o.statements!.map((statement, i) => ({ statement, score: o.statement_scores![i]! }));
        return {
          input: { question: ex.inputs.questions, contexts: ex.inputs.contexts },
          output: { statements },
        };
      }),
    },
    relevant: {
      ...base.relevant,
      version: base.relevant.version + tag,
      examples: examples.map((ex) => {
        const o = ex.outputs;
        const relevantStatements =
          o.relevant_statements ?? o.statements!.filter((_, i) => o.statement_scores![i] === 1);
        return {
          input: { question: ex.inputs.questions, contexts: ex.inputs.contexts },
          output: { relevantStatements },
        };
      }),
    },
  };
}
