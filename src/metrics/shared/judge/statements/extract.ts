import type { PromptTemplate } from "../../../../prompts/types.js";
import { askJudge } from "../judge.js";
import { judgeWithSplitting, splitRecord } from "../split.js";
import type { StatementSteps } from "./steps.js";

/**
 * Breaks `text` into a list of short texts with one judge step (statements, claims). A text too long for the
 * judge's window is cut on sentence boundaries and the lists of the parts concatenated; every item is trimmed and
 * empty ones dropped. `field` names the text in the split record (`steps.splits`); `inputFor` builds the
 * prompt's input from the text (or a part of it) and `listOf` reads the list from the answer.
 *
 * @example
 * const claims = await extractList(steps, claimsPrompt, response, "response", (text) => ({ text }), (o) => o.claims);
 */
export async function extractList<I, O>(
  steps: StatementSteps,
  template: PromptTemplate<I, O>,
  text: string,
  field: string,
  inputFor: (part: string) => I,
  listOf: (output: O) => readonly string[],
): Promise<string[]> {
  const outcome = await judgeWithSplitting([text], field, (parts) =>
    askJudge(steps.llm, template, inputFor(parts[0]!.text), steps.settings, steps.usage, steps.signal),
  );
  const split = splitRecord(field, outcome);
  if (split) steps.splits.push(split);
  return outcome.results
    .flatMap((r) => listOf(r.value))
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

/**
 * Breaks `text` into standalone statements with the statements prompt (`question` helps resolve references),
 * as {@link extractList} does.
 *
 * @example
 * const statements = await extractStatements(steps, question, response, "response");
 */
export function extractStatements(
  steps: StatementSteps,
  question: string,
  text: string,
  field: string,
): Promise<string[]> {
  return extractList(
    steps,
    steps.prompts.statements,
    text,
    field,
    (answer) => ({ question, answer }),
    (output) => output.statements,
  );
}
