import type { z } from "zod";
import type { Embeddings } from "../embeddings/types.js";
import type { Llm } from "../llm/types.js";
import type { VerifierTask } from "../verifiers/types.js";
import type { SampleField } from "./types.js";

/** The models a metric may be built with (`createMetric`); which ones it needs is in its descriptor. */
export interface MetricModels {
  /** The judge, for descriptors with `needsLlm`. */
  llm?: Llm;
  /** The embedder, for descriptors with `needsEmbeddings`. */
  embeddings?: Embeddings;
}

/**
 * The groups of the main entry that re-export metric faces (src/api/<group>.ts, each with a block that
 * `npm run docs:api` writes), in the order of src/index.ts.
 */
export const metricApiGroups = [
  "judge-metrics-core",
  "judge-metrics-rag-set",
  "custom-judges",
  "judge-free-metrics",
  "agent-metrics",
  "verifier-metrics",
] as const;

/** One of {@link metricApiGroups}. */
export type MetricApiGroup = (typeof metricApiGroups)[number];

/**
 * The metric's public names besides its class (whose name the README's Ragas-style column shows):
 * other exported names of the class, and the Haystack-style evaluator where there is one.
 */
export interface MetricSurfaces {
  /** Other exported names of the same class, e.g. `ResponseRelevancy`. Defaults to none. */
  readonly ragasAliases?: readonly string[];
  /** The Haystack-style evaluator, e.g. `FaithfulnessEvaluator`. Defaults to none. */
  readonly haystack?: string;
  /**
   * The group of the main entry whose generated block re-exports the metric folder's face (`index.ts`).
   * Defaults to the metric's family (scripts/api-groups.ts, `apiGroupOf`): "verifier-metrics" with a verifier,
   * "custom-judges" when definable, "agent-metrics" when it reads `messages`, "judge-free-metrics" with no
   * model, else "judge-metrics-rag-set".
   */
  readonly apiGroup?: MetricApiGroup;
}

/** The schema of a metric's own options: a zod object, each option with its default. */
// biome-ignore lint/suspicious/noExplicitAny: any shape and any strictness; defineMetric keeps the exact type.
export type MetricOptionSchema = z.ZodObject<any, any>;

/**
 * What a metric file needs to know about a metric it may define, beyond the descriptor's options schema
 * (which checks each entry).
 */
export interface DefinableMetric<O = unknown> {
  /**
   * The sample fields a metric built with these parsed options reads, so the dataset's columns are checked
   * before any model loads. Defaults to the options' `inputs` list when given, else the descriptor's
   * `requiredFields`.
   */
  fields?(options: O): readonly SampleField[];
}

/**
 * Everything known about a built-in metric, in one place: its id, fields, needs, options and defaults.
 * The metric's class reads it (`BaseMetric` takes it in its constructor: name, required fields and
 * needs come from here, and the constructor parses its options with `options`), and so do the CLI,
 * `evaluate()`, the column checks and the README's metric table. Adding a metric means one folder
 * (descriptor.ts, metric.ts, score.ts) and one line in `catalog.ts`: docs/metric-pattern.md.
 *
 * @example
 * export const exactMatchDescriptor = defineMetric({
 *   id: "exact_match",
 *   description: "1 when the response equals the reference exactly, else 0.",
 *   requiredFields: ["response", "reference"],
 *   needsLlm: false,
 *   needsEmbeddings: false,
 *   options: z.object({}),
 * });
 */
export interface MetricDescriptor<S extends MetricOptionSchema = MetricOptionSchema> {
  /** Ragas or Haystack id in snake_case, e.g. `faithfulness`; also `Metric.name`. */
  readonly id: string;
  /** One line: what the number means. */
  readonly description: string;
  /** Sample fields every scored row must have. */
  readonly requiredFields: readonly SampleField[];
  /** Needs a judge LLM. */
  readonly needsLlm: boolean;
  /** Needs an embedding model. */
  readonly needsEmbeddings: boolean;
  /**
   * The verifier tasks the metric reads (`src/verifiers/types.ts`), for metrics that score with a local verifier:
   * the verifier comes from the metric's `verifier` option (a models.json id or directory, with a default, or a
   * loaded `Verifier`), never from `MetricModels`. Defaults to none: the metric uses no verifier.
   */
  readonly needsVerifier?: readonly VerifierTask[];
  /**
   * The interval every value lies in (checked against `--fail-under` bars); null when it depends on the
   * metric's definition, e.g. a user's rubric scale. Defaults to `[0, 1]`.
   */
  readonly valueRange?: readonly [min: number, max: number] | null;
  /**
   * The metric's own options (never the models), each with its default, as a zod object. The metric's
   * constructor parses its options with it (plus `llm` / `embeddings` as the needs say, and no unknown
   * key), so `new X(options)`, `createMetric` and the CLI check options the same way; a bad option is
   * an `InvalidInputError` naming it.
   */
  readonly options: S;
  /**
   * True for metrics that run only when asked for by id (they need a definition, e.g. a rubric, or
   * duplicate another metric). Defaults to false: the metric is in the default set.
   */
  readonly optIn?: boolean;
  /**
   * Where the value comes from: `"formula"` when score.ts computes it (from the judge's verdicts, the
   * texts or the embeddings), `"judge"` when the value is the number the judge writes on a scale the user
   * defines, so the folder has no score.ts. Defaults to "formula".
   */
  readonly valueFrom?: "formula" | "judge";
  /**
   * Public names besides the class, for the README's metric table: the class's aliases and the
   * Haystack-style evaluator, where there is one. Defaults to none.
   */
  readonly surfaces?: MetricSurfaces;
  /**
   * Whether a metric file (`loadMetricFile`, `eval --metric-file`) may define this metric: an entry
   * `{ kind: <id>, id: <name>, ...options }` builds one, its options checked by `options`. `true`, or how a
   * definition's sample fields follow from its options where the default rule of {@link DefinableMetric} does
   * not hold. Defaults to false: metric files cannot define it.
   */
  readonly definable?: boolean | DefinableMetric<z.output<S>>;
}

/** Identity helper that keeps the option schema's type, so the metric's class sees its parsed options' type. */
export function defineMetric<S extends MetricOptionSchema>(
  descriptor: MetricDescriptor<S>,
): MetricDescriptor<S> {
  return descriptor;
}
