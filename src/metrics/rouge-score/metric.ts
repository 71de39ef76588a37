// Ragas `RougeScore`. Files: porter-stemmer.ts (NLTK's Porter stemmer), score.ts (rouge_score's
// tokenizer and ROUGE-N / ROUGE-L), metric.ts (this class), descriptor.ts. No judge.
import type { MetricInput } from "../descriptor.js";
import { JudgeFreeMetric } from "../shared/base/judge-free-metric.js";
import type { MetricResult } from "../types.js";
import { rougeScoreDescriptor } from "./descriptor.js";
import { type RougeMode, type RougeType, rouge } from "./score.js";

/** Options of {@link RougeScore}. */
export interface RougeScoreOptions {
  /** `rouge1` (unigrams), `rouge2` (bigrams) or `rougeL` (longest common subsequence). Defaults to "rougeL". */
  rougeType?: RougeType;
  /** Which number to return. Defaults to "fmeasure". */
  mode?: RougeMode;
}

/**
 * Ragas `RougeScore` (`rouge_score`): Google rouge_score with the Porter stemmer, reference as target
 * and response as prediction; returns precision, recall or F-measure.
 *
 * @example
 * await new RougeScore().score({
 *   reference: "The Eiffel Tower is located in Paris.",
 *   response: "The Eiffel Tower is located in India.",
 * }); // value 0.8571428571428571
 */
export class RougeScore extends JudgeFreeMetric<
  MetricInput<typeof rougeScoreDescriptor>,
  typeof rougeScoreDescriptor
> {
  static readonly descriptor = rougeScoreDescriptor;

  /** The ROUGE variant. */
  readonly rougeType: RougeType;
  /** The returned number. */
  readonly mode: RougeMode;

  constructor(options: RougeScoreOptions = {}) {
    super(options);
    ({ rougeType: this.rougeType, mode: this.mode } = this.options);
  }

  protected scoreInput({ reference, response }: MetricInput<typeof rougeScoreDescriptor>): MetricResult {
    const r = rouge(reference, response, this.rougeType, true);
    return {
      value: r[this.mode],
      status: "ok",
      reason: `${this.rougeType} ${this.mode}: ${r.overlap} ${this.rougeType === "rougeL" ? "tokens in the longest common subsequence" : "matching n-grams"}`,
      details: {
        precision: r.precision,
        recall: r.recall,
        fmeasure: r.fmeasure,
        overlap: r.overlap,
        referenceTokens: r.referenceTokens,
        responseTokens: r.responseTokens,
      },
    };
  }
}
