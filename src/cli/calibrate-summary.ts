import { negativeClassName } from "../calibrate/binary.js";
import type { CalibrationResult, JudgeCalibration } from "../calibrate/calibrate.js";
import type { Figure } from "../calibrate/figure.js";
import type { FigureReport } from "../calibrate/figures.js";
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

/** The figure lines of one judge or baseline. */
function figureLines(f: FigureReport, negative: string): string[] {
  if (f.kind === "binary") {
    return [
      line("accuracy", f.accuracy),
      line("balanced accuracy", f.balancedAccuracy),
      line("Cohen's kappa", f.cohensKappa),
      line(`${negative} precision`, f.negativeClass.precision),
      line(`${negative} recall`, f.negativeClass.recall),
      line(`${negative} F1`, f.negativeClass.f1),
      line("AUROC", f.auroc),
      `  confusion (people x score >= ${formatScore(f.threshold)}): TP ${f.confusion.truePositive}  FN ${f.confusion.falseNegative}  FP ${f.confusion.falsePositive}  TN ${f.confusion.trueNegative}`,
    ];
  }
  if (f.kind === "graded") {
    return [
      line("Spearman", f.spearman),
      line("Kendall tau-b", f.kendallTauB),
      line("MAE after scaling", f.scaledMeanAbsoluteError),
    ];
  }
  return [line("agreement", f.agreement), line("tie rate", f.tieRate)];
}

/** The judge-free baselines as text, each with what it does and the rows it is measured on. */
function baselineLines(result: CalibrationResult, negative: string): string[] {
  if (result.baselines === undefined || result.baselines.length === 0) return [];
  const out = ["", "Baselines without a judge (what a judge must beat):"];
  for (const b of result.baselines) {
    const skipped = b.unscored.length > 0 ? `; ${b.unscored.length} rows without tokens left out` : "";
    out.push(
      "",
      `baseline ${b.name}: ${b.method} (${b.rows} rows${skipped})`,
      ...figureLines(b.figures, negative),
    );
  }
  return out;
}

/** The calibration figures as text, one block per judge then the baselines, with why rows were not scored. */
export function calibrationSummary(result: CalibrationResult): string {
  const out: string[] = [`${result.metric} against ${result.rows} labelled rows (${result.labels.kind})`];
  const negative = negativeClassName(result.labels);
  for (const j of result.judges) {
    out.push("", `${j.name}: scored ${j.scored} of ${result.rows}`, ...unscoredLines(j));
    out.push(...figureLines(j.figures, negative));
    const f = j.figures;
    if (f.kind === "binary") {
      out.push(
        `  best-separating threshold: ${f.bestThreshold ? `${formatScore(f.bestThreshold.threshold)} (balanced accuracy ${formatScore(f.bestThreshold.balancedAccuracy)}; informative, defaults unchanged)` : "n/a"}`,
      );
    }
  }
  out.push(...baselineLines(result, negative));
  return out.join("\n");
}
