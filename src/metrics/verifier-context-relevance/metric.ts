// `verifier_context_relevance`, one folder: score.ts (the formula), descriptor.ts (id, fields, verifier, options),
// metric.ts (this class). The relevance step is shared with verifier_context_precision:
// shared/verifier/context-scores.ts. No judge, so no prompt.

import { sampleContexts, sampleText } from "../../sample/fields.js";
import type { Verifier } from "../../verifiers/types.js";
import { contextRelevanceScores } from "../shared/verifier/context-scores.js";
import { VerifierMetric, verifierDetail } from "../shared/verifier/verifier-metric.js";
import type { MetricResult, Sample } from "../types.js";
import { verifierContextRelevanceDescriptor } from "./descriptor.js";
import { verifierContextRelevanceValues } from "./score.js";

/** Options of {@link VerifierContextRelevance}. */
export interface VerifierContextRelevanceOptions {
  /**
   * The relevance cross-encoder: a models.json id or a model directory (loaded on first use, shared process-wide),
   * or a loaded `Verifier`. Defaults to "ms-marco-MiniLM-L-12-v2".
   */
  verifier?: string | Verifier;
  /** ONNX Runtime threads of a verifier this metric loads. Speed only. Defaults to the runtime's default. */
  threads?: number;
  /** A context is relevant when sigmoid(logit) of its best window is at least this. Defaults to 0.5. */
  threshold?: number;
  /** The value: `"share"` of relevant contexts or `"mean"` probability; details carry both. Defaults to "share". */
  aggregate?: "share" | "mean";
}

interface Input {
  question: string;
  contexts: string[];
}

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
  typeof verifierContextRelevanceDescriptor.options
> {
  static readonly descriptor = verifierContextRelevanceDescriptor;

  constructor(options: VerifierContextRelevanceOptions = {}) {
    super(options);
  }

  protected validate(sample: Sample, row: number | undefined): Input {
    return { question: sampleText(sample, "userInput", row), contexts: sampleContexts(sample, row, false) };
  }

  protected async compute(input: Input): Promise<MetricResult> {
    const verifier = await this.verifier.get();
    const { threshold, aggregate } = this.options;
    const contexts = await contextRelevanceScores(verifier, input.question, input.contexts, threshold);
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
