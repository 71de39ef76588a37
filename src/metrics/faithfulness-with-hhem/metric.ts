// Ragas `faithfulness_with_hhem` (`FaithfulnesswithHHEM`), one folder: descriptor.ts (id, fields, judge and verifier,
// options), judge.ts (faithfulness' statements step, from shared/judge/statements/), score.ts (the formula), metric.ts (this
// class). The verifier step is the shared one (shared/verifier/support.ts). No prompt.ts: the prompt is shared.
import type { MetricInput, MetricOptionsOf } from "../descriptor.js";
import { JudgeMetric } from "../shared/base/judge-metric.js";
import { failureReason } from "../shared/base/outcome.js";
import { recordedOptions } from "../shared/base/recorded-options.js";
import { statementPromptVersions, statementSteps } from "../shared/judge/statements/steps.js";
import type { VerifierHandle } from "../shared/verifier/handle.js";
import { hypothesisSupport } from "../shared/verifier/support.js";
import { metricVerifier, verifierDetail } from "../shared/verifier/verifier-metric.js";
import type { MetricResult } from "../types.js";
import { faithfulnessWithHhemDescriptor } from "./descriptor.js";
import { judgeStatementsOfResponse } from "./judge.js";
import { faithfulnessWithHhemValues } from "./score.js";

/** Options of {@link FaithfulnessWithHhem}. */
export type FaithfulnessWithHhemOptions = MetricOptionsOf<typeof faithfulnessWithHhemDescriptor>;

/** The fields the metric reads: the question, the response and the retrieved contexts. */
type Input = MetricInput<typeof faithfulnessWithHhemDescriptor>;

/** One statement and the verifier's verdict on it, as `details.statements` shows it. */
export interface StatementSupport {
  statement: string;
  /** P(consistent) for an HHEM-style verifier, P(entailment) for an NLI one: the best window's. */
  probability: number;
  /** Character offsets of the best window in the premise (the contexts joined by "\n"); null with no context text. */
  window: { start: number; end: number } | null;
  /** The pair was truncated to fit the verifier. */
  truncated?: true;
}

/**
 * Ragas' `FaithfulnesswithHHEM`: faithfulness' first step on the judge (the response broken into standalone
 * statements, the statements prompt of `faithfulness`), then each statement decided by a local verifier instead of a
 * second judge call: the premise is the retrieved contexts joined by a newline, as Ragas builds it, cut into windows
 * that fit the verifier when it is longer (each statement keeps its best window). The value is the share of
 * statements whose probability reaches `threshold` (Ragas rounds HHEM's score, so its cut is the same 0.5), or with
 * `aggregate: "mean"` the mean probability. No statement gives null with a reason (Ragas gives NaN). One judge call
 * per row instead of faithfulness' two.
 *
 * @example
 * const metric = new FaithfulnessWithHhem({ llm, verifier: "./hhem-2.1-open-onnx" });
 * const { value } = await metric.score({
 *   userInput: "Where is Paris?",
 *   response: "Paris is in France. It has ninety million people.",
 *   retrievedContexts: ["Paris is the capital of France."],
 * });
 */
export class FaithfulnessWithHhem extends JudgeMetric<Input, typeof faithfulnessWithHhemDescriptor> {
  static readonly descriptor = faithfulnessWithHhemDescriptor;

  private readonly verifier: VerifierHandle<"consistency" | "nli">;

  constructor(options: FaithfulnessWithHhemOptions) {
    super(options);
    this.verifier = metricVerifier(this.descriptor, this.options);
  }

  /** A failed row names the judge and the verifier (the error says which failed). */
  protected override failureReason(): string {
    return failureReason(this.descriptor, this.verifier.source);
  }

  protected async compute(input: Input, signal: AbortSignal | undefined): Promise<MetricResult> {
    // The verifier first: a verifier that cannot load fails the row before it costs a judge call.
    const verifier = await this.verifier.get();
    const steps = statementSteps(this.llm, this.settings, signal);
    const statements = await judgeStatementsOfResponse(steps, input.userInput, input.response);
    const support = await hypothesisSupport(verifier, statements, [input.retrievedContexts.join("\n")]);
    const probabilities = support.map((s) => s.probability);
    const { threshold, aggregate } = this.options;
    const { value, ...values } = faithfulnessWithHhemValues(probabilities, threshold, aggregate);
    const supported = probabilities.filter((p) => p >= threshold).length;
    return {
      value,
      status: "ok",
      reason:
        statements.length === 0
          ? "the judge found no statements in the response, so there is nothing to check (Ragas gives NaN here)"
          : `${supported} of ${statements.length} statements supported by the contexts (verifier probability >= ${threshold})`,
      details: {
        ...values,
        threshold,
        statements: statements.map(
          (statement, i): StatementSupport => ({
            statement,
            probability: probabilities[i]!,
            window:
              support[i]!.best === null
                ? null
                : { start: support[i]!.best!.start, end: support[i]!.best!.end },
            ...(support[i]!.truncated ? { truncated: true as const } : {}),
          }),
        ),
        verifier: verifierDetail(verifier.identity),
        usage: steps.usage,
        ...(steps.splits.length > 0 ? { splits: steps.splits } : {}),
      },
    };
  }

  /**
   * The verifier as its handle records it (source and digests: `recordedOptions` would record only the source), then
   * the schema's other own options (threshold, aggregate).
   */
  protected override metricOptions(): Record<string, string | number | boolean | null> {
    const others = this.descriptor.options.omit({ verifier: true });
    return { ...this.verifier.config(), ...recordedOptions(others, this.options) };
  }

  protected promptVersions(): Record<string, string> {
    return statementPromptVersions({ statements: true, verdicts: false });
  }
}

/**
 * Ragas' own spelling of {@link FaithfulnessWithHhem} (`FaithfulnesswithHHEM`); the same class.
 *
 * @example
 * const metric = new FaithfulnesswithHHEM({ llm });
 */
export const FaithfulnesswithHHEM = FaithfulnessWithHhem;
/** Ragas' own spelling of {@link FaithfulnessWithHhem}. */
export type FaithfulnesswithHHEM = FaithfulnessWithHhem;
