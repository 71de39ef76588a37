// `verifier_context_relevance`, one folder: score.ts (the formula), descriptor.ts (id, fields, verifier, options),
// metric.ts (this class). The relevance step is shared with verifier_context_precision:
// shared/verifier/context-scores.ts. No judge, so no prompt.

import type { MetricInput, MetricOptionsOf } from "../descriptor.js";
import { contextRelevanceScores } from "../shared/verifier/context-scores.js";
import { VerifierMetric, verifierDetail } from "../shared/verifier/verifier-metric.js";
import type { MetricResult } from "../types.js";
import { verifierContextRelevanceDescriptor } from "./descriptor.js";
import { verifierContextRelevanceValues } from "./score.js";

/** Options of {@link VerifierContextRelevance}. */
export type VerifierContextRelevanceOptions = MetricOptionsOf<typeof verifierContextRelevanceDescriptor>;

/** The fields the metric reads: the question and the retrieved contexts. */
type Input = MetricInput<typeof verifierContextRelevanceDescriptor>;

/**
 * Context relevance without a judge: a relevance cross-encoder (MS MARCO-style, one logit) scores each (question,
 * context) pair; the probability is sigmoid(logit), and a context is relevant when it is at least `threshold`
 * (0.5, i.e. a positive logit). A context longer than the window beside the question is cut into overlapping windows
 * and scored by its best one. The value is the share of relevant contexts (or the mean probability with
 * `aggregate: "mean"`); `details.contexts` lists each context's probability and verdict.
 *
 * @example
 * const metric = new VerifierContextRelevance({ verifier: await loadVerifier("ms-marco-MiniLM-L-12-v2") });
 * const { value } = await metric.score({ userInput: "Where is Paris?", retrievedContexts: ["Paris is in France."] });
 */
export class VerifierContextRelevance extends VerifierMetric<
  Input,
  "relevance",
  typeof verifierContextRelevanceDescriptor
> {
  static readonly descriptor = verifierContextRelevanceDescriptor;

  protected async compute(input: Input): Promise<MetricResult> {
    const verifier = await this.verifier.get();
    const { threshold, aggregate } = this.options;
    const { userInput: question, retrievedContexts } = input;
    const contexts = await contextRelevanceScores(verifier, question, retrievedContexts, threshold);
    const values = verifierContextRelevanceValues(
      contexts.map((c) => c.probability),
      threshold,
    );
    const value = aggregate === "share" ? values.relevantShare : values.meanProbability;
    return {
      value,
      status: "ok",
      reason: `${contexts.filter((c) => c.relevant).length} of ${contexts.length} contexts relevant to the question (probability >= ${threshold})`,
      details: { ...values, threshold, contexts, verifier: verifierDetail(verifier.identity) },
    };
  }
}
