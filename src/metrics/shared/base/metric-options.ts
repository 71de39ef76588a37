import type { z } from "zod";
import { parseOptions } from "../../../errors-zod.js";
import type { MetricDescriptor, MetricModels, MetricOptionSchema } from "../../descriptor.js";
import { embeddingsOption, llmOption } from "../judge/options.js";

/** A metric's parsed options: its own (defaults filled in) and the models its descriptor needs. */
export type ParsedMetricOptions<S extends MetricOptionSchema> = z.output<S> & MetricModels;

// One constructor schema per descriptor, built on first use (the schemas are immutable).
const constructorSchemas = new WeakMap<MetricDescriptor, z.ZodType>();

/**
 * The descriptor's options plus the models it needs, with no unknown key. A model the options declare
 * themselves (answer correctness' embedder, needed only for one weighting) keeps the options' rule.
 */
function constructorSchema(descriptor: MetricDescriptor): z.ZodType {
  let schema = constructorSchemas.get(descriptor);
  if (schema === undefined) {
    const declared = descriptor.options.shape as Record<string, unknown>;
    schema = descriptor.options
      .safeExtend({
        ...(descriptor.needsLlm && !("llm" in declared) ? { llm: llmOption } : {}),
        ...(descriptor.needsEmbeddings && !("embeddings" in declared)
          ? { embeddings: embeddingsOption }
          : {}),
      })
      .strict();
    constructorSchemas.set(descriptor, schema);
  }
  return schema;
}

/**
 * Parses what a metric's constructor was given with its descriptor: its own options (defaults filled
 * in) and the models it needs. A bad option, an unknown one or a missing model throws one
 * `InvalidInputError` naming the option and `where` (the class, e.g. `ContextPrecision`).
 *
 * @example
 * parseMetricOptions(contextPrecisionDescriptor, { llm, temperature: -1 }, "ContextPrecision");
 * // InvalidInputError: ContextPrecision: Too small: expected number to be >=0, got -1 (field temperature)
 */
export function parseMetricOptions<S extends MetricOptionSchema>(
  descriptor: MetricDescriptor<S>,
  options: unknown,
  where: string,
): ParsedMetricOptions<S> {
  return parseOptions(
    constructorSchema(descriptor as MetricDescriptor),
    options,
    where,
  ) as ParsedMetricOptions<S>;
}
