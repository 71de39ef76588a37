import type { MetricAggregate } from "../results/types.js";

function figure(value: number | null | undefined): string {
  return value === null || value === undefined ? "undefined" : value.toFixed(3);
}

/**
 * One sentence per jury metric (an aggregate with `agreement`): its judges, Krippendorff's α on the jury's scale,
 * Fleiss' κ for labels, and the rows' mean disagreement. The CLI summary, the Markdown and the HTML report print them
 * under the aggregates.
 *
 * @example
 * jurySentences(aggregates);
 * // ["faithfulness: jury of 3 judges (a.gguf, b.gguf, c.gguf), Krippendorff's α 0.612 (nominal, 40 rows), Fleiss' κ 0.598 (38 rows), mean disagreement 0.142"]
 */
export function jurySentences(aggregates: readonly MetricAggregate[]): string[] {
  return aggregates.flatMap((a) => {
    const j = a.agreement;
    if (j === undefined) return [];
    const kappa =
      j.fleissKappa !== undefined ? `, Fleiss' κ ${figure(j.fleissKappa)} (${j.fleissRows} rows)` : "";
    return [
      `${a.metric}: jury of ${j.judges.length} judges (${j.judges.join(", ")}), ` +
        `Krippendorff's α ${figure(j.krippendorffAlpha)} (${j.scale}, ${j.rows} rows)${kappa}, ` +
        `mean disagreement ${figure(j.meanDisagreement)}`,
    ];
  });
}
