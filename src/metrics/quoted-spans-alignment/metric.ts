// Ragas `QuotedSpansAlignment`. Files: score.ts (the formula), metric.ts (this class), descriptor.ts. No judge.
import type { MetricInput, MetricOptionsOf } from "../descriptor.js";
import { JudgeFreeMetric } from "../shared/base/judge-free-metric.js";
import type { MetricResult } from "../types.js";
import { quotedSpansAlignmentDescriptor } from "./descriptor.js";
import { quotedSpansAlignment } from "./score.js";

/** Options of {@link QuotedSpansAlignment}. */
export type QuotedSpansAlignmentOptions = MetricOptionsOf<typeof quotedSpansAlignmentDescriptor>;

type QuoteInput = MetricInput<typeof quotedSpansAlignmentDescriptor>;

/**
 * Ragas `QuotedSpansAlignment` (`quoted_spans_alignment`): does the response quote its sources
 * faithfully? The share of its quoted spans (3 words or more) found word for word in the retrieved
 * contexts; 1 when it quotes nothing. `details.spans` lists each span and whether it was found.
 *
 * @example
 * await new QuotedSpansAlignment().score({
 *   response: 'The guide says "the tower was finished in 1889".',
 *   retrievedContexts: ["The tower was finished in 1889 for the World's Fair."],
 * }); // value 1
 */
export class QuotedSpansAlignment extends JudgeFreeMetric<QuoteInput, typeof quotedSpansAlignmentDescriptor> {
  static readonly descriptor = quotedSpansAlignmentDescriptor;

  protected scoreInput({ response, retrievedContexts: contexts }: QuoteInput): MetricResult {
    const { minSpanWords, casefold, skipApostrophes } = this.options;
    const r = quotedSpansAlignment(response, contexts, minSpanWords, casefold, skipApostrophes);
    const found = r.spans.filter((s) => s.found).length;
    return {
      value: r.score,
      status: "ok",
      reason:
        r.spans.length === 0
          ? `the response quotes no span of ${this.options.minSpanWords} words or more`
          : `${found} of ${r.spans.length} quoted spans occur in the retrieved contexts`,
      details: { spans: r.spans },
    };
  }
}
