import type { z } from "zod";
import { InvalidInputError } from "./errors.js";

/**
 * Parses `value` with a zod schema and returns the parsed output (defaults filled in). A value that
 * does not fit throws one `InvalidInputError` naming the first bad option as the field (e.g.
 * `strictness`, `examples[1].inputs`), what is wrong with it, and what was given; `where` names the
 * thing being configured, e.g. `Faithfulness`.
 *
 * @example
 * const options = parseOptions(z.object({ strictness: z.number().int().default(3) }), input, "AnswerRelevancy");
 */
export function parseOptions<S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  throw zodToInvalidInput(parsed.error, value, where);
}

/** The `InvalidInputError` for a failed parse of `value`: its first issue, with the option as the field. */
export function zodToInvalidInput(error: z.ZodError, value: unknown, where: string): InvalidInputError {
  const issue = keyIssue(error.issues[0]!);
  const field = pathText(issue.path);
  const given = valueAt(value, issue.path);
  const what =
    given === undefined && issue.path.length > 0
      ? `is missing or invalid: ${issue.message}`
      : `${issue.message}, got ${describeValue(given)}`;
  const more = error.issues.length > 1 ? ` (and ${error.issues.length - 1} more problem(s))` : "";
  return new InvalidInputError(`${where}: ${what}${more}`, field === "" ? {} : { field }, { cause: error });
}

/**
 * The issue itself, or for a record key that failed its schema (zod's "Invalid key in record") the key's own
 * problem (e.g. `"constructor" is a name every JavaScript object already has ...`) at the record key's path.
 *
 * @example
 * keyIssue(error.issues[0]!).message;
 */
export function keyIssue(issue: z.core.$ZodIssue): z.core.$ZodIssue {
  if (issue.code !== "invalid_key" || issue.issues[0] === undefined) return issue;
  return { ...issue.issues[0], path: issue.path } as z.core.$ZodIssue;
}

/** `["examples", 1, "inputs"]` as `examples[1].inputs`. */
export function pathText(path: readonly PropertyKey[]): string {
  return path
    .map((p, i) => (typeof p === "number" ? `[${p}]` : `${i === 0 ? "" : "."}${String(p)}`))
    .join("");
}

/** The value at a zod issue path inside `value` (own keys only), or undefined where the path leaves objects. */
export function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== "object" || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function describeValue(value: unknown): string {
  if (value === undefined) return "undefined";
  if (typeof value === "string")
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
  if (typeof value === "number" || typeof value === "boolean" || value === null) return String(value);
  if (Array.isArray(value)) return `a list of ${value.length}`;
  return typeof value === "function" ? "a function" : "an object";
}
