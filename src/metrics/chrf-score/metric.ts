// Ragas `ChrfScore`. Files: score.ts (sacrebleu's chrF and Ragas' call of it), metric.ts (this
// class), descriptor.ts. No judge.
import type { MetricInput, MetricOptionsOf } from "../descriptor.js";
import { JudgeFreeMetric } from "../shared/base/judge-free-metric.js";
import type { MetricResult } from "../types.js";
import { chrfScoreDescriptor } from "./descriptor.js";
import { ChrfScratch, ragasChrf } from "./score.js";

/** Options of {@link ChrfScore}: the sacrebleu `corpus_chrf` arguments Ragas passes as `kwargs`. */
export type ChrfScoreOptions = MetricOptionsOf<typeof chrfScoreDescriptor>;

/**
 * Ragas `ChrfScore` (`chrf_score`): sacrebleu chrF (character 6-grams, beta 2, whitespace removed)
 * of the response against the reference / 100; 0 when either is empty or whitespace only, as in Ragas.
 *
 * @example
 * await new ChrfScore().score({
 *   reference: "The Eiffel Tower is located in Paris.",
 *   response: "The Eiffel Tower is located in India.",
 * }); // value 0.8048420145750512
 */
export class ChrfScore extends JudgeFreeMetric<
  MetricInput<typeof chrfScoreDescriptor>,
  typeof chrfScoreDescriptor
> {
  static readonly descriptor = chrfScoreDescriptor;

  /** The formula's tables, reused row after row (scoring is synchronous, so rows never share them at once). */
  private readonly scratch = new ChrfScratch();

  protected scoreInput({ reference, response }: MetricInput<typeof chrfScoreDescriptor>): MetricResult {
    const r = ragasChrf(reference, response, this.options, this.scratch);
    return {
      value: r.score,
      status: "ok",
      reason:
        r.statistics.length === 0
          ? "the response or the reference is empty or whitespace only"
          : `character n-gram F-score (beta ${this.options.beta})`,
      details: {
        ngramStatistics: r.statistics.map(([response, reference, matched]) => ({
          response,
          reference,
          matched,
        })),
      },
    };
  }
}
