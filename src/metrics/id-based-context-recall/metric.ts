// Ragas `IDBasedContextRecall`. Files: score.ts (the formula), metric.ts (this class), descriptor.ts. No judge.
import { type IdLists, idResult, requireIdLists } from "../shared/context-ids.js";
import { JudgeFreeMetric } from "../shared/judge-free.js";
import type { MetricResult, Sample } from "../types.js";
import { idBasedContextRecallDescriptor } from "./descriptor.js";
import { idBasedContextRecall } from "./score.js";

/**
 * Ragas `IDBasedContextRecall` (`id_based_context_recall`): the share of distinct reference context
 * ids that were retrieved. No reference id gives `value: null` with a reason.
 *
 * @example
 * await new IDBasedContextRecall().score({
 *   retrievedContextIds: ["doc_1", "doc_2", "doc_3"],
 *   referenceContextIds: ["doc_1", "doc_4", "doc_5", "doc_6"],
 * }); // value 0.25
 */
export class IDBasedContextRecall extends JudgeFreeMetric<IdLists> {
  static readonly descriptor = idBasedContextRecallDescriptor;

  /** IDBasedContextRecall takes no options. */
  constructor(options: Record<string, never> = {}) {
    super(options);
  }

  protected validate(sample: Sample, row: number | undefined): IdLists {
    return requireIdLists(sample, row);
  }

  protected scoreInput({ retrieved, reference }: IdLists): MetricResult {
    return idResult(idBasedContextRecall(retrieved, reference), "referenceContextIds", "recall");
  }
}
