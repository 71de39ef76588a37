import { z } from "zod";
import type { AnswerPart } from "../../llm/types.js";
import type { PromptExample, PromptTemplate } from "../../prompts/types.js";
import { exactly } from "../shared/judge/sized.js";
import { judgeTextOfAtMost, MAX_STATEMENT_CHARS } from "../shared/judge/text-schema.js";

/** What the question writer sees: the response only (never the original question), and how many questions to write. */
export interface QuestionsInput {
  response: string;
  count: number;
}

/** One generated question and whether the response dodges it (noncommittal 1) or answers it (0). */
export interface GeneratedQuestion {
  question: string;
  noncommittal: 0 | 1;
}

/** The judge's answer: exactly `count` questions. */
export interface QuestionsOutput {
  questions: GeneratedQuestion[];
}

/**
 * Version of the answer relevancy prompt; recorded in every result and cache key. 1.2.0: each question is bounded
 * (at most 200 characters: `QUESTION_CHARS`), in the grammar and in the `prefill` plan.
 */
export const ANSWER_RELEVANCY_PROMPT_VERSION = "1.2.0";

/** Longest generated question: one sentence, bounded as a statement is, in the grammar and in the plan. */
const QUESTION_CHARS = MAX_STATEMENT_CHARS;

const questionSchema = z.object({
  question: judgeTextOfAtMost(QUESTION_CHARS),
  noncommittal: z.literal([0, 1]),
});

/**
 * The output schema for `count` questions: an array with exactly `count` items, so the grammar
 * makes the judge write that many.
 */
export function questionsSchema(count: number): z.ZodType<QuestionsOutput> {
  return z.object({ questions: exactly(questionSchema, count, `expected exactly ${count} questions`) });
}

/**
 * The answer plan of `count` questions (the `prefill` option): the compact JSON structure is known, each question is
 * a string the judge writes, each noncommittal flag a choice between 0 and 1.
 *
 * @example
 * questionsPlan(1);
 * // text {"questions":[{"question": · string · text ,"noncommittal": · choice noncommittal · text }]}
 */
export function questionsPlan(count: number): AnswerPart[] {
  const parts: AnswerPart[] = [];
  for (let i = 0; i < count; i++) {
    parts.push({ kind: "text", text: `${i === 0 ? '{"questions":[' : "},"}{"question":` });
    parts.push({ kind: "string", maxLength: QUESTION_CHARS });
    parts.push({ kind: "text", text: ',"noncommittal":' });
    parts.push({ kind: "choice", key: "noncommittal", values: ["0", "1"] });
  }
  parts.push({ kind: "text", text: "}]}" });
  return parts;
}

const INSTRUCTION = [
  "You are shown an answer that an assistant gave. You do not see the question it was answering.",
  "Write the requested number of questions that this answer would be a direct, fitting reply to.",
  "Rules:",
  "- Each question must be about the main point of the answer, as a user would have asked it.",
  "- Make the questions differ from each other in wording or angle; never repeat a question.",
  "- Use only what the answer itself says; do not add facts.",
  "- Set noncommittal for each question on its own: 1 when the answer dodges, hedges or does not",
  '  commit to an answer to that question (for example "I don\'t know", "it depends", "I cannot say"),',
  "  0 when the answer gives a definite reply to it. An answer that is clear on one point and evasive",
  "  on another gets 0 for questions about the first point and 1 for questions about the second.",
  "Reply with JSON only.",
].join("\n");

// Each example holds five questions; the template shows as many as the metric asks for.
const EXAMPLES: ReadonlyArray<PromptExample<Omit<QuestionsInput, "count">, QuestionsOutput>> = [
  {
    input: {
      response:
        "The Amazon River flows east across Peru, Colombia and Brazil and empties into the Atlantic Ocean near the city of Belém.",
    },
    output: {
      questions: [
        { question: "Which countries does the Amazon River flow through?", noncommittal: 0 },
        { question: "Where does the Amazon River reach the sea?", noncommittal: 0 },
        { question: "What route does the Amazon River take across South America?", noncommittal: 0 },
        { question: "Into which ocean does the Amazon River drain?", noncommittal: 0 },
        { question: "Near which city does the Amazon meet the Atlantic?", noncommittal: 0 },
      ],
    },
  },
  {
    input: {
      response: "I'm not sure when the old harbour bridge was opened; the records I have don't give a date.",
    },
    output: {
      questions: [
        { question: "When was the old harbour bridge opened?", noncommittal: 1 },
        { question: "In what year did the harbour bridge open to traffic?", noncommittal: 1 },
        { question: "What is the opening date of the old harbour bridge?", noncommittal: 1 },
        { question: "How long has the old harbour bridge been open?", noncommittal: 1 },
        { question: "Do the records say when the harbour bridge was opened?", noncommittal: 1 },
      ],
    },
  },
  {
    input: {
      response:
        "The museum opens at 9 a.m. on weekdays. I can't say what its weekend hours are; they may change with the season.",
    },
    output: {
      questions: [
        { question: "What time does the museum open on weekdays?", noncommittal: 0 },
        { question: "What are the museum's opening hours at the weekend?", noncommittal: 1 },
        { question: "When does the museum open on a Monday morning?", noncommittal: 0 },
        { question: "Does the museum keep the same hours on Saturdays and Sundays?", noncommittal: 1 },
        { question: "At what hour can visitors enter the museum on a weekday?", noncommittal: 0 },
      ],
    },
  },
];

function formatInput(input: QuestionsInput): string {
  return `Answer:\n${input.response.trim()}\n\nNumber of questions to write: ${input.count}`;
}

/**
 * The answer relevancy prompt for `count` questions (Ragas `strictness`): instruction, few-shot
 * examples trimmed to `count` questions each, and a schema with exactly `count` items.
 *
 * @example
 * const template = answerRelevancyPrompt(3);
 */
export function answerRelevancyPrompt(count: number): PromptTemplate<QuestionsInput, QuestionsOutput> {
  return {
    name: "answer_relevancy/questions",
    version: ANSWER_RELEVANCY_PROMPT_VERSION,
    instruction: INSTRUCTION,
    outputSchema: questionsSchema(count),
    examples: EXAMPLES.map((ex) => {
      const questions = ex.output.questions.slice(0, count);
      return { input: { response: ex.input.response, count: questions.length }, output: { questions } };
    }),
    formatInput,
  };
}
