// Ragas `IDBasedContextRecall`. Files: score.ts (the formula), metric.ts (this class), descriptor.ts (the
// catalog entry, whose `reads` are the two id lists). No judge.

import type { MetricInput } from "../descriptor.js";
import { JudgeFreeMetric } from "../shared/base/judge-free-metric.js";
import { idResult } from "../shared/text/context-ids.js";
import type { MetricResult } from "../types.js";
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
export class IDBasedContextRecall extends JudgeFreeMetric<
  MetricInput<typeof idBasedContextRecallDescriptor>,
  typeof idBasedContextRecallDescriptor
> {
  static readonly descriptor = idBasedContextRecallDescriptor;

  protected scoreInput({
    retrievedContextIds,
    referenceContextIds,
  }: MetricInput<typeof idBasedContextRecallDescriptor>): MetricResult {
    return idResult(
      idBasedContextRecall(retrievedContextIds, referenceContextIds),
      "referenceContextIds",
      "recall",
    );
  }
}
