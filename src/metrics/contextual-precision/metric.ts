// DeepEval `ContextualPrecisionMetric`: descriptor.ts (id deepeval_contextual_precision, options), score.ts (weighted
// cumulative precision), prompt.ts (one context's usefulness), judge.ts (one verdict per context).

import type { MetricInput, MetricOptionsOf } from "../descriptor.js";
import {
  DeepEvalRagMetric,
  type RagJudgement,
  verdictJudgement,
} from "../shared/base/deepeval-rag-metric.js";
import { contextualPrecisionDescriptor } from "./descriptor.js";
import { type ContextUsefulnessVerdict, judgeContextualPrecision } from "./judge.js";
import { contextUsefulnessPromptFor } from "./prompt.js";
import { contextualPrecision } from "./score.js";

/** Options of {@link ContextualPrecisionMetric}. */
export type ContextualPrecisionOptions = MetricOptionsOf<typeof contextualPrecisionDescriptor>;

type ContextualPrecisionInput = MetricInput<typeof contextualPrecisionDescriptor>;

/**
 * DeepEval `ContextualPrecisionMetric` (`deepeval_contextual_precision`): the judge says for each retrieved context
 * (`retrievedContexts`, in retrieval order) whether it was useful for arriving at the reference (`reference`,
 * DeepEval's expected output) given the question (`userInput`). The score is the weighted cumulative precision of
 * the useful contexts (relevant ones ranked first score higher), 0 when none is; `strictMode` gives 0 below 1;
 * `details.success` says whether the score reaches `threshold` (default 0.5).
 *
 * @example
 * const { value } = await new ContextualPrecisionMetric({ llm }).score({
 *   userInput: "Where is the Eiffel Tower?",
 *   reference: "In Paris.",
 *   retrievedContexts: ["The Eiffel Tower is in Paris.", "Cats sleep a lot."],
 * });
 */
export class ContextualPrecisionMetric extends DeepEvalRagMetric<
  ContextualPrecisionInput,
  ContextUsefulnessVerdict[],
  typeof contextualPrecisionDescriptor
> {
  static readonly descriptor = contextualPrecisionDescriptor;

  protected async judge(
    input: ContextualPrecisionInput,
    signal: AbortSignal | undefined,
  ): Promise<RagJudgement<ContextUsefulnessVerdict[]>> {
    const { userInput: question, reference, retrievedContexts: contexts } = input;
    return verdictJudgement(
      await judgeContextualPrecision(
        this.llm,
        question,
        reference,
        contexts,
        this.settings,
        signal,
        this.reading,
      ),
    );
  }

  protected formula(verdicts: ContextUsefulnessVerdict[], strict: boolean): number {
    return contextualPrecision(this.countedValues(verdicts), strict);
  }

  protected reasonFor(verdicts: ContextUsefulnessVerdict[]): string {
    const useful = verdicts.filter((v) => v.verdict === 1).length;
    return `${useful} of ${verdicts.length} retrieved contexts are useful for the reference, weighted by their rank`;
  }

  protected override promptVersions(): Record<string, string> {
    const template = contextUsefulnessPromptFor(this.reading.reasons !== false);
    return { [template.name]: template.version };
  }
}
