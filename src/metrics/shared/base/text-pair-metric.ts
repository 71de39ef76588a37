import { requirePair } from "../../../sample/formula-inputs.js";
import type { MetricOptionSchema } from "../../descriptor.js";
import type { Sample } from "../../types.js";
import { JudgeFreeMetric } from "./judge-free-metric.js";

/** A sample's response and reference, as the string-comparison metrics read them. */
export interface TextPair {
  reference: string;
  response: string;
}

/**
 * Base of the judge-free metrics that compare the response with the reference as strings (exact match, string
 * presence, BLEU, chrF, ROUGE, string similarity): both read as strings, empty allowed as in Ragas
 * ({@link requirePair}). Subclasses give the descriptor and the formula.
 */
export abstract class TextPairMetric<
  S extends MetricOptionSchema = MetricOptionSchema,
> extends JudgeFreeMetric<TextPair, S> {
  protected validate(sample: Sample, row: number | undefined): TextPair {
    return requirePair(sample, row);
  }
}
