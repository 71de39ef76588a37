/**
 * One-line text of a thrown value: `Name: message` for named errors (`JudgeOutputError: ...`), the
 * bare message for a plain `Error`, and `String(value)` for anything else.
 *
 * @example
 * errorText(new TypeError("x is undefined")); // "TypeError: x is undefined"
 * errorText(new Error("disk full")); // "disk full"
 */
export function errorText(err: unknown): string {
  if (err instanceof Error)
    return err.name && err.name !== "Error" ? `${err.name}: ${err.message}` : err.message;
  return String(err);
}

/**
 * The first line of a thrown value's message (native modules often add a stack or a hint below it), or
 * `String(value)` for anything not an `Error`.
 *
 * @example
 * errorFirstLine(new Error("cannot open\n    at dlopen")); // "cannot open"
 */
export function errorFirstLine(err: unknown): string {
  return err instanceof Error ? err.message.split("\n")[0]! : String(err);
}
