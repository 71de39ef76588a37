import { negativeClassName } from "../calibrate/binary.js";
import type { CalibrationResult, JudgeCalibration } from "../calibrate/calibrate.js";
import type { Figure } from "../calibrate/figure.js";
import { formatScore } from "../report/format.js";

/** Reasons of unscored rows listed per judge; the rest are counted. */
const shownReasons = 3;
/** Row numbers listed per reason. */
const shownRows = 5;

/**
 * Why a judge left rows without a score, grouped by reason (reasons that differ only in their numbers, such as token
 * counts, are one group), most rows first: each line gives the count, the first row numbers and the first row's reason
 * (its error, or why it was skipped).
 *
 * @example
 * unscoredLines(judge); // ["  not scored: 10 rows (rows 0, 1, 2, 3, 4, ...), e.g. row 0: ContextOverflowError: ..."]
 */
export function unscoredLines(judge: Pick<JudgeCalibration, "unscored">): string[] {
  const groups = new Map<string, { rows: number[]; reason: string }>();
  for (const u of judge.unscored) {
    const key = u.reason.replace(/\d+/g, "#");
    const group = groups.get(key) ?? { rows: [], reason: u.reason };
    group.rows.push(u.row);
    groups.set(key, group);
  }
  const sorted = [...groups.values()].sort((a, b) => b.rows.length - a.rows.length);
  const lines = sorted.slice(0, shownReasons).map(({ rows, reason }) => {
    if (rows.length === 1) return `  not scored: row ${rows[0]}: ${reason}`;
    const listed = rows.slice(0, shownRows).join(", ") + (rows.length > shownRows ? ", ..." : "");
    return `  not scored: ${rows.length} rows (rows ${listed}), e.g. row ${rows[0]}: ${reason}`;
  });
  const rest = sorted.slice(shownReasons).reduce((n, g) => n + g.rows.length, 0);
  if (rest > 0) {
    lines.push(
      `  not scored: ${rest} more rows for ${sorted.length - shownReasons} other reasons (--json lists every row)`,
    );
  }
  return lines;
}

function line(label: string, f: Figure): string {
  if (f.value === null) return `  ${label.padEnd(26)} n/a    (${f.reason ?? "undefined"})`;
  const ci = f.interval ? `  95% [${formatScore(f.interval[0])}, ${formatScore(f.interval[1])}]` : "";
  return `  ${label.padEnd(26)} ${formatScore(f.value).padStart(6)}${ci}`;
}

/** The calibration figures as text, one block per judge, with why rows were not scored. */
export function calibrationSummary(result: CalibrationResult): string {
  const out: string[] = [`${result.metric} against ${result.rows} labelled rows (${result.labels.kind})`];
  const negative = negativeClassName(result.labels);
  for (const j of result.judges) {
    out.push("", `${j.name}: scored ${j.scored} of ${result.rows}`, ...unscoredLines(j));
    const f = j.figures;
    if (f.kind === "binary") {
      out.push(
        line("accuracy", f.accuracy),
        line("balanced accuracy", f.balancedAccuracy),
        line("Cohen's kappa", f.cohensKappa),
        line(`${negative} precision`, f.negativeClass.precision),
        line(`${negative} recall`, f.negativeClass.recall),
        line(`${negative} F1`, f.negativeClass.f1),
        line("AUROC", f.auroc),
        `  confusion (people x judge >= ${f.threshold}): TP ${f.confusion.truePositive}  FN ${f.confusion.falseNegative}  FP ${f.confusion.falsePositive}  TN ${f.confusion.trueNegative}`,
        `  best-separating threshold: ${f.bestThreshold ? `${formatScore(f.bestThreshold.threshold)} (balanced accuracy ${formatScore(f.bestThreshold.balancedAccuracy)}; informative, defaults unchanged)` : "n/a"}`,
      );
    } else if (f.kind === "graded") {
      out.push(
        line("Spearman", f.spearman),
        line("Kendall tau-b", f.kendallTauB),
        line("MAE after scaling", f.scaledMeanAbsoluteError),
      );
    } else out.push(line("agreement", f.agreement), line("tie rate", f.tieRate));
  }
  return out.join("\n");
}
