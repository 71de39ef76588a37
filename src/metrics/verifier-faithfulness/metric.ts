// `verifier_faithfulness`, one folder: score.ts (the formula), descriptor.ts (id, fields, verifier, options), metric.ts
// (this class). The verifier step (sentences, context windows, best support) is shared with the faithfulness
// cascade: shared/verifier/response-support.ts. No judge, so no prompt.

import type { MetricInput, MetricOptionsOf } from "../descriptor.js";
import { sentenceSupport } from "../shared/verifier/response-support.js";
import { VerifierMetric, verifierDetail } from "../shared/verifier/verifier-metric.js";
import type { MetricResult } from "../types.js";
import { verifierFaithfulnessDescriptor } from "./descriptor.js";
import { verifierFaithfulnessValues } from "./score.js";

/** Options of {@link VerifierFaithfulness}. */
export type VerifierFaithfulnessOptions = MetricOptionsOf<typeof verifierFaithfulnessDescriptor>;

/** The fields the metric reads: the response and the retrieved contexts. */
type Input = MetricInput<typeof verifierFaithfulnessDescriptor>;

/**
 * Faithfulness without a judge: the response is split into sentences, each retrieved context into windows that fit
 * the verifier beside the longest sentence (with a quarter overlap), and each sentence's support is its best
 * window's probability (HHEM's P(consistent), or an NLI model's P(entailment)). The value is the share of sentences
 * supported (probability >= `threshold`), or with `aggregate: "mean"` the mean probability. `details.sentences`
 * keeps each sentence, its offsets, its best window and the probability; `details.supportedShare` and
 * `details.meanProbability` both values. A response with no sentence gives null with a reason.
 *
 * Ragas' `FaithfulnesswithHHEM` asks a judge for statements and has HHEM verify them (`FaithfulnessWithHhem`); this
 * metric splits sentences instead, so it needs no judge at all (the `faithfulness` metric's cascade combines the two).
 *
 * @example
 * const metric = new VerifierFaithfulness({ verifier: await loadVerifier("nli-deberta-v3-small") });
 * const { value } = await metric.score({ response: "Paris is in France.", retrievedContexts: ["Paris is the capital of France."] });
 */
export class VerifierFaithfulness extends VerifierMetric<
  Input,
  "consistency" | "nli",
  typeof verifierFaithfulnessDescriptor
> {
  static readonly descriptor = verifierFaithfulnessDescriptor;

  protected async compute(input: Input): Promise<MetricResult> {
    const verifier = await this.verifier.get();
    const sentences = await sentenceSupport(verifier, input.response, input.retrievedContexts);
    const { threshold, aggregate } = this.options;
    const values = verifierFaithfulnessValues(
      sentences.map((s) => s.probability),
      threshold,
    );
    const value = aggregate === "share" ? values.supportedShare : values.meanProbability;
    const supported = sentences.filter((s) => s.probability >= threshold).length;
    return {
      value,
      status: "ok",
      reason:
        value === null
          ? "the response has no sentence to check"
          : `${supported} of ${sentences.length} sentences supported by a context window (probability >= ${threshold})`,
      details: { ...values, threshold, sentences, verifier: verifierDetail(verifier.identity) },
    };
  }
}
