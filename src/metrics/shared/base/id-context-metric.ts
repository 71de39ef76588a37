import type { Sample } from "../../types.js";
import { type IdLists, requireIdLists } from "../text/context-ids.js";
import { JudgeFreeMetric } from "./judge-free-metric.js";

/**
 * What the id-based context precision and recall share: no options, and the two id lists of a sample
 * (`retrievedContextIds`, `referenceContextIds`). Subclasses give the descriptor and the formula.
 */
export abstract class IdContextMetric extends JudgeFreeMetric<IdLists> {
  /** The id-based context metrics take no options. */
  constructor(options: Record<string, never> = {}) {
    super(options);
  }

  protected validate(sample: Sample, row: number | undefined): IdLists {
    return requireIdLists(sample, row);
  }
}
