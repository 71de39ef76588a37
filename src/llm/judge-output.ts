import type { z } from "zod";
import { JudgeOutputError } from "../errors.js";
import { errorText } from "../util/error-text.js";
import { zodIssuesText } from "../util/zod-issues.js";

/**
 * Checks a judge's answer against the output schema once more (a grammar makes the JSON valid by
 * construction, but refinements such as an exact array length are only checked here, and a third-party
 * `Llm` may not use a grammar at all). Returns the parsed value; throws `JudgeOutputError` naming the
 * prompt and every mismatched path, with the raw answer attached.
 *
 * @param rawText The answer as the model wrote it, kept on the error. Defaults to the value as JSON.
 * @example
 * const verdicts = checkJudgeAnswer(verdictsSchema, result.value, "faithfulness_verdicts");
 */
export function checkJudgeAnswer<S extends z.ZodType>(
  schema: S,
  value: unknown,
  promptName: string,
  rawText: string = jsonOrString(value),
): z.output<S> {
  const checked = schema.safeParse(value);
  if (!checked.success) {
    throw new JudgeOutputError(
      `Judge output for prompt "${promptName}" does not match the output schema: ${zodIssuesText(checked.error)}`,
      rawText,
      { cause: checked.error },
    );
  }
  return checked.data;
}

/**
 * Parses a judge's raw text as JSON and checks it with {@link checkJudgeAnswer}. Throws
 * `JudgeOutputError` for text that is not JSON or does not match.
 *
 * @example
 * const value = parseJudgeAnswer(verdictsSchema, '{"verdicts":[1,0]}', "faithfulness_verdicts");
 */
export function parseJudgeAnswer<S extends z.ZodType>(
  schema: S,
  text: string,
  promptName: string,
): z.output<S> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new JudgeOutputError(
      `Judge output for prompt "${promptName}" is not valid JSON: ${errorText(err)}`,
      text,
      { cause: err },
    );
  }
  return checkJudgeAnswer(schema, parsed, promptName, text);
}

function jsonOrString(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
