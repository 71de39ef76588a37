import type { z } from "zod";
import type { Embeddings } from "../embeddings/types.js";
import type { Llm } from "../llm/types.js";
import type { SampleFieldValue, sampleFieldTable } from "../sample/field-table.js";
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
 * The kinds of sample field a descriptor's `reads` can name, each read by `readInputs` (shared/base/inputs.ts). A
 * metric that reads another kind (a rubric, reference topics) lists it in `requiredFields` and reads it itself.
 */
export type ReadKind =
  | "text"
  | "textList"
  | "textListMaybeEmpty"
  | "idList"
  | "documents"
  | "conversation"
  | "toolCalls";

/** The sample fields of a {@link ReadKind}: those a descriptor's `reads` can name. */
export type ReadableField = {
  [F in SampleField]: (typeof sampleFieldTable)[F]["kind"] extends ReadKind ? F : never;
}[SampleField];

/**
 * One sample field a metric reads: its name, or the name with how it is read. `optional: true` reads it when the
 * row has it (so it is not in `requiredFields`); `emptyList: "allowed"` takes an empty list of contexts as a value.
 *
 * @example
 * const reads = ["userInput", { field: "retrievedContexts", emptyList: "allowed" }, { field: "reference", optional: true }];
 */
export type FieldRead =
  | ReadableField
  | {
      /** The sample field. */
      readonly field: ReadableField;
      /** Read the field only when the row has it; it is then not required. Defaults to false. */
      readonly optional?: boolean;
      /** For a list of texts: an empty list is a value, not a mistake. Defaults to "refused". */
      readonly emptyList?: "allowed" | "refused";
      /**
       * For `response` or `reference`, or each text of a list: any string, empty or blank included, is a value (as
       * Ragas' string metrics and judge-free formulas read them). Defaults to "refused": a blank text is a mistake.
       */
      readonly emptyText?: "allowed" | "refused";
      /**
       * For a conversation a judge reads as a transcript: one that leaves the judge nothing to read (no user,
       * assistant or tool message with text or tool calls; system messages are left out) is a mistake. Defaults to
       * false: any conversation the readers take is a value.
       */
      readonly judgeReadable?: boolean;
      /**
       * What else the user can do when a row lacks this required field (e.g. "or use context_utilization to judge
       * against the response"), added after the field table's hint in the error. Defaults to none.
       */
      readonly ifMissing?: string;
    };

/** The response and the reference as strings, empty allowed: what the string-comparison metrics read. */
export const responseAndReferenceStrings = [
  { field: "response", emptyText: "allowed" },
  { field: "reference", emptyText: "allowed" },
] as const satisfies readonly FieldRead[];

/** The field a {@link FieldRead} names. */
export function readField(read: FieldRead): ReadableField {
  return typeof read === "string" ? read : read.field;
}

/** Whether a {@link FieldRead} is required of every scored row. */
export function isRequiredRead(read: FieldRead): boolean {
  return typeof read === "string" || read.optional !== true;
}

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
  /** Sample fields every scored row must have; `defineMetric` derives it from `reads` when those are given. */
  readonly requiredFields: readonly SampleField[];
  /**
   * The sample fields the metric reads, in order, optional ones marked: `defineMetric` derives `requiredFields`
   * from them, and the metric's checked input (`MetricInput`) holds each, keyed by field name. Defaults to none:
   * the metric's class reads the sample itself.
   */
  readonly reads?: readonly FieldRead[];
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

/** What `defineMetric` takes: a descriptor whose `requiredFields` are given, or derived from its `reads`. */
export type MetricDefinition<S extends MetricOptionSchema, R extends readonly FieldRead[]> = Omit<
  MetricDescriptor<S>,
  "requiredFields" | "reads"
> &
  (
    | { readonly reads: R; readonly requiredFields?: never }
    | { readonly requiredFields: readonly SampleField[]; readonly reads?: never }
  );

/**
 * Makes a descriptor, keeping its types: the option schema's (so the metric's class sees its parsed options' type),
 * the literal `reads` and needs (so `MetricOptionsOf` and `MetricInput` follow from them). `requiredFields` is
 * derived from `reads` when they are given: every field not marked optional, in order.
 */
export function defineMetric<
  S extends MetricOptionSchema,
  const R extends readonly FieldRead[] = never,
  L extends boolean = boolean,
  E extends boolean = boolean,
>(
  definition: MetricDefinition<S, R> & { readonly needsLlm: L; readonly needsEmbeddings: E },
): MetricDescriptor<S> & { readonly reads: R; readonly needsLlm: L; readonly needsEmbeddings: E } {
  if (definition.reads === undefined) return definition as never;
  const requiredFields = definition.reads.filter(isRequiredRead).map(readField);
  return { ...definition, requiredFields } as never;
}

/** The judge option of a metric that needs one. */
export interface JudgeModelOption {
  /** The judge, an `Llm` (e.g. `await LlamaCppLlm.load({ modelPath })`). Required: there is no default. */
  llm: Llm;
}

/** The embedder option of a metric that needs one. */
export interface EmbedderModelOption {
  /** The embedding model, an `Embeddings` (e.g. `await TransformersEmbeddings.load({ model })`). Required: there is no default. */
  embeddings: Embeddings;
}

/**
 * The models a descriptor's needs name, as constructor options. A model its options schema declares itself (answer
 * correctness' embedder, needed only for one weighting) keeps the schema's rule, as the constructor parses it.
 */
export type ModelsOf<D extends Pick<MetricDescriptor, "needsLlm" | "needsEmbeddings" | "options">> =
  (D["needsLlm"] extends true
    ? "llm" extends keyof D["options"]["shape"]
      ? unknown
      : JudgeModelOption
    : unknown) &
    (D["needsEmbeddings"] extends true
      ? "embeddings" extends keyof D["options"]["shape"]
        ? unknown
        : EmbedderModelOption
      : unknown);

/**
 * A metric's constructor options, from its descriptor: its own options as the schema takes them (each with the
 * doc comment on its schema key) and the models its needs name.
 *
 * @example
 * export type AnswerRelevancyOptions = MetricOptionsOf<typeof answerRelevancyDescriptor>;
 */
export type MetricOptionsOf<D extends Pick<MetricDescriptor, "options" | "needsLlm" | "needsEmbeddings">> =
  z.input<D["options"]> & ModelsOf<D>;

type ReadName<F> = F extends ReadableField ? F : F extends { readonly field: infer N } ? N : never;
type RequiredReads<R> = R extends readonly (infer F)[]
  ? F extends { readonly optional: true }
    ? never
    : ReadName<F>
  : never;
type OptionalReads<R> = R extends readonly (infer F)[]
  ? F extends { readonly optional: true }
    ? ReadName<F>
    : never
  : never;

/**
 * A metric's checked input, from its descriptor's `reads`: each field it reads, keyed by field name, as the field
 * table's kind holds it (text, a list of texts, a conversation, ...); fields marked optional are optional.
 *
 * @example
 * type Input = MetricInput<typeof faithfulnessDescriptor>; // { userInput: string; response: string; retrievedContexts: string[] }
 */
export type MetricInput<D extends { readonly reads: readonly FieldRead[] }> = {
  -readonly [F in RequiredReads<D["reads"]> & SampleField]: SampleFieldValue<F>;
} & { -readonly [F in OptionalReads<D["reads"]> & SampleField]?: SampleFieldValue<F> };
