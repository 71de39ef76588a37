import { ContextOverflowError, JudgeOutputError } from "../../errors.js";
import { factsOf, overflowError } from "../../llm/overflow-advice.js";
import type { Llm } from "../../llm/types.js";
import type { PromptTemplate } from "../../prompts/types.js";
import {
  askJudgeForVerdicts,
  type ChoiceVerdict,
  type VerdictReading,
  WRITTEN_VERDICTS,
} from "../shared/judge/choice-verdicts.js";
import type { JudgeSettings, JudgeUsage } from "../shared/judge/judge.js";
import {
  type GeneratedQuestion,
  type QuestionsInput,
  type QuestionsOutput,
  questionsPlan,
} from "./prompt.js";

/**
 * One judge call: `count` questions the response answers, each flagged noncommittal or not. The
 * response is never split: the questions must be ones the whole response answers (as in Ragas, where
 * each question is written from the full response), and questions pooled from fragments would measure
 * the fragments instead. A response too long for the judge's window is a `ContextOverflowError` whose
 * text says what to do. With `reading.confidence`, each noncommittal flag's probability is read while the judge
 * writes it (`reads`, one per question). With `reading.prefill` the answer is written from `questionsPlan`: the
 * judge writes the question texts and each flag greedily under the grammar of 0 and 1.
 */
export async function writeQuestions(
  llm: Llm,
  template: PromptTemplate<QuestionsInput, QuestionsOutput>,
  response: string,
  count: number,
  settings: JudgeSettings,
  usage: JudgeUsage,
  signal: AbortSignal | undefined,
  reading: VerdictReading = WRITTEN_VERDICTS,
): Promise<{ questions: GeneratedQuestion[]; reads: ChoiceVerdict[] | undefined }> {
  const plan = reading.prefill === true ? questionsPlan(count) : undefined;
  const { value: out, reads } = await askJudgeForVerdicts(
    { llm, template, input: { response, count }, settings, usage, signal, ...(plan ? { plan } : {}) },
    { key: "noncommittal", values: ["0", "1"] },
    reading,
    (answer) => answer.questions.map((q) => q.noncommittal),
  ).catch((err: unknown) => {
    throw err instanceof ContextOverflowError ? unsplittable(err, response.length) : err;
  });
  if (out.questions.length !== count) {
    throw new JudgeOutputError(
      `judge wrote ${out.questions.length} questions, expected ${count}`,
      JSON.stringify(out),
    );
  }
  return { questions: out.questions, reads };
}

/** The judge's overflow error, restated for answer relevancy: what cannot be split, and what to do. */
function unsplittable(err: ContextOverflowError, responseChars: number): ContextOverflowError {
  return overflowError(
    `the response (${responseChars} characters) does not fit the judge's context window together with the ` +
      `question-writing prompt (${err.promptTokens} prompt tokens, context size ${err.contextSize}). Answer ` +
      "relevancy does not split the response, because the questions must be ones the whole response answers " +
      `(judge said: ${err.detail})`,
    factsOf(err),
    { cause: err, metric: { name: "answer_relevancy" } },
  );
}
