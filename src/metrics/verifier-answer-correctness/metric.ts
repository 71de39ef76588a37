// `verifier_answer_correctness`, one folder: score.ts (the formula), descriptor.ts (id, fields, verifier, options),
// metric.ts (this class). The entailment step is shared/verifier/response-support.ts, run both ways. No judge, so no
// prompt.

import type { MetricInput, MetricOptionsOf } from "../descriptor.js";
import { sentenceSupport } from "../shared/verifier/response-support.js";
import { VerifierMetric, verifierDetail } from "../shared/verifier/verifier-metric.js";
import type { MetricResult } from "../types.js";
import { verifierAnswerCorrectnessDescriptor } from "./descriptor.js";
import { entailmentF } from "./score.js";

/** Options of {@link VerifierAnswerCorrectness}. */
export type VerifierAnswerCorrectnessOptions = MetricOptionsOf<typeof verifierAnswerCorrectnessDescriptor>;

/** The fields the metric reads: the response and the reference. */
type Input = MetricInput<typeof verifierAnswerCorrectnessDescriptor>;

/**
 * Answer correctness without a judge: the factuality F-beta of Ragas' `answer_correctness` with sentences for
 * statements and an NLI verifier for the judge. Each response sentence is checked against the reference (premise:
 * the reference, cut into windows; entailed means a true positive, else a false positive), and each reference
 * sentence against the response (entailed: covered, else a false negative). precision = entailed response sentences
 * / response sentences, recall = entailed reference sentences / reference sentences, value = F-beta (no similarity
 * blend). `details.response` and `details.reference` keep each sentence with its best window and probability.
 *
 * @example
 * const metric = new VerifierAnswerCorrectness({ verifier: await loadVerifier("nli-deberta-v3-small") });
 * const { value } = await metric.score({ response: "Paris is in France.", reference: "Paris is the capital of France." });
 */
export class VerifierAnswerCorrectness extends VerifierMetric<
  Input,
  "nli" | "consistency",
  typeof verifierAnswerCorrectnessDescriptor
> {
  static readonly descriptor = verifierAnswerCorrectnessDescriptor;

  protected async compute(input: Input): Promise<MetricResult> {
    const verifier = await this.verifier.get();
    const { threshold, beta } = this.options;
    const response = await sentenceSupport(verifier, input.response, [input.reference]);
    const reference = await sentenceSupport(verifier, input.reference, [input.response]);
    const count = (list: typeof response) => ({
      entailed: list.filter((s) => s.probability >= threshold).length,
      total: list.length,
    });
    const r = count(response);
    const g = count(reference);
    const { precision, recall, f } = entailmentF(r, g, beta);
    return {
      value: f,
      status: "ok",
      reason:
        f === null
          ? `the ${r.total === 0 ? "response" : "reference"} has no sentence to check`
          : `${r.entailed} of ${r.total} response sentences entailed by the reference, ${g.entailed} of ${g.total} reference sentences entailed by the response`,
      details: {
        precision,
        recall,
        threshold,
        response,
        reference,
        verifier: verifierDetail(verifier.identity),
      },
    };
  }
}
