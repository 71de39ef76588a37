// A judge that repeats itself as far as its grammar lets it, the way SmolLM2-135M-Instruct did on real rows: every
// list runs to its `maxItems`, every text to its `maxLength`. Where the schema sets no bound it runs on to the answer
// budget and is cut off (a JudgeOutputError), as the real judge's answer was at 2,048 tokens.
import { z } from "zod";
import { JudgeOutputError } from "../../src/errors.js";
import type { GenerateObjectOptions, GenerateObjectResult, Llm } from "../../src/llm/types.js";
import type { JudgePrompt } from "../../src/prompts/types.js";
import type { ModelProvenance } from "../../src/provenance.js";

/** The text the judge repeats inside every string. */
const REPEATED = "The answer says this again. ";

/** Characters per token, as the budget counts them (English text in a 49k vocabulary is about 4). */
const CHARS_PER_TOKEN = 4;

/** A JSON-schema node as z.toJSONSchema writes the ones judges get. */
interface SchemaNode {
  type?: string;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  maxItems?: number;
  maxLength?: number;
  const?: unknown;
  enum?: unknown[];
  anyOf?: SchemaNode[];
}

/** Thrown inside the writer when the answer passes the budget; becomes the judge's cut-off error. */
class RanOn extends Error {}

/**
 * The repeating judge. `generated` holds the tokens of each answer it finished, in call order. Answers are re-checked
 * against the schema (as a grammar-held judge's are).
 */
export class RepeatingJudge implements Llm {
  readonly id = "repeating-judge";
  readonly generated: number[] = [];

  /** @param budget Tokens an answer may take before it is cut off (the default budget's retry: 512 × 4). */
  constructor(private readonly budget = 2048) {}

  async generateObject<S extends z.ZodType>(
    prompt: JudgePrompt,
    schema: S,
    _options?: GenerateObjectOptions,
  ): Promise<GenerateObjectResult<z.output<S>>> {
    const limit = this.budget * CHARS_PER_TOKEN;
    let written = 0;
    const spend = (text: string): void => {
      written += text.length;
      if (written > limit) throw new RanOn();
    };
    let value: unknown;
    try {
      value = write(z.toJSONSchema(schema) as SchemaNode, spend);
    } catch (error) {
      if (!(error instanceof RanOn)) throw error;
      throw new JudgeOutputError(
        `${prompt.name}: the answer was cut off at ${this.budget} tokens (it kept repeating itself)`,
        "",
      );
    }
    const tokens = Math.ceil(JSON.stringify(value).length / CHARS_PER_TOKEN);
    this.generated.push(tokens);
    const usage = {
      promptTokens: Math.ceil(prompt.input.length / CHARS_PER_TOKEN),
      completionTokens: tokens,
    };
    return { value: schema.parse(value) as z.output<S>, usage };
  }

  provenance(): ModelProvenance {
    return { id: this.id, kind: "llm", runtime: { name: "repeating", version: "0" }, settings: {} };
  }
}

/** The longest value `node` allows, written through `spend` (which throws once the budget is passed). */
function write(node: SchemaNode, spend: (text: string) => void): unknown {
  if (node.const !== undefined) return node.const;
  if (node.enum !== undefined) return node.enum[0];
  if (node.anyOf !== undefined) return write(node.anyOf[0]!, spend);
  switch (node.type) {
    case "object":
      return Object.fromEntries(
        Object.entries(node.properties ?? {}).map(([key, child]) => [key, write(child, spend)]),
      );
    case "array": {
      const items: unknown[] = [];
      for (let i = 0; node.maxItems === undefined || i < node.maxItems; i++) {
        spend(", ");
        items.push(write(node.items ?? {}, spend));
      }
      return items;
    }
    case "string": {
      let text = "";
      while (node.maxLength === undefined || text.length < node.maxLength) {
        spend(REPEATED);
        text += REPEATED;
      }
      return text.slice(0, node.maxLength);
    }
    case "number":
    case "integer":
      return 0;
    case "boolean":
      return false;
    default:
      throw new Error(`RepeatingJudge: no writer for the schema node ${JSON.stringify(node)}`);
  }
}
