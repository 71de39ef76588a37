// LLMEvaluator (Haystack's shape): prompt.ts (instructions, output schema from keys or zod, examples), judge.ts
// (one judge call per row), score.ts (the mean of averageKey). Rows run through the shared runner (progress bar,
// raiseOnFailure).
import { z } from "zod";
import { InvalidInputError } from "../../errors.js";
import type { Llm } from "../../llm/types.js";
import type { PromptExample, PromptTemplate } from "../../prompts/types.js";
import { requireContexts, requireSameLengthLists, requireText } from "../../sample/validate.js";
import { isPrototypeKey, prototypeKeyProblem } from "../../util/object-keys.js";
import { parseExamples, type RowOutcome, type RunOptions, runRows } from "../shared/base/evaluator-runner.js";
import { defaultProgressBar } from "../shared/base/progress.js";
import { type JudgeSettings, type JudgeUsage, newUsage } from "../shared/judge/judge.js";
import type { MetricConfig } from "../types.js";
import { judgeRow } from "./judge.js";
import {
  keysSchema,
  type LLMEvaluatorInputType,
  type LlmEvaluatorRow,
  llmEvaluatorPrompt,
  outputKeys,
} from "./prompt.js";
import { meanOfKey } from "./score.js";

/** A few-shot example in Haystack's shape: one row's inputs and the answer the judge should give. */
export interface LLMEvaluatorExample {
  inputs: Record<string, unknown>;
  outputs: Record<string, unknown>;
}

/** Options of {@link LLMEvaluator}. */
export interface LLMEvaluatorOptions<O extends Record<string, unknown>> {
  /** The judge. */
  llm: Llm;
  /** What the judge is to do, in words, e.g. "Score 1 if the answer answers the question, else 0". Required. */
  instructions: string;
  /** The named input lists `run()` takes and each item's type, e.g. `[["questions", "string"], ["contexts", "string[]"]]`. Required. */
  inputs: ReadonlyArray<readonly [name: string, type: LLMEvaluatorInputType]>;
  /**
   * The answer: a list of keys (each a number, boolean or text) or a zod schema, which becomes the grammar, so every
   * answer is valid by construction. Required.
   */
  outputs: readonly string[] | z.ZodType<O>;
  /** Few-shot examples, each `{ inputs, outputs }` with every input name and an answer valid against `outputs`. Defaults to none. */
  examples?: readonly LLMEvaluatorExample[];
  /** Output key whose numbers `run()` averages into `score`. Defaults to none: no aggregate. */
  averageKey?: string;
  /** Throw on the first row whose judge call fails; false gives that row `null` and goes on. Defaults to true. */
  raiseOnFailure?: boolean;
  /** Draw a progress bar on stderr. Defaults to true when stderr is a terminal. */
  progressBar?: boolean;
  /** Judge temperature; 0 is greedy. Defaults to 0. */
  temperature?: number;
  /** Token budget of each answer. Defaults to the Llm's own default. */
  maxTokens?: number;
}

/** Per-row facts of a run: status, error, cost and the prompt version. */
export interface LLMEvaluatorRowMeta extends RowOutcome {
  /** Judge calls and tokens; zero for a row that failed before answering. */
  usage: JudgeUsage;
}

/** What {@link LLMEvaluator.run} returns. */
export interface LLMEvaluatorOutput<O> {
  /** One answer per row, in order; null for a failed row (only with `raiseOnFailure: false`). */
  results: Array<O | null>;
  /** One entry per row: status, error, usage, prompt version. */
  meta: LLMEvaluatorRowMeta[];
  /** Rows whose judge call failed. */
  failedRows: number;
  /** Mean of `averageKey` over the rows that have a number there; present only with `averageKey`. */
  score?: number | null;
}

/**
 * Haystack's `LLMEvaluator`: your instructions, named input lists, and an answer shape (keys, or a zod schema that
 * becomes the grammar). `run()` gives one answer object per row (null for a failed row) and per-row `meta`; it
 * computes no aggregate unless you name an `averageKey`.
 *
 * @example
 * const evaluator = new LLMEvaluator({
 *   llm,
 *   instructions: "Is the answer a complete sentence? Score 1 for yes, 0 for no.",
 *   inputs: [["answers", "string"]],
 *   outputs: z.object({ score: z.literal([0, 1]) }),
 *   averageKey: "score",
 * });
 * const { results, score } = await evaluator.run({ answers: ["Paris is the capital.", "Paris"] });
 */
export class LLMEvaluator<O extends Record<string, unknown> = Record<string, unknown>> {
  /** Input names `run()` reads. */
  readonly inputNames: readonly string[];
  readonly raiseOnFailure: boolean;
  readonly progressBar: boolean;
  /** The prompt every row is asked with. */
  readonly template: PromptTemplate<LlmEvaluatorRow, O>;
  private readonly llm: Llm;
  private readonly types: ReadonlyMap<string, LLMEvaluatorInputType>;
  private readonly averageKey: string | undefined;
  private readonly settings: JudgeSettings;

  constructor(options: LLMEvaluatorOptions<O>) {
    this.llm = options.llm;
    requireText(options.instructions, { field: "instructions" }, "say what the judge is to do");
    this.types = checkInputDeclarations(options.inputs);
    this.inputNames = [...this.types.keys()];
    const schema = outputSchemaOf(options.outputs);
    const keys = outputKeys(schema);
    if (options.averageKey !== undefined && keys !== undefined && !keys.includes(options.averageKey)) {
      throw new InvalidInputError(`"${options.averageKey}" is not an output key (${keys.join(", ")})`, {
        field: "averageKey",
      });
    }
    this.averageKey = options.averageKey;
    const shape = `{ inputs: { ${this.inputNames.map((n) => `${n}: ...`).join(", ")} }, outputs: { ... } }`;
    const exampleSchema = z.strictObject({
      inputs: z.strictObject(Object.fromEntries(this.inputNames.map((n) => [n, z.unknown()]))),
      outputs: schema,
    });
    const examples = parseExamples(exampleSchema, options.examples ?? [], "LLMEvaluator", shape).map(
      (ex, i): PromptExample<LlmEvaluatorRow, O> => ({
        input: this.rowOf(ex.inputs as Record<string, unknown>, undefined, `examples[${i}].inputs.`),
        output: ex.outputs as O,
      }),
    );
    this.template = llmEvaluatorPrompt(
      options.instructions,
      schema as z.ZodType<O>,
      examples,
      this.inputNames,
    );
    this.raiseOnFailure = options.raiseOnFailure ?? true;
    this.progressBar = options.progressBar ?? defaultProgressBar();
    this.settings = { temperature: options.temperature ?? 0, maxTokens: options.maxTokens };
  }

  /**
   * Judges every row. Missing inputs, lists of different lengths or an item of the wrong type throw
   * `InvalidInputError` naming the row and input before any judge call.
   */
  async run(
    inputs: Record<string, readonly unknown[]>,
    options: RunOptions = {},
  ): Promise<LLMEvaluatorOutput<O>> {
    const rows = this.rowsOf(inputs);
    const usages = rows.map(() => newUsage());
    type Row = RowOutcome & { answer: O | null };
    const { results, failedRows } = await runRows<Row>(
      rows.length,
      {
        label: "LLMEvaluator",
        progressBar: this.progressBar,
        raiseOnFailure: this.raiseOnFailure,
        concurrency: this.llm.concurrency ?? 1,
        signal: options.signal,
        promptVersions: { [this.template.name]: this.template.version },
      },
      async (row) => ({
        answer: await judgeRow(
          this.llm,
          this.template,
          rows[row]!,
          this.settings,
          usages[row]!,
          options.signal,
        ),
      }),
      () => ({ answer: null }),
    );
    const output: LLMEvaluatorOutput<O> = {
      results: results.map((r) => r.answer),
      meta: results.map(({ answer: _answer, ...meta }, row) => ({ ...meta, usage: usages[row]! })),
      failedRows,
    };
    if (this.averageKey !== undefined) output.score = meanOfKey(output.results, this.averageKey);
    return output;
  }

  /** Checks the inputs `run()` would get without calling the judge. */
  validateInputs(inputs: Record<string, readonly unknown[]>): void {
    this.rowsOf(inputs);
  }

  /** Prompt version (fingerprint of instructions, inputs, outputs and examples), sampling and the judge. */
  config(): MetricConfig {
    return {
      name: "llm_evaluator",
      promptVersions: { [this.template.name]: this.template.version },
      options: {
        averageKey: this.averageKey ?? null,
        temperature: this.settings.temperature,
        maxTokens: this.settings.maxTokens ?? null,
      },
      models: [this.llm.provenance()],
    };
  }

  private rowsOf(inputs: Record<string, readonly unknown[]>): LlmEvaluatorRow[] {
    if (inputs === null || typeof inputs !== "object") {
      throw new InvalidInputError(`run() takes an object of input lists: ${this.inputNames.join(", ")}`);
    }
    for (const name of Object.keys(inputs)) {
      if (!this.types.has(name)) {
        throw new InvalidInputError(`is not a declared input (${this.inputNames.join(", ")})`, {
          field: name,
        });
      }
    }
    const lists = Object.fromEntries(this.inputNames.map((n) => [n, inputs[n]]));
    const count = requireSameLengthLists(lists, "LLMEvaluator");
    return Array.from({ length: count }, (_, row) =>
      this.rowOf(Object.fromEntries(this.inputNames.map((n) => [n, inputs[n]![row]])), row, ""),
    );
  }

  private rowOf(values: Record<string, unknown>, row: number | undefined, prefix: string): LlmEvaluatorRow {
    return Object.fromEntries(
      this.inputNames.map((name) => [
        name,
        checkInputValue(values[name], this.types.get(name)!, `${prefix}${name}`, row),
      ]),
    );
  }
}

const INPUT_TYPES: readonly LLMEvaluatorInputType[] = ["string", "string[]", "number", "boolean"];

function checkInputDeclarations(
  inputs: ReadonlyArray<readonly [string, LLMEvaluatorInputType]>,
): Map<string, LLMEvaluatorInputType> {
  if (!Array.isArray(inputs) || inputs.length === 0) {
    throw new InvalidInputError('must list at least one [name, type] pair, e.g. [["questions", "string"]]', {
      field: "inputs",
    });
  }
  const types = new Map<string, LLMEvaluatorInputType>();
  inputs.forEach((pair, i) => {
    const [name, type] = Array.isArray(pair) ? pair : [];
    if (typeof name !== "string" || name === "" || !INPUT_TYPES.includes(type as LLMEvaluatorInputType)) {
      throw new InvalidInputError(`must be a [name, type] pair with type one of ${INPUT_TYPES.join(", ")}`, {
        field: `inputs[${i}]`,
      });
    }
    if (isPrototypeKey(name))
      throw new InvalidInputError(prototypeKeyProblem(name), { field: `inputs[${i}]` });
    if (types.has(name)) throw new InvalidInputError(`declares "${name}" twice`, { field: `inputs[${i}]` });
    types.set(name, type as LLMEvaluatorInputType);
  });
  return types;
}

function outputSchemaOf<O>(outputs: readonly string[] | z.ZodType<O>): z.ZodType {
  if (outputs instanceof z.ZodType) return outputs;
  if (
    !Array.isArray(outputs) ||
    outputs.length === 0 ||
    outputs.some((k) => typeof k !== "string" || k === "")
  ) {
    throw new InvalidInputError("must be a non-empty list of output keys or a zod schema", {
      field: "outputs",
    });
  }
  if (new Set(outputs).size !== outputs.length) {
    throw new InvalidInputError("lists a key twice", { field: "outputs" });
  }
  const inherited = outputs.find(isPrototypeKey);
  if (inherited !== undefined)
    throw new InvalidInputError(prototypeKeyProblem(inherited), { field: "outputs" });
  return keysSchema(outputs);
}

/**
 * Checks one row's item of a named input against its declared type, throwing `InvalidInputError` naming the row
 * and the input.
 */
function checkInputValue(
  value: unknown,
  type: LLMEvaluatorInputType,
  field: string,
  row: number | undefined,
): unknown {
  const where = { field, ...(row !== undefined ? { row } : {}) };
  switch (type) {
    case "string":
      return requireText(value, where);
    case "string[]":
      return requireContexts(value, where, { allowEmptyList: false });
    case "number":
      if (typeof value !== "number" || !Number.isFinite(value))
        throw new InvalidInputError("must be a finite number", where);
      return value;
    case "boolean":
      if (typeof value !== "boolean") throw new InvalidInputError("must be true or false", where);
      return value;
  }
}
