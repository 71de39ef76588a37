// DeepEval `ContextualRelevancyMetric`: descriptor.ts (id deepeval_contextual_relevancy, options), score.ts (the
// relevant share), prompt.ts (a context's statements, a statement's relevance), judge.ts (the steps per context).

import type { MetricInput, MetricOptionsOf } from "../descriptor.js";
import {
  DeepEvalRagMetric,
  type RagJudgement,
  verdictJudgement,
} from "../shared/base/deepeval-rag-metric.js";
import { contextualRelevancyDescriptor } from "./descriptor.js";
import { judgeContextualRelevancy, type StatementRelevanceVerdict } from "./judge.js";
import { contextStatementsPrompt, statementRelevancePromptFor } from "./prompt.js";
import { contextualRelevancy } from "./score.js";

/** Options of {@link ContextualRelevancyMetric}. */
export type ContextualRelevancyOptions = MetricOptionsOf<typeof contextualRelevancyDescriptor>;

type ContextualRelevancyInput = MetricInput<typeof contextualRelevancyDescriptor>;

/**
 * DeepEval `ContextualRelevancyMetric` (`deepeval_contextual_relevancy`): the judge lists the statements of each
 * retrieved context (`retrievedContexts`) and says for each whether it is relevant to the question (`userInput`).
 * The score is relevant statements over all statements, 0 when there is none; a context without statements counts
 * as one irrelevant statement. `strictMode` gives 0 below 1; `details.success` says whether the score reaches
 * `threshold` (default 0.5). `details.verdicts` holds each statement with its context's index and verdict.
 *
 * @example
 * const { value, details } = await new ContextualRelevancyMetric({ llm }).score({
 *   userInput: "Where is the Eiffel Tower?",
 *   retrievedContexts: ["The Eiffel Tower is in Paris. Paris has many cafés."],
 * });
 */
export class ContextualRelevancyMetric extends DeepEvalRagMetric<
  ContextualRelevancyInput,
  StatementRelevanceVerdict[],
  typeof contextualRelevancyDescriptor
> {
  static readonly descriptor = contextualRelevancyDescriptor;

  protected async judge(
    input: ContextualRelevancyInput,
    signal: AbortSignal | undefined,
  ): Promise<RagJudgement<StatementRelevanceVerdict[]>> {
    return verdictJudgement(
      await judgeContextualRelevancy(
        this.llm,
        input.userInput,
        input.retrievedContexts,
        this.settings,
        signal,
        this.reading,
      ),
    );
  }

  protected formula(verdicts: StatementRelevanceVerdict[], strict: boolean): number {
    return contextualRelevancy(this.countedValues(verdicts), strict);
  }

  protected reasonFor(verdicts: StatementRelevanceVerdict[]): string {
    const relevant = verdicts.filter((v) => v.verdict === 1).length;
    return `${relevant} of ${verdicts.length} statements of the retrieved contexts are relevant to the question`;
  }

  protected override promptVersions(): Record<string, string> {
    const verdict = statementRelevancePromptFor(this.reading.reasons !== false);
    return {
      [contextStatementsPrompt.name]: contextStatementsPrompt.version,
      [verdict.name]: verdict.version,
    };
  }
}
