import { z } from "zod";

/**
 * An array schema with exactly `count` items: llama.cpp's JSON-schema grammar turns the length into
 * `minItems`/`maxItems`, so the judge writes that many items, and the zod re-check of every answer
 * rejects a different count (from an `Llm` that does not enforce grammars) with `error`.
 *
 * @example
 * const schema = z.object({ verdicts: exactly(verdictSchema, 3, "expected exactly 3 verdicts") });
 */
export function exactly<T extends z.ZodType>(item: T, count: number, error: string): z.ZodArray<T> {
  return z.array(item).length(count, { error });
}
