import type { PromptTemplate } from "../../../../prompts/types.js";
import { askJudge } from "../judge.js";
import { judgeWithSplitting, splitRecord } from "../split.js";
import { statementListSchema } from "./statement-list.js";
import type { StatementSteps } from "./steps.js";

/**
 * Breaks `text` into a list of short texts with one judge step (statements, claims): the answer's `key` list, bounded
 * in the grammar by the text (or part) it comes from ({@link statementListSchema}), so a judge that repeats a statement
 * still closes its list. A text too long for the judge's window is cut on sentence boundaries and the lists of the
 * parts concatenated; every item is trimmed and empty ones dropped. `field` names the text in the split record
 * (`steps.splits`); `inputFor` builds the prompt's input from the text (or a part of it).
 *
 * @example
 * const claims = await extractList(steps, claimsPrompt, response, "response", (text) => ({ text }), "claims");
 */
export async function extractList<I, K extends string>(
  steps: StatementSteps,
  template: PromptTemplate<I, Record<K, string[]>>,
  text: string,
  field: string,
  inputFor: (part: string) => I,
  key: K,
): Promise<string[]> {
  const outcome = await judgeWithSplitting([text], field, (parts) => {
    const part = parts[0]!.text;
    const schema = statementListSchema(key, part);
    return askJudge(steps.llm, template, inputFor(part), steps.settings, steps.usage, steps.signal, schema);
  });
  const split = splitRecord(field, outcome);
  if (split) steps.splits.push(split);
  return outcome.results
    .flatMap((r) => r.value[key])
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
    "statements",
  );
}
