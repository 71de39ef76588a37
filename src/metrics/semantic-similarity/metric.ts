// Ragas `semantic_similarity`, one folder: score.ts (the formula), metric.ts (this Ragas-style class, which embeds
// a whole batch at once), evaluator.ts (Haystack's SASEvaluator), descriptor.ts (id, fields read, needs, options
// and defaults). No judge, so no prompt.
import type { EmbeddedTexts, Embeddings } from "../../embeddings/types.js";
import type { MetricInput, MetricOptionsOf } from "../descriptor.js";
import { BaseMetric } from "../shared/base/base-metric.js";
import { errorResult, mustPropagate, withPromptVersions } from "../shared/base/outcome.js";
import { recordedOptions } from "../shared/base/recorded-options.js";
import { longTextsDetail, refusedLongText, rowLongTexts } from "../shared/embedding/long-texts.js";
import { cosineOrThrow, embedAll } from "../shared/embedding/vectors.js";
import type { MetricConfig, MetricResult } from "../types.js";
import { semanticSimilarityDescriptor } from "./descriptor.js";
import { semanticSimilarityScore } from "./score.js";

/** Options of {@link SemanticSimilarity}: its descriptor's options (documented on the schema keys) and the embedder. */
export type SemanticSimilarityOptions = MetricOptionsOf<typeof semanticSimilarityDescriptor>;

/** The checked response and reference of one row. */
type Pair = MetricInput<typeof semanticSimilarityDescriptor>;

/**
 * Ragas `semantic_similarity` (Haystack's SAS with a bi-encoder): the cosine similarity of the
 * embeddings of `response` and `reference`. The value is not clamped, so it can be negative. With
 * `threshold`, the value is 1 when similarity >= threshold and 0 otherwise; a threshold of 0 works
 * (Ragas skips a 0 threshold because of a truthiness check). A missing, empty or whitespace-only
 * `response` or `reference` is an `InvalidInputError` naming the field: Ragas embeds "" as a single
 * space, whose vector means nothing, so airgap-eval asks for real text instead. A text in which the
 * embedding model knows no token gives an error row (zero vector, cosine undefined). A text longer than the
 * embedder's limit is listed in `details.longTexts` (field, tokens, limit, how it was handled; see
 * `LongTextEntry`); under the embedder's `longText: "error"` its row is an error row naming the field.
 *
 * @example
 * const metric = new SemanticSimilarity({ embeddings });
 * const { value } = await metric.score({
 *   response: "The capital of France is Paris.",
 *   reference: "Paris is the capital of France.",
 * });
 */
export class SemanticSimilarity extends BaseMetric<Pair, typeof semanticSimilarityDescriptor> {
  static readonly descriptor = semanticSimilarityDescriptor;

  readonly threshold: number | undefined;
  private readonly embeddings: Embeddings;
  private readonly batchSize: number;

  constructor(options: SemanticSimilarityOptions) {
    super(options);
    this.embeddings = this.options.embeddings!;
    ({ threshold: this.threshold, batchSize: this.batchSize } = this.options);
  }

  /** One pair (`score`); `scoreBatch` embeds a whole batch at once through `computeAll`. */
  protected async compute(pair: Pair, signal: AbortSignal | undefined): Promise<MetricResult> {
    return (await this.scorePairs([pair], signal))[0]!;
  }

  protected concurrency(): number {
    return 1;
  }

  /** Scores validated pairs, embedding all texts in batches of `batchSize`; every result carries `details.promptVersions` (empty: no judge). */
  protected override async computeAll(
    pairs: readonly Pair[],
    signal: AbortSignal | undefined,
  ): Promise<MetricResult[]> {
    const versions = this.config().promptVersions;
    return (await this.scorePairs(pairs, signal)).map((r) => withPromptVersions(r, versions));
  }

  private async scorePairs(pairs: readonly Pair[], signal: AbortSignal | undefined): Promise<MetricResult[]> {
    let embedded: EmbeddedTexts;
    try {
      embedded = await embedAll(
        this.embeddings,
        pairs.flatMap((p) => [p.response, p.reference]),
        this.batchSize,
      );
    } catch (err) {
      if (mustPropagate(err, signal)) throw err;
      return pairs.map(() => errorResult(err));
    }
    const { vectors, longTexts } = embedded;
    return pairs.map((_pair, i) => {
      const long = rowLongTexts(longTexts, [
        ["response", 2 * i],
        ["reference", 2 * i + 1],
      ]);
      try {
        const refused = refusedLongText(long);
        if (refused) throw refused;
        const similarity = cosineOrThrow(
          vectors[2 * i]!,
          vectors[2 * i + 1]!,
          "the response",
          "the reference",
        );
        const value = semanticSimilarityScore(similarity, this.threshold);
        return {
          value,
          status: "ok" as const,
          reason:
            this.threshold === undefined
              ? "cosine similarity of the response and reference embeddings"
              : `similarity ${similarity.toFixed(4)} ${similarity >= this.threshold ? ">=" : "<"} threshold ${this.threshold}`,
          details: {
            similarity,
            ...(this.threshold !== undefined ? { threshold: this.threshold } : {}),
            ...longTextsDetail(long),
          },
        };
      } catch (err) {
        return errorResult(err, longTextsDetail(long));
      }
    });
  }

  /** The options that change the numbers (the threshold; `batchSize` is speed only) and the embedding model's provenance. */
  config(): MetricConfig {
    return {
      name: this.name,
      promptVersions: {},
      options: recordedOptions(this.descriptor.options, this.options),
      models: [this.embeddings.provenance()],
    };
  }
}
