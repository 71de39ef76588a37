// Ragas `ChrfScore`. Files: score.ts (sacrebleu's chrF and Ragas' call of it), metric.ts (this
// class), descriptor.ts. No judge.
import { InvalidInputError } from "../../errors.js";
import { JudgeFreeMetric, type RecordedOptions, requirePair } from "../shared/judge-free.js";
import type { MetricResult, Sample, SampleField } from "../types.js";
import { ChrfScratch, type ChrfSettings, ragasChrf } from "./score.js";

/** Options of {@link ChrfScore}: the sacrebleu `corpus_chrf` arguments Ragas passes as `kwargs`. */
export type ChrfScoreOptions = ChrfSettings;

function checkCount(value: unknown, field: string, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value < min) {
    throw new InvalidInputError(`must be an integer >= ${min}, got ${String(value)}`, { field });
  }
  return value;
}

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
export class ChrfScore extends JudgeFreeMetric<{ reference: string; response: string }> {
  readonly name = "chrf_score";
  readonly requiredFields: readonly SampleField[] = ["response", "reference"];
  private readonly settings: Required<ChrfSettings>;
  /** The formula's tables, reused row after row (scoring is synchronous, so rows never share them at once). */
  private readonly scratch = new ChrfScratch();

  constructor(options: ChrfScoreOptions = {}) {
    super();
    const charOrder = checkCount(options.charOrder, "charOrder", 6, 0);
    const wordOrder = checkCount(options.wordOrder, "wordOrder", 0, 0);
    if (charOrder + wordOrder === 0) {
      throw new InvalidInputError("charOrder and wordOrder are both 0; at least one must be positive", {
        field: "charOrder",
      });
    }
    const beta = options.beta ?? 2;
    if (typeof beta !== "number" || !Number.isFinite(beta) || beta < 0) {
      throw new InvalidInputError(`must be a non-negative number, got ${String(beta)}`, { field: "beta" });
    }
    this.settings = {
      charOrder,
      wordOrder,
      beta,
      removeWhitespace: options.removeWhitespace ?? true,
      epsSmoothing: options.epsSmoothing === true,
    };
  }

  protected validate(sample: Sample, row: number | undefined): { reference: string; response: string } {
    return requirePair(sample, row);
  }

  protected scoreInput({ reference, response }: { reference: string; response: string }): MetricResult {
    const r = ragasChrf(reference, response, this.settings, this.scratch);
    return {
      value: r.score,
      status: "ok",
      reason:
        r.statistics.length === 0
          ? "the response or the reference is empty or whitespace only"
          : `character n-gram F-score (beta ${this.settings.beta})`,
      details: {
        ngramStatistics: r.statistics.map(([response, reference, matched]) => ({
          response,
          reference,
          matched,
        })),
      },
    };
  }

  protected recordedOptions(): RecordedOptions {
    return { ...this.settings };
  }
}
