import type { MetricAggregate } from "../results/types.js";

/**
 * One sentence per head-to-head metric (an aggregate with `positionFlips`): in how many of the pairs judged in both
 * orders the verdict changed when the order was swapped, the judge's position bias. The CLI summary, the Markdown and
 * the HTML report print them under the aggregates, beside the cascade sentences.
 *
 * @example
 * positionFlipSentences(aggregates);
 * // ["arena_g_eval: the verdict changed when the order was swapped in 3 of 20 pairs (position-flip rate 15.0%)"]
 */
export function positionFlipSentences(aggregates: readonly MetricAggregate[]): string[] {
  return aggregates.flatMap((a) => {
    if (a.positionFlips === undefined) return [];
    const { flips, swappedPairs } = a.positionFlips;
    const rate = ((100 * flips) / swappedPairs).toFixed(1);
    return [
      `${a.metric}: the verdict changed when the order was swapped in ${flips} of ${swappedPairs} pair${swappedPairs === 1 ? "" : "s"} (position-flip rate ${rate}%)`,
    ];
  });
}
