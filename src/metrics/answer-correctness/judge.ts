import { askJudge } from "../shared/judge/judge.js";
import { extractStatements } from "../shared/judge/statements/extract.js";
import type { StatementSteps } from "../shared/judge/statements/steps.js";
import { answerCorrectnessPromptFor, type CorrectnessOutput, correctnessSchema } from "./prompt.js";
import type { StatementCounts } from "./score.js";

/** Statements of both texts and, when both have some, the judge's labels and their counts. */
export interface AnswerCorrectnessJudgement {
  responseStatements: string[];
  referenceStatements: string[];
  /** Absent when either side has no statements (no classification call is made). */
  classification?: CorrectnessOutput;
  counts?: StatementCounts;
}

/**
 * 1. Statements of the response, then of the reference, with faithfulness' statements step (so the
 *    response's statements are shared with faithfulness and noise sensitivity through the memo/cache).
 * 2. When both sides have statements, one call labels every response statement TP/FP and every
 *    reference statement covered/FN, with a schema sized to both counts (with a reason per label unless
 *    `steps.reading.reasons` is false).
 */
export async function judgeAnswerCorrectness(
  steps: StatementSteps,
  input: { question: string; response: string; reference: string },
): Promise<AnswerCorrectnessJudgement> {
  const responseStatements = await extractStatements(steps, input.question, input.response, "response");
  const referenceStatements = await extractStatements(steps, input.question, input.reference, "reference");
  if (responseStatements.length === 0 || referenceStatements.length === 0) {
    return { responseStatements, referenceStatements };
  }
  const reasons = steps.reading.reasons !== false;
  const classification = await askJudge(
    steps.llm,
    answerCorrectnessPromptFor(reasons),
    { question: input.question, responseStatements, referenceStatements },
    steps.settings,
    steps.usage,
    steps.signal,
    correctnessSchema(responseStatements.length, referenceStatements.length, reasons),
  );
  const counts = {
    tp: classification.response.filter((s) => s.label === "TP").length,
    fp: classification.response.filter((s) => s.label === "FP").length,
    fn: classification.reference.filter((s) => s.label === "FN").length,
  };
  // The labels belong to the statements by position (one per statement, in order): the details show each statement
  // as given, not the judge's copy of it, which may be reworded or blank.
  const labelled: CorrectnessOutput = {
    response: classification.response.map((label, i) => ({ ...label, statement: responseStatements[i]! })),
    reference: classification.reference.map((label, i) => ({ ...label, statement: referenceStatements[i]! })),
  };
  return { responseStatements, referenceStatements, classification: labelled, counts };
}
