// DeepEval `FaithfulnessMetric`: descriptor.ts (id deepeval_faithfulness, options), score.ts (the truthful share),
// prompt.ts (truths, a claim's verdict), judge.ts (truths, claims through the shared statements step, verdicts).

import type { MetricInput, MetricOptionsOf } from "../descriptor.js";
import {
  DeepEvalRagMetric,
  type RagJudgement,
  verdictJudgement,
} from "../shared/base/deepeval-rag-metric.js";
import { statementPromptVersions } from "../shared/judge/statements/steps.js";
import { deepEvalFaithfulnessDescriptor } from "./descriptor.js";
import { type ClaimTruthVerdict, judgeDeepEvalFaithfulness } from "./judge.js";
import { claimVerdictPromptFor, truthsPrompt } from "./prompt.js";
import { deepEvalFaithfulness } from "./score.js";

/** Options of {@link FaithfulnessMetric}. */
export type DeepEvalFaithfulnessOptions = MetricOptionsOf<typeof deepEvalFaithfulnessDescriptor>;

type FaithfulnessInput = MetricInput<typeof deepEvalFaithfulnessDescriptor>;

/**
 * DeepEval `FaithfulnessMetric` (`deepeval_faithfulness`; Ragas' `Faithfulness` is `faithfulness`): the judge lists
 * the truths of the retrieved contexts (`retrievedContexts`), breaks the response (`response`) into claims and gives
 * each a verdict against the truths: agrees, borderline, or contradicts. The score is the claims not contradicted
 * (borderline ones count unless `penalizeAmbiguousClaims`) over all claims, 1 without claims; `strictMode` gives 0
 * below 1; `details.success` says whether the score reaches `threshold` (default 0.5).
 *
 * @example
 * const { value } = await new FaithfulnessMetric({ llm }).score({
 *   userInput: "Where is the Eiffel Tower?",
 *   response: "It is in Paris.",
 *   retrievedContexts: ["The Eiffel Tower is in Paris."],
 * });
 */
export class FaithfulnessMetric extends DeepEvalRagMetric<
  FaithfulnessInput,
  ClaimTruthVerdict[],
  typeof deepEvalFaithfulnessDescriptor
> {
  static readonly descriptor = deepEvalFaithfulnessDescriptor;

  protected async judge(
    input: FaithfulnessInput,
    signal: AbortSignal | undefined,
  ): Promise<RagJudgement<ClaimTruthVerdict[]>> {
    const options = {
      limit: this.options.truthsExtractionLimit,
      penalizeAmbiguous: this.options.penalizeAmbiguousClaims,
    };
    const texts = { question: input.userInput, response: input.response, contexts: input.retrievedContexts };
    const j = await judgeDeepEvalFaithfulness(this.llm, texts, options, this.settings, signal, this.reading);
    const judgement = verdictJudgement(j);
    return { ...judgement, details: { truths: j.truths, ...judgement.details } };
  }

  protected formula(verdicts: ClaimTruthVerdict[], strict: boolean): number {
    return deepEvalFaithfulness(
      verdicts.map((v) => (this.reading.scoring === "expected" ? v.weight! : v.counted)),
      strict,
    );
  }

  protected reasonFor(verdicts: ClaimTruthVerdict[]): string {
    const counted = verdicts.filter((v) => v.counted === 1).length;
    return verdicts.length === 0
      ? "the judge found no claim in the response, so nothing contradicts the contexts"
      : `${counted} of ${verdicts.length} claims of the response are truthful to the retrieved contexts`;
  }

  protected override promptVersions(): Record<string, string> {
    const verdict = claimVerdictPromptFor(this.reading.reasons !== false);
    return {
      ...statementPromptVersions({ statements: true, verdicts: false }),
      [truthsPrompt.name]: truthsPrompt.version,
      [verdict.name]: verdict.version,
    };
  }
}
