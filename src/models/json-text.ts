import { InvalidInputError } from "../errors.js";

/**
 * The JSON value of `text`, read from `file`. Throws `InvalidInputError` (with `file`) saying that
 * `what` is not valid JSON, the parser's reason, and `next` (what to do about it) when given.
 *
 * @example
 * const json = parseJsonText(readFileSync(file, "utf8"), file, "the model registry");
 */
export function parseJsonText(text: string, file: string, what: string, next?: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new InvalidInputError(
      `${what} is not valid JSON (${(err as Error).message})${next === undefined ? "" : `; ${next}`}`,
      { file },
      { cause: err },
    );
  }
}

/** The error for a JSON file of `what` that could not be read. */
export function unreadableJsonFile(file: string, what: string, err: unknown): InvalidInputError {
  return new InvalidInputError(`cannot read ${what}: ${(err as Error).message}`, { file }, { cause: err });
}
