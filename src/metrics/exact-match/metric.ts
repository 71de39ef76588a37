// Ragas `ExactMatch` and Haystack's answer exact match. Files: score.ts (the formula both share), metric.ts
// (these classes), evaluator.ts (Haystack `AnswerExactMatchEvaluator`), descriptor.ts (both catalog entries).
// No judge, so no prompt.ts / judge.ts.
import type { MetricDescriptor, MetricInput } from "../descriptor.js";
import { JudgeFreeMetric } from "../shared/base/judge-free-metric.js";
import type { MetricResult } from "../types.js";
import { answerExactMatchDescriptor, exactMatchDescriptor } from "./descriptor.js";
import { exactMatch } from "./score.js";

/** The response and the reference, as the exact-match classes read them. */
type StringPair = MetricInput<typeof exactMatchDescriptor>;

abstract class ExactMatchMetric<D extends MetricDescriptor> extends JudgeFreeMetric<StringPair, D> {
  protected scoreInput({ reference, response }: StringPair): MetricResult {
    const value = exactMatch(reference, response);
    return {
      value,
      status: "ok",
      reason: value === 1 ? "the response equals the reference" : "the response differs from the reference",
    };
  }
}

/**
 * Ragas `ExactMatch` (`exact_match`): 1 when `response` equals `reference` exactly, else 0.
 *
 * @example
 * const { value } = await new ExactMatch().score({ response: "Paris", reference: "Paris" }); // 1
 */
export class ExactMatch extends ExactMatchMetric<typeof exactMatchDescriptor> {
  static readonly descriptor = exactMatchDescriptor;
}

/**
 * Haystack's answer exact match for one sample (`answer_exact_match`): the same formula as Ragas'
 * `exact_match`, under Haystack's name.
 *
 * @example
 * const { value } = await new AnswerExactMatch().score({ response: "Berlin", reference: "Berlin" }); // 1
 */
export class AnswerExactMatch extends ExactMatchMetric<typeof answerExactMatchDescriptor> {
  static readonly descriptor = answerExactMatchDescriptor;
}
