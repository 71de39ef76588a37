import { extractStatements } from "../shared/judge/statements/extract.js";
import type { StatementSteps } from "../shared/judge/statements/steps.js";

/**
 * The metric's one judge call: faithfulness' statements step (shared/judge/statements/, the same prompt and version, so
 * the judge's memo and the cache answer it once per row when both metrics run). A response too long for the judge's
 * window is split on sentence boundaries and the statements concatenated (`steps.splits` records it).
 *
 * @example
 * const statements = await judgeStatementsOfResponse(statementSteps(llm, settings, signal), question, response);
 */
export function judgeStatementsOfResponse(
  steps: StatementSteps,
  question: string,
  response: string,
): Promise<string[]> {
  return extractStatements(steps, question, response, "response");
}
