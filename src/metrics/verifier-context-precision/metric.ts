// `verifier_context_precision`, one folder: score.ts (the formula), descriptor.ts (id, fields, verifier, options),
// metric.ts (this class). The relevance step is shared with verifier_context_relevance:
// shared/verifier/context-scores.ts. No judge, so no prompt.

import type { MetricInput, MetricOptionsOf } from "../descriptor.js";
import { contextRelevanceScores } from "../shared/verifier/context-scores.js";
import { VerifierMetric, verifierDetail } from "../shared/verifier/verifier-metric.js";
import type { MetricResult } from "../types.js";
import { verifierContextPrecisionDescriptor } from "./descriptor.js";
import { verifierContextPrecisionScore } from "./score.js";

/** Options of {@link VerifierContextPrecision}. */
export type VerifierContextPrecisionOptions = MetricOptionsOf<typeof verifierContextPrecisionDescriptor>;

/** The fields the metric reads: the question and the retrieved contexts. */
type Input = MetricInput<typeof verifierContextPrecisionDescriptor>;

/**
 * Context precision without a judge: the contexts' verdicts come from a relevance cross-encoder scoring (question,
 * context), 1 when sigmoid(logit) >= `threshold`, in retrieval order, and the value is Ragas' average precision of
 * those verdicts (`averagePrecisionOfVerdicts`). Unlike Ragas' `context_precision`, which asks whether a context
 * helps reach the reference, relevance here is to the question: no reference is needed. `details.contexts` lists
 * each context's probability and verdict.
 *
 * @example
 * const metric = new VerifierContextPrecision({ verifier: await loadVerifier("ms-marco-MiniLM-L-12-v2") });
 * const { value } = await metric.score({ userInput: "Where is Paris?", retrievedContexts: ["Lyon is big.", "Paris is in France."] });
 */
export class VerifierContextPrecision extends VerifierMetric<
  Input,
  "relevance",
  typeof verifierContextPrecisionDescriptor
> {
  static readonly descriptor = verifierContextPrecisionDescriptor;

  protected async compute(input: Input): Promise<MetricResult> {
    const verifier = await this.verifier.get();
    const { threshold, scoring } = this.options;
    const { userInput: question, retrievedContexts } = input;
    const contexts = await contextRelevanceScores(verifier, question, retrievedContexts, threshold);
    const value = verifierContextPrecisionScore(
      contexts.map((c) => c.probability),
      threshold,
      scoring,
    );
    const ranks = contexts.flatMap((c, i) => (c.relevant ? [i + 1] : []));
    return {
      value,
      status: "ok",
      reason:
        ranks.length === 0
          ? "no retrieved context is relevant to the question"
          : `relevant contexts at ranks ${ranks.join(", ")} of ${contexts.length}`,
      details: { threshold, contexts, verifier: verifierDetail(verifier.identity) },
    };
  }
}
