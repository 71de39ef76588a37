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
