// The base of DeepEval's single-turn RAG judges: the judge steps give verdicts, the metric's formula turns them into
// the score (with strict_mode), and the result reports DeepEval's threshold and pass/fail beside it.
import type { MetricDescriptor } from "../../descriptor.js";
import type { MetricResult } from "../../types.js";
import type { DeepEvalRagParsed } from "../judge/deepeval-rag/options.js";
import { passesThreshold } from "../judge/deepeval-rag/score.js";
import type { JudgeUsage } from "../judge/judge.js";
import type { SplitRecord } from "../judge/split.js";
import { JudgeMetric } from "./judge-metric.js";

/** What a metric's judge steps return: the score's inputs, their cost, and the details to report. */
export interface RagJudgement<J> {
  /** What the formula reads (verdict values, their order). */
  judged: J;
  usage: JudgeUsage;
  /** The steps' evidence: statements, verdicts, splits. */
  details: Record<string, unknown>;
}

/** A verdict as written (1/0 where the score counts it directly), with its `weight` under scoring "expected". */
export interface CountedVerdict {
  verdict: number;
  weight?: number;
}

/**
 * The judgement of steps that end in a verdict list: the verdicts are what the formula reads and what
 * `details.verdicts` reports, beside `details.splits` when a context was split.
 */
export function verdictJudgement<T extends CountedVerdict>(j: {
  verdicts: T[];
  usage: JudgeUsage;
  splits: SplitRecord[];
}): RagJudgement<T[]> {
  return {
    judged: j.verdicts,
    usage: j.usage,
    details: { verdicts: j.verdicts, ...(j.splits.length > 0 ? { splits: j.splits } : {}) },
  };
}

/**
 * A DeepEval RAG judge: its descriptor spreads `deepEvalRagOptionsShape` into its options and names the sample
 * fields it reads (`reads`: the base reads and checks them); subclasses run the judge steps (`judge`) and give the
 * formula and the reason's words; this class adds `details.threshold` and `details.success` (score >= threshold, 1
 * with `strictMode`). The config records `threshold` and `strictMode` with the metric's other own options, as
 * `JudgeMetric` derives them from the schema.
 */
export abstract class DeepEvalRagMetric<
  V,
  J,
  D extends MetricDescriptor = MetricDescriptor,
> extends JudgeMetric<V, D> {
  /** The judge steps of one row. */
  protected abstract judge(input: V, signal: AbortSignal | undefined): Promise<RagJudgement<J>>;

  /** The metric's formula over what the judge steps found, with DeepEval's strict_mode clamp when `strict`. */
  protected abstract formula(judged: J, strict: boolean): number;

  /** The result's reason, from what the steps found and the score. */
  protected abstract reasonFor(judged: J, score: number): string;

  protected async compute(input: V, signal: AbortSignal | undefined): Promise<MetricResult> {
    const j = await this.judge(input, signal);
    const { threshold, strictMode } = this.deepEvalOptions();
    const value = this.formula(j.judged, strictMode);
    return {
      value,
      status: "ok",
      reason: this.reasonFor(j.judged, value),
      details: {
        ...j.details,
        threshold: strictMode ? 1 : threshold,
        success: passesThreshold(value, threshold, strictMode),
        usage: j.usage,
      },
    };
  }

  /** What each verdict counts: its 0/1 value, or with scoring "expected" its probability of 1. */
  protected countedValues(verdicts: readonly CountedVerdict[]): number[] {
    return verdicts.map((v) => (this.reading.scoring === "expected" ? v.weight! : v.verdict));
  }

  /** `threshold` and `strictMode`, which every DeepEval RAG descriptor declares (`deepEvalRagOptionsShape`). */
  private deepEvalOptions(): DeepEvalRagParsed {
    return this.options as unknown as DeepEvalRagParsed;
  }
}
