import { InvalidInputError } from "../errors.js";

/**
 * Throws the `InvalidInputError` of a problem in a metric file: `metric file <file>: <at>: <problem>`, where `at`
 * is the path inside the file (`metrics[1].scale`) or a line and column, and empty for the file as a whole.
 */
export function metricFileProblem(file: string, at: string, problem: string): never {
  // The message names the file itself (a `file` location would print it twice).
  throw new InvalidInputError(`metric file ${file}: ${at === "" ? "" : `${at}: `}${problem}`);
}
