import { z } from "zod";
import { ListPairMemo } from "../../../util/list-pair-memo.js";
import type { FieldRead, MetricDescriptor, MetricInput } from "../../descriptor.js";
import type { MetricResult } from "../../types.js";
import type { ContextSimilarities } from "../text/context-similarities.js";
import { type DistanceMeasure, distanceMeasures } from "../text/string-distance/similarity.js";
import type { MetricConstructorArgs } from "./base-metric.js";
import { JudgeFreeMetric } from "./judge-free-metric.js";

const memos = new Map<DistanceMeasure, ListPairMemo<ContextSimilarities>>();

/**
 * The memo shared by the non-LLM context precision and recall of one distance measure: both compare every
 * retrieved context with every reference context, so when both metrics score the same row the second finds
 * the similarities here. Bounded (see {@link ListPairMemo}).
 */
export function contextSimilarityMemo(measure: DistanceMeasure): ListPairMemo<ContextSimilarities> {
  let memo = memos.get(measure);
  if (memo === undefined) {
    memo = new ListPairMemo<ContextSimilarities>();
    memos.set(measure, memo);
  }
  return memo;
}

/** What both formulas return: the score, and per context its best similarity and 0/1 verdict. */
export interface SimilarityVerdicts {
  score: number | null;
  similarities: number[];
  verdicts: number[];
}

/**
 * What the non-LLM context precision and recall read: the retrieved and the reference contexts, any strings (empty
 * ones too) and empty lists allowed, as Ragas' formulas define them.
 */
export const nonLlmContextReads = [
  { field: "retrievedContexts", emptyList: "allowed", emptyText: "allowed" },
  { field: "referenceContexts", emptyList: "allowed", emptyText: "allowed" },
] as const satisfies readonly FieldRead[];

/** The two context lists of one sample, checked, keyed by field name. */
export type ContextLists = MetricInput<{ reads: typeof nonLlmContextReads }>;

/** The option schema of the non-LLM context precision and recall descriptors: threshold and distance measure. */
export const nonLlmContextOptionsSchema = z.object({
  /** Similarity a context needs to count as relevant. Precision compares with `>=`, recall with `>`. Defaults to 0.5. */
  threshold: z.number().default(0.5).describe("Similarity a context needs to count as relevant."),
  /** String distance behind the similarity, normalised as rapidfuzz does. Defaults to "levenshtein". */
  distanceMeasure: z
    .enum(distanceMeasures)
    .default("levenshtein")
    .describe("String distance behind the similarity, normalised as rapidfuzz does."),
});

/** Options of the non-LLM context precision and recall metrics. */
export type NonLLMContextOptions = z.input<typeof nonLlmContextOptionsSchema>;

/**
 * What the non-LLM context precision and recall metrics share: the two context lists (read as the descriptor's
 * `reads`, `nonLlmContextReads`, say), a similarity threshold and a distance measure, recorded in the config.
 * Subclasses give the id and the formula.
 */
export abstract class NonLlmContextMetric<
  D extends MetricDescriptor = MetricDescriptor,
> extends JudgeFreeMetric<ContextLists, D> {
  /** Similarity threshold (precision: inclusive, recall: exclusive). */
  readonly threshold: number;
  /** The distance measure. */
  readonly distanceMeasure: DistanceMeasure;

  constructor(...args: MetricConstructorArgs<D>) {
    super(...args);
    ({ threshold: this.threshold, distanceMeasure: this.distanceMeasure } = this
      .options as unknown as z.output<typeof nonLlmContextOptionsSchema>);
  }

  /** A row that has no score, with the reason why. */
  protected unscored(reason: string): MetricResult {
    return { value: null, status: "ok", reason };
  }

  /** A scored row: the formula's score, the reason, and the similarities and verdicts behind it. */
  protected scored(outcome: SimilarityVerdicts, reason: string): MetricResult {
    const { score, similarities, verdicts } = outcome;
    return { value: score, status: "ok", reason, details: { similarities, verdicts } };
  }

  /** The similarity memo of this metric's distance measure, shared with the other non-LLM context metric. */
  protected get memo(): ListPairMemo<ContextSimilarities> {
    return contextSimilarityMemo(this.distanceMeasure);
  }
}
