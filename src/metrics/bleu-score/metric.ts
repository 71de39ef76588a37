// Ragas `BleuScore`. Files: tokenizer-13a.ts (sacrebleu's default tokenizer), score.ts (sacrebleu's
// corpus BLEU and Ragas' call of it), metric.ts (this class), descriptor.ts. No judge.
import type { MetricInput, MetricOptionsOf } from "../descriptor.js";
import { JudgeFreeMetric } from "../shared/base/judge-free-metric.js";
import type { MetricResult } from "../types.js";
import { bleuScoreDescriptor } from "./descriptor.js";
import { BleuScratch, ragasBleu } from "./score.js";

/** Options of {@link BleuScore}: the sacrebleu `corpus_bleu` arguments Ragas passes as `kwargs`. */
export type BleuScoreOptions = MetricOptionsOf<typeof bleuScoreDescriptor>;

/**
 * Ragas `BleuScore` (`bleu_score`): sacrebleu corpus BLEU (13a tokens, exp smoothing) / 100, called
 * as Ragas calls it: reference and response are split on ". ", and only the first response piece is
 * scored, against every reference piece as an alternative reference.
 *
 * @example
 * await new BleuScore().score({
 *   reference: "The Eiffel Tower is located in Paris.",
 *   response: "The Eiffel Tower is located in India.",
 * }); // value 0.7071067811865478
 */
export class BleuScore extends JudgeFreeMetric<
  MetricInput<typeof bleuScoreDescriptor>,
  typeof bleuScoreDescriptor
> {
  static readonly descriptor = bleuScoreDescriptor;

  /** The formula's tables, reused row after row (scoring is synchronous, so rows never share them at once). */
  private readonly scratch = new BleuScratch();

  protected scoreInput({ reference, response }: MetricInput<typeof bleuScoreDescriptor>): MetricResult {
    const r = ragasBleu(reference, response, this.options, this.scratch);
    return {
      value: r.score,
      status: "ok",
      reason: `BLEU with brevity penalty ${r.brevityPenalty.toFixed(4)}`,
      details: {
        matchedNgrams: r.correct,
        responseNgrams: r.total,
        precisions: r.precisions,
        brevityPenalty: r.brevityPenalty,
        responseLength: r.hypothesisLength,
        referenceLength: r.referenceLength,
      },
    };
  }
}
