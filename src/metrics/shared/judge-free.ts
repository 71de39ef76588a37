import { InvalidInputError } from "../../errors.js";
import type { MetricOptionSchema } from "../descriptor.js";
import type { MetricConfig, MetricResult, Sample } from "../types.js";
import { BaseMetric } from "./base-metric.js";
import type { FieldLocation } from "./validate.js";

/** Options of a metric that change its numbers, as recorded in `config().options`. */
export type RecordedOptions = Record<string, string | number | boolean | null>;

/**
 * Base of the metrics that need no judge and no embeddings: the formula runs synchronously, so
 * `scoreSync` is offered beside `score`, and `config()` records the options and no models.
 */
export abstract class JudgeFreeMetric<
  V,
  S extends MetricOptionSchema = MetricOptionSchema,
> extends BaseMetric<V, S> {
  /** Scores one validated sample; pure, no I/O. Returns a new object each call (`scoreSync` completes it in place). */
  protected abstract scoreInput(input: V): MetricResult;
  /** The options that change the numbers. Defaults to every option of the descriptor (unset ones as null). */
  protected recordedOptions(): RecordedOptions {
    const recorded: RecordedOptions = {};
    const options = this.options as Record<string, string | number | boolean | null | undefined>;
    for (const key of Object.keys(this.descriptor.options.shape)) recorded[key] = options[key] ?? null;
    return recorded;
  }

  /**
   * Scores one sample without a promise: validation errors throw `InvalidInputError` naming `row`
   * (when given) and the field. Every result carries `details.promptVersions` (empty), as from `score`.
   */
  scoreSync(sample: Sample, row?: number): MetricResult {
    if (sample === null || typeof sample !== "object" || Array.isArray(sample)) {
      throw new InvalidInputError("a sample must be an object such as { response, reference }", {
        ...(row !== undefined ? { row } : {}),
        field: "sample",
      });
    }
    const result = this.scoreInput(this.validate(sample, row));
    // scoreInput returns a fresh object: completing it in place spares two object copies per row.
    if (result.details === undefined) result.details = { promptVersions: {} };
    else result.details.promptVersions = {};
    return result;
  }

  protected async compute(input: V): Promise<MetricResult> {
    return this.scoreInput(input);
  }

  protected concurrency(): number {
    return 1;
  }

  config(): MetricConfig {
    return { name: this.name, promptVersions: {}, options: this.recordedOptions(), models: [] };
  }
}

function at(field: string, row: number | undefined): FieldLocation {
  return row !== undefined ? { field, row } : { field };
}

/** The response and reference as strings (empty allowed, as in Ragas); anything else throws naming the field. */
export function requirePair(
  sample: Sample,
  row: number | undefined,
): { reference: string; response: string } {
  return {
    response: requireText(sample.response, "response", row),
    reference: requireText(sample.reference, "reference", row),
  };
}

/** A string field (empty allowed, as in Ragas); anything else throws naming the field. */
export function requireText(
  value: unknown,
  field: "response" | "reference",
  row: number | undefined,
): string {
  if (typeof value === "string") return value;
  if (value === undefined || value === null) {
    throw new InvalidInputError(
      `is missing; give the ${field === "response" ? "answer" : "expected answer"} as a string (Ragas ${field})`,
      at(field, row),
    );
  }
  throw new InvalidInputError(`must be a string, got ${typeof value}`, at(field, row));
}

/** A list of strings (empty strings and an empty list allowed: the formulas define them). */
export function requireStringList(value: unknown, field: string, row: number | undefined): string[] {
  if (value === undefined || value === null) {
    throw new InvalidInputError("is missing; give a list of strings", at(field, row));
  }
  if (!Array.isArray(value)) throw new InvalidInputError("must be a list of strings", at(field, row));
  value.forEach((item: unknown, i: number) => {
    if (typeof item !== "string") {
      throw new InvalidInputError(
        `must be a string, got ${item === null ? "null" : typeof item}`,
        at(`${field}[${i}]`, row),
      );
    }
  });
  return value as string[];
}

/** A list of context ids: strings or integers (Ragas compares `str(id)`); an empty list is allowed. */
export function requireIdList(
  value: unknown,
  field: string,
  row: number | undefined,
): Array<string | number> {
  if (value === undefined || value === null) {
    throw new InvalidInputError(
      'is missing; give a list of context ids such as ["doc_1", "doc_2"]',
      at(field, row),
    );
  }
  if (!Array.isArray(value))
    throw new InvalidInputError("must be a list of ids (strings or integers)", at(field, row));
  value.forEach((item: unknown, i: number) => {
    if (typeof item === "string") return;
    if (typeof item === "number" && Number.isSafeInteger(item)) return;
    throw new InvalidInputError(
      `must be a string or an integer id, got ${typeof item === "number" ? String(item) : item === null ? "null" : typeof item}`,
      at(`${field}[${i}]`, row),
    );
  });
  return value as Array<string | number>;
}
