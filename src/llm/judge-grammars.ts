import type { GbnfJsonSchema, Llama, LlamaGrammar } from "node-llama-cpp";
import type { z } from "zod";
import { SharedCalls } from "../util/shared-calls.js";
import { zodToGrammarSchema } from "./json-schema.js";
import { type PlanGrammars, planGrammarsFor } from "./plan-writer.js";

/**
 * The llama.cpp grammars a judge's answers are held to, each built once: one per output schema (from its
 * JSON Schema), and those of answer plans' parts. A grammar that fails to build is dropped, so the next
 * call tries again.
 *
 * @example
 * const grammars = new JudgeGrammars(llama);
 * const grammar = await grammars.forSchema(z.object({ verdict: z.literal([0, 1]) }));
 */
export class JudgeGrammars {
  /** The grammars of plan parts: a free JSON string, and one of a choice's values. */
  readonly plan: PlanGrammars;
  private readonly bySchema = new SharedCalls<z.ZodType, LlamaGrammar>("until-failure", new WeakMap());

  constructor(private readonly llama: Llama) {
    this.plan = planGrammarsFor(llama);
  }

  /** The grammar of answers valid against `schema`. */
  forSchema(schema: z.ZodType): Promise<LlamaGrammar> {
    return this.bySchema.share(schema, () =>
      this.llama.createGrammarForJsonSchema<GbnfJsonSchema>(zodToGrammarSchema(schema)),
    );
  }
}
