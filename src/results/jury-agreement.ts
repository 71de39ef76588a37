import { fleissKappa } from "../math/fleiss-kappa.js";
import { type AgreementScale, krippendorffAlpha } from "../math/krippendorff-alpha.js";
import type { JuryDetails } from "../metrics/jury/jury.js";

/** How far a jury's judges agreed over a run (`MetricAggregate.agreement`). */
export interface JuryAgreement {
  /** The judges, in the order of the jury. */
  judges: string[];
  /** The scale their values were compared on: `nominal` (labels) or `interval` (scores). */
  scale: AgreementScale;
  /** Rows where two or more judges gave a value (the rows the agreement is computed on). */
  rows: number;
  /** Krippendorff's α on the jury's scale over every row (missing values allowed); null when undefined. */
  krippendorffAlpha: number | null;
  /**
   * Fleiss' κ over the rows where every judge gave a value (`nominal` scale only); null when undefined (every value
   * the same label, or no such row).
   */
  fleissKappa?: number | null;
  /** Rows where every judge gave a value (those Fleiss' κ is computed on), `nominal` scale only. */
  fleissRows?: number;
  /** Mean of the rows' `details.jury.disagreement` (spread, or share outvoted); null when no row has one. */
  meanDisagreement: number | null;
}

/** A row's `details.jury` when it is one (results files are read from disk: nothing is taken on trust). */
function juryDetailsOf(details: unknown): JuryDetails | undefined {
  const jury = (details as { jury?: unknown } | undefined)?.jury as Partial<JuryDetails> | undefined;
  if (jury === undefined || jury === null || typeof jury !== "object") return undefined;
  if (!Array.isArray(jury.members) || (jury.scale !== "nominal" && jury.scale !== "interval"))
    return undefined;
  return jury as JuryDetails;
}

/**
 * The judges' values of a jury metric, row by row, gathered from its records' `details.jury`, and the agreement
 * figures over them. Rows of another shape (a metric that is no jury) are ignored.
 *
 * @example
 * const tally = new JuryAgreementTally();
 * for (const record of records) tally.add(record.result.details);
 * tally.result(); // { judges: [...], scale: "nominal", krippendorffAlpha: 0.61, ... } or undefined
 */
export class JuryAgreementTally {
  private judges: string[] | undefined;
  private scale: AgreementScale = "interval";
  private readonly ratings: (number | null)[][] = [];
  private disagreementSum = 0;
  private disagreementRows = 0;

  /** Adds one row's details (any status). */
  add(details: unknown): void {
    const jury = juryDetailsOf(details);
    if (jury === undefined) return;
    if (this.judges === undefined) {
      this.judges = jury.members.map((m) => String(m.judge));
      this.scale = jury.scale;
    }
    const byJudge = new Map(jury.members.map((m) => [String(m.judge), m]));
    this.ratings.push(
      this.judges.map((judge) => {
        const m = byJudge.get(judge);
        return m?.status === "ok" && typeof m.value === "number" && Number.isFinite(m.value) ? m.value : null;
      }),
    );
    if (typeof jury.disagreement === "number" && Number.isFinite(jury.disagreement)) {
      this.disagreementSum += jury.disagreement;
      this.disagreementRows++;
    }
  }

  /** The agreement over the rows added; undefined when no row was a jury's. */
  result(): JuryAgreement | undefined {
    if (this.judges === undefined) return undefined;
    const rows = this.ratings.filter((unit) => unit.filter((v) => v !== null).length >= 2).length;
    const kappa = this.scale === "nominal" ? fleissKappa(this.ratings) : undefined;
    return {
      judges: [...this.judges],
      scale: this.scale,
      rows,
      krippendorffAlpha: krippendorffAlpha(this.ratings, this.scale),
      ...(kappa !== undefined ? { fleissKappa: kappa.value, fleissRows: kappa.units } : {}),
      meanDisagreement: this.disagreementRows > 0 ? this.disagreementSum / this.disagreementRows : null,
    };
  }
}
