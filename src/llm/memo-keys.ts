import { createHash } from "node:crypto";
import type { Token } from "node-llama-cpp";
import type { z } from "zod";
import type { CallSettings } from "./call-settings.js";
import { zodToGrammarSchema } from "./json-schema.js";

/**
 * Identifies a judge call for its memo: the prompt tokens, the output schema (as its grammar's JSON
 * Schema, worked out once per schema object) and every sampling setting. Two calls with one key give
 * one answer.
 *
 * @example
 * const keys = new MemoKeys();
 * const key = keys.of(tokens, schema, settings);
 */
export class MemoKeys {
  private readonly schemaKeys = new WeakMap<z.ZodType, string>();

  /** The key of a call: a sha256 in hex. */
  of(tokens: Token[], schema: z.ZodType, settings: CallSettings): string {
    let schemaKey = this.schemaKeys.get(schema);
    if (schemaKey === undefined) {
      schemaKey = JSON.stringify(zodToGrammarSchema(schema));
      this.schemaKeys.set(schema, schemaKey);
    }
    return createHash("sha256")
      .update(JSON.stringify([settings, schemaKey]))
      .update(Int32Array.from(tokens as number[]))
      .digest("hex");
  }
}
