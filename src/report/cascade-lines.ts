import type { MetricAggregate } from "../results/types.js";

/**
 * One sentence per cascaded metric (an aggregate with `decidedBy`): how many rows the verifier and the judge
 * decided, and the judge's share (what the cascade costs). The CLI summary, the Markdown and the HTML report print
 * them under the aggregates.
 *
 * @example
 * cascadeSentences(aggregates);
 * // ["faithfulness: 12 rows decided by the verifier, 8 by the judge (judge share 40.0%)"]
 */
export function cascadeSentences(aggregates: readonly MetricAggregate[]): string[] {
  return aggregates.flatMap((a) => {
    if (a.decidedBy === undefined) return [];
    const { verifier, judge } = a.decidedBy;
    const share = ((100 * judge) / (verifier + judge)).toFixed(1);
    return [
      `${a.metric}: ${verifier} row${verifier === 1 ? "" : "s"} decided by the verifier, ${judge} by the judge (judge share ${share}%)`,
    ];
  });
}
