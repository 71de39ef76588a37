// Haystack's SASEvaluator (bi-encoder path) over the formula of `SemanticSimilarity` (metric.ts).
import type { Embeddings } from "../../embeddings/types.js";
import { InvalidInputError } from "../../errors.js";
import { meanOfPresent } from "../../math/mean.js";
import { requireSameLengthLists, requireText } from "../../sample/validate.js";
import type { MetricOptionsOf } from "../descriptor.js";
import type {
  Evaluator,
  EvaluatorInputs,
  EvaluatorOutput,
  RowOutcome,
  RunOptions,
} from "../shared/base/evaluator-runner.js";
import { type ParsedMetricOptions, parseMetricOptions } from "../shared/base/metric-options.js";
import { recordedOptions } from "../shared/base/recorded-options.js";
import {
  type LongTextEntry,
  longTextRefusal,
  longTextsDetail,
  rowLongTexts,
} from "../shared/embedding/long-texts.js";
import { cosineOrThrow, embedAll } from "../shared/embedding/vectors.js";
import type { MetricConfig } from "../types.js";
import { semanticSimilarityDescriptor } from "./descriptor.js";
import { semanticSimilarityScore } from "./score.js";

/**
 * Options of {@link SASEvaluator}: those of `SemanticSimilarity`, from the same descriptor (documented on its schema
 * keys), and the embedder (a bi-encoder) for both lists of answers.
 */
export type SASEvaluatorOptions = MetricOptionsOf<typeof semanticSimilarityDescriptor>;

/** One row of `SASEvaluator` output; `status` is always "ok" and `promptVersions` empty (no judge). */
export interface SASRowResult extends RowOutcome {
  /** Cosine similarity of the two answers' embeddings (not clamped). */
  similarity: number;
  /** The row score: the similarity, or 0/1 with a threshold. */
  score: number;
  /**
   * The row's answers that were longer than the embedder's token limit (field `"predictedAnswers"` or
   * `"groundTruthAnswers"`), with their token count and how they were handled; absent when both fitted.
   */
  longTexts?: LongTextEntry[];
}

/**
 * Haystack's `SASEvaluator` (bi-encoder path): semantic answer similarity between each predicted
 * answer and its ground-truth answer, as the cosine of their embeddings. All answers are embedded in
 * batches of `batchSize`. Lists of different lengths, and an empty or whitespace-only answer, throw
 * `InvalidInputError` naming the list and row. An answer in which the embedding model knows no token
 * (a zero vector) throws `AirgapEvalError` naming the row: SAS has no per-row failure mode. An answer longer
 * than the embedder's token limit is listed in its row's `longTexts`; under the embedder's `longText: "error"`
 * it throws `InvalidInputError` naming the row, the list and the token count.
 *
 * Empty lists: like Haystack's `SASEvaluator`, zero rows give `score: 0` (not null) without loading
 * or calling the model. Haystack also returns `individual_scores: [0.0]` there, a score for a row
 * that does not exist; this evaluator returns `individualScores: []` and `results: []` instead, so
 * there is always exactly one individual score per input row.
 *
 * @example
 * const sas = new SASEvaluator({ embeddings });
 * const { score, individualScores } = await sas.run({
 *   groundTruthAnswers: ["Berlin is the capital of Germany."],
 *   predictedAnswers: ["The capital of Germany is Berlin."],
 * });
 */
export class SASEvaluator implements Evaluator<SASRowResult> {
  readonly inputNames = ["groundTruthAnswers", "predictedAnswers"] as const;
  readonly threshold: number | undefined;
  private readonly embeddings: Embeddings;
  private readonly options: ParsedMetricOptions<typeof semanticSimilarityDescriptor.options>;

  constructor(options: SASEvaluatorOptions) {
    this.options = parseMetricOptions(semanticSimilarityDescriptor, options, "SASEvaluator");
    this.embeddings = this.options.embeddings!;
    this.threshold = this.options.threshold;
  }

  /**
   * Checks `groundTruthAnswers` and `predictedAnswers` without embedding: same lengths, strings only.
   * Throws `InvalidInputError` naming the row and field.
   */
  validateInputs(inputs: EvaluatorInputs): void {
    this.textsOf(inputs);
  }

  /**
   * Embeds all answers and scores each pair. An embedding failure throws (there are no per-row judge
   * calls to skip). Empty lists score 0, as in Haystack.
   */
  async run(inputs: EvaluatorInputs, _options: RunOptions = {}): Promise<EvaluatorOutput<SASRowResult>> {
    const { truths, predictions } = this.textsOf(inputs);
    const count = truths.length;
    if (count === 0) return { score: 0, individualScores: [], results: [], failedRows: 0 };
    const { vectors, longTexts } = await embedAll(
      this.embeddings,
      [...predictions, ...truths],
      this.options.batchSize,
    );
    const results = Array.from({ length: count }, (_, row): SASRowResult => {
      const long = rowLongTexts(longTexts, [
        ["predictedAnswers", row],
        ["groundTruthAnswers", count + row],
      ]);
      const refused = long.find((e) => e.handled === "error");
      if (refused) throw new InvalidInputError(longTextRefusal(refused), { row, field: refused.field });
      const similarity = cosineOrThrow(
        vectors[row]!,
        vectors[count + row]!,
        `predictedAnswers[${row}]`,
        `groundTruthAnswers[${row}]`,
      );
      return {
        similarity,
        score: semanticSimilarityScore(similarity, this.threshold),
        status: "ok",
        promptVersions: {},
        ...longTextsDetail(long),
      };
    });
    const individualScores = results.map((r) => r.score);
    return { score: meanOfPresent(individualScores), individualScores, results, failedRows: 0 };
  }

  private textsOf(inputs: EvaluatorInputs): { truths: string[]; predictions: string[] } {
    const { groundTruthAnswers, predictedAnswers } = inputs;
    requireSameLengthLists({ groundTruthAnswers, predictedAnswers }, "SASEvaluator");
    return {
      truths: groundTruthAnswers!.map((t, row) =>
        requireText(t, { field: "groundTruthAnswers", row }, "give a non-empty answer"),
      ),
      predictions: predictedAnswers!.map((p, row) =>
        requireText(p, { field: "predictedAnswers", row }, "give a non-empty answer"),
      ),
    };
  }

  /** The options that change the numbers (the threshold), as `SemanticSimilarity` records them, and the embedding model's provenance. */
  config(): MetricConfig {
    return {
      name: semanticSimilarityDescriptor.id,
      promptVersions: {},
      options: {
        surface: "haystack",
        ...recordedOptions(semanticSimilarityDescriptor.options, this.options),
      },
      models: [this.embeddings.provenance()],
    };
  }
}
