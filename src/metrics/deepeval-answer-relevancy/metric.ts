// DeepEval `AnswerRelevancyMetric`: descriptor.ts (id deepeval_answer_relevancy, options), score.ts (the share not
// irrelevant), prompt.ts (a statement's three-way verdict), judge.ts (the shared statements step, then a verdict per
// statement).

import type { MetricInput, MetricOptionsOf } from "../descriptor.js";
import {
  DeepEvalRagMetric,
  type RagJudgement,
  verdictJudgement,
} from "../shared/base/deepeval-rag-metric.js";
import { statementPromptVersions } from "../shared/judge/statements/steps.js";
import { deepEvalAnswerRelevancyDescriptor } from "./descriptor.js";
import { judgeDeepEvalAnswerRelevancy, type StatementRelevancyVerdict } from "./judge.js";
import { statementAddressesPromptFor } from "./prompt.js";
import { deepEvalAnswerRelevancy } from "./score.js";

/** Options of {@link AnswerRelevancyMetric}. */
export type DeepEvalAnswerRelevancyOptions = MetricOptionsOf<typeof deepEvalAnswerRelevancyDescriptor>;

type AnswerRelevancyInput = MetricInput<typeof deepEvalAnswerRelevancyDescriptor>;

/**
 * DeepEval `AnswerRelevancyMetric` (`deepeval_answer_relevancy`; Ragas' `AnswerRelevancy` is `answer_relevancy`): the
 * judge breaks the response (`response`, DeepEval's actual output) into statements and gives each a verdict:
 * relevant to the question (`userInput`), borderline, or irrelevant. The score is the share not irrelevant
 * (DeepEval counts `borderline`, formerly `idk`, as relevant), 1 without statements; `strictMode` gives 0 below 1;
 * `details.success` says whether the score reaches `threshold` (default 0.5).
 *
 * @example
 * const { value } = await new AnswerRelevancyMetric({ llm }).score({
 *   userInput: "Where is the Eiffel Tower?",
 *   response: "It is in Paris. Paris has many cafés.",
 * });
 */
export class AnswerRelevancyMetric extends DeepEvalRagMetric<
  AnswerRelevancyInput,
  StatementRelevancyVerdict[],
  typeof deepEvalAnswerRelevancyDescriptor
> {
  static readonly descriptor = deepEvalAnswerRelevancyDescriptor;

  protected async judge(
    input: AnswerRelevancyInput,
    signal: AbortSignal | undefined,
  ): Promise<RagJudgement<StatementRelevancyVerdict[]>> {
    const { userInput: question, response } = input;
    const j = await judgeDeepEvalAnswerRelevancy(
      this.llm,
      question,
      response,
      this.settings,
      signal,
      this.reading,
    );
    return verdictJudgement(j);
  }

  protected formula(verdicts: StatementRelevancyVerdict[], strict: boolean): number {
    return deepEvalAnswerRelevancy(
      verdicts.map((v) => (this.reading.scoring === "expected" ? v.weight! : v.counted)),
      strict,
    );
  }

  protected reasonFor(verdicts: StatementRelevancyVerdict[]): string {
    const counted = verdicts.filter((v) => v.counted === 1).length;
    return verdicts.length === 0
      ? "the judge found no statement in the response, so nothing is irrelevant"
      : `${counted} of ${verdicts.length} statements of the response are relevant or borderline to the question`;
  }

  protected override promptVersions(): Record<string, string> {
    const verdict = statementAddressesPromptFor(this.reading.reasons !== false);
    return {
      ...statementPromptVersions({ statements: true, verdicts: false }),
      [verdict.name]: verdict.version,
    };
  }
}
