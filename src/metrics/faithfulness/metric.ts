// Ragas `faithfulness`, one folder: score.ts (the formula), judge.ts (the two statement steps of
// shared/judge/statements/: statements, then verdicts against the contexts), prompt.ts (Haystack examples as the two
// prompts' examples), metric.ts (this Ragas-style class), evaluator.ts (Haystack's FaithfulnessEvaluator),
// options.ts (the options schemas of both, with their defaults and docs), descriptor.ts (id, fields read, needs,
// options), cascade.ts (the verifier-first routing when a verifier is given).

import type { MetricInput, MetricOptionsOf } from "../descriptor.js";
import { JudgeMetric } from "../shared/base/judge-metric.js";
import { failureReason } from "../shared/base/outcome.js";
import { statementPromptVersions, statementSteps } from "../shared/judge/statements/steps.js";
import { SUPPORT_TASKS } from "../shared/verifier/defaults.js";
import { VerifierHandle } from "../shared/verifier/handle.js";
import { sentenceSupport } from "../shared/verifier/response-support.js";
import { verifierDetail } from "../shared/verifier/verifier-metric.js";
import type { MetricResult } from "../types.js";
import { cascadeVerdict } from "./cascade.js";
import { faithfulnessDescriptor } from "./descriptor.js";
import { judgeFaithfulness } from "./judge.js";
import { faithfulnessScore, supportedCount } from "./score.js";

/** Options of {@link Faithfulness}: its descriptor's options (documented on the schema keys in options.ts) and the judge. */
export type FaithfulnessOptions = MetricOptionsOf<typeof faithfulnessDescriptor>;

/** The checked question, response and retrieved contexts of one row. */
type FaithfulnessInput = MetricInput<typeof faithfulnessDescriptor>;

/**
 * Ragas `faithfulness`: the share of the response's statements that the retrieved contexts support
 * (`faithfulnessScore` in score.ts). A response with no statements gives `value: null` with a reason
 * (Ragas gives NaN); the Haystack surface, `FaithfulnessEvaluator`, gives 0 instead.
 *
 * With `verifier` the metric is a cascade: a local consistency or NLI verifier scores each response sentence
 * against the contexts first, and the row's probability is its least-supported sentence's. Rows whose probability
 * lies outside `band` (default [0.2, 0.8]) are decided by the verifier (value: the share of sentences with
 * probability >= 0.5); the rest go to the judge. Every cascaded row's `details.decidedBy` says which, and
 * `details.cascade` keeps the probability, the verifier's value, the band and each sentence's support.
 *
 * @example
 * const metric = new Faithfulness({ llm });
 * const result = await metric.score({
 *   userInput: "Who created the Python language?",
 *   response: "Python is a high-level general-purpose programming language that was created by George Lucas.",
 *   retrievedContexts: ["Python, created by Guido van Rossum in the late 1980s, is a high-level general-purpose programming language."],
 * });
 * console.log(result.value); // 0.5 when the judge supports one of two statements
 */
export class Faithfulness extends JudgeMetric<FaithfulnessInput, typeof faithfulnessDescriptor> {
  static readonly descriptor = faithfulnessDescriptor;

  /** The cascade's verifier, when one is given. */
  private readonly cascade: VerifierHandle<"consistency" | "nli"> | undefined;

  constructor(options: FaithfulnessOptions) {
    super(options);
    const { verifier, threads } = this.options;
    this.cascade =
      verifier === undefined
        ? undefined
        : new VerifierHandle(verifier, threads, SUPPORT_TASKS, {
            metric: this.descriptor.id,
            option: "verifier",
          });
  }

  /** With a cascade, a failed row names the judge and the verifier (the error says which failed). */
  protected override failureReason(): string {
    return this.cascade === undefined
      ? super.failureReason()
      : failureReason({ ...this.descriptor, needsVerifier: SUPPORT_TASKS }, this.cascade.source);
  }

  protected async compute(input: FaithfulnessInput, signal: AbortSignal | undefined): Promise<MetricResult> {
    if (this.cascade === undefined) return this.judgeRow(input, signal);
    const verifier = await this.cascade.get();
    const sentences = await sentenceSupport(verifier, input.response, input.retrievedContexts);
    const verdict = cascadeVerdict(sentences, this.options.band);
    const cascade = { ...verdict, sentences, verifier: verifierDetail(verifier.identity) };
    const [low, high] = verdict.band;
    if (verdict.decidedBy === "verifier") {
      const supported = sentences.filter((s) => s.probability >= 0.5).length;
      return {
        value: verdict.verifierValue,
        status: "ok",
        reason: `decided by the verifier (least-supported sentence's probability ${verdict.probability!.toFixed(3)} outside the band [${low}, ${high}]): ${supported} of ${sentences.length} sentences supported`,
        details: { decidedBy: "verifier", cascade },
      };
    }
    const judged = await this.judgeRow(input, signal);
    return {
      ...judged,
      ...(judged.reason !== undefined
        ? {
            reason: `decided by the judge (verifier probability ${verdict.probability === null ? "undefined: no sentence" : verdict.probability.toFixed(3)} inside the band [${low}, ${high}]): ${judged.reason}`,
          }
        : {}),
      details: { ...judged.details, decidedBy: "judge", cascade },
    };
  }

  /** The judge's two statement steps and the formula: every row without a cascade, the uncertain rows with one. */
  private async judgeRow(input: FaithfulnessInput, signal: AbortSignal | undefined): Promise<MetricResult> {
    const steps = statementSteps(this.llm, this.settings, signal, this.reading);
    const { userInput: question, response, retrievedContexts: contexts } = input;
    const j = await judgeFaithfulness(steps, { question, response, contexts });
    const details = {
      statements: j.statements,
      verdicts: j.verdicts,
      usage: j.usage,
      ...(j.splits.length > 0 ? { splits: j.splits } : {}),
    };
    const value = faithfulnessScore(j.verdicts, { noStatements: "null" });
    const reason =
      value === null
        ? "the judge found no statements in the response, so there is nothing to check (Ragas gives NaN here)"
        : `${supportedCount(j.verdicts)} of ${j.statements.length} statements can be inferred from the contexts${this.reading.scoring === "expected" ? " (score weighted by the judge's probabilities)" : ""}`;
    return { value, status: "ok", reason, details };
  }

  /** The cascade's verifier and band, when a verifier is given; nothing otherwise (configs of judge-only runs stay as they were). */
  protected override metricOptions(): Record<string, string | number | boolean | null> {
    if (this.cascade === undefined) return {};
    const [bandLow, bandHigh] = this.options.band;
    return { ...this.cascade.config(), bandLow, bandHigh };
  }

  protected promptVersions(): Record<string, string> {
    return statementPromptVersions({
      statements: true,
      verdicts: true,
      reasons: this.reading.reasons !== false,
    });
  }
}
