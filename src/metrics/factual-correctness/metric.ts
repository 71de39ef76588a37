// Factual correctness, Ragas-style: prompt.ts (claim decomposition by atomicity and coverage),
// score.ts (precision/recall/F-beta with numpy's rounding), judge.ts (both directions; the checks use
// the shared verdicts step, ../shared/judge/statements/), descriptor.ts. Haystack has no counterpart.
import type { PromptTemplate } from "../../prompts/types.js";
import type { MetricInput, MetricOptionsOf } from "../descriptor.js";
import { JudgeMetric } from "../shared/base/judge-metric.js";
import { statementPromptVersions, statementSteps } from "../shared/judge/statements/steps.js";
import type { MetricResult } from "../types.js";
import { factualCorrectnessDescriptor } from "./descriptor.js";
import { judgeFactualCorrectness } from "./judge.js";
import {
  type Atomicity,
  type ClaimsInput,
  type ClaimsOutput,
  type Coverage,
  claimsPrompt,
} from "./prompt.js";
import { type FactualCorrectnessMode, factualCorrectnessScore } from "./score.js";

/** Options of {@link FactualCorrectness}. */
export type FactualCorrectnessOptions = MetricOptionsOf<typeof factualCorrectnessDescriptor>;

/**
 * Ragas `factual_correctness`: how far the response's claims agree with the reference. The judge
 * decomposes the response into claims (as finely and completely as `atomicity` and `coverage` ask)
 * and checks each against the reference (TP when supported, FP when not); except in precision
 * mode it also decomposes the reference and checks its claims against the response (FN when not
 * supported). Precision `tp/(tp+fp+1e-8)`, recall `tp/(tp+fn+1e-8)`, or F-beta; rounded to two
 * decimals half to even, as Ragas' `numpy.round`. A response without claims scores 0, as in Ragas.
 *
 * @example
 * const metric = new FactualCorrectness({ llm, mode: "precision", atomicity: "high" });
 * const { value } = await metric.score({
 *   response: "Marie Curie won two Nobel Prizes and was born in France.",
 *   reference: "Marie Curie, born in Warsaw, won the Nobel Prize in Physics and in Chemistry.",
 * });
 */
export class FactualCorrectness extends JudgeMetric<
  MetricInput<typeof factualCorrectnessDescriptor>,
  typeof factualCorrectnessDescriptor
> {
  static readonly descriptor = factualCorrectnessDescriptor;

  readonly mode: FactualCorrectnessMode;
  readonly beta: number;
  readonly atomicity: Atomicity;
  readonly coverage: Coverage;
  private readonly claims: PromptTemplate<ClaimsInput, ClaimsOutput>;

  constructor(options: FactualCorrectnessOptions) {
    super(options);
    ({ mode: this.mode, beta: this.beta, atomicity: this.atomicity, coverage: this.coverage } = this.options);
    this.claims = claimsPrompt(this.atomicity, this.coverage);
  }

  protected async compute(
    input: MetricInput<typeof factualCorrectnessDescriptor>,
    signal: AbortSignal | undefined,
  ): Promise<MetricResult> {
    const steps = statementSteps(this.llm, this.settings, signal, this.reading);
    const j = await judgeFactualCorrectness(steps, this.claims, input, this.mode);
    const { tp, fp, fn } = j.counts;
    const counted = this.mode === "precision" ? `TP ${tp}, FP ${fp}` : `TP ${tp}, FP ${fp}, FN ${fn}`;
    return {
      value: factualCorrectnessScore(j.counts, this.mode, this.beta),
      status: "ok",
      reason:
        j.responseClaims.length === 0
          ? "the judge found no claims in the response, so none is correct (Ragas scores 0 here)"
          : `${this.mode} of the claims (${counted})`,
      details: {
        mode: this.mode,
        responseClaims: j.responseClaims,
        responseVerdicts: j.responseVerdicts,
        ...(j.referenceClaims
          ? { referenceClaims: j.referenceClaims, referenceVerdicts: j.referenceVerdicts }
          : {}),
        counts: j.counts,
        usage: steps.usage,
        ...(steps.splits.length > 0 ? { splits: steps.splits } : {}),
      },
    };
  }

  protected override promptVersions(): Record<string, string> {
    return {
      [this.claims.name]: this.claims.version,
      ...statementPromptVersions({ statements: false, verdicts: true, reasons: this.reading.reasons }),
    };
  }
}
