// Ragas `IDBasedContextPrecision`. Files: score.ts (the formula), metric.ts (this class), descriptor.ts (the
// catalog entry, whose `reads` are the two id lists). No judge.

import type { MetricInput } from "../descriptor.js";
import { JudgeFreeMetric } from "../shared/base/judge-free-metric.js";
import { idResult } from "../shared/text/context-ids.js";
import type { MetricResult } from "../types.js";
import { idBasedContextPrecisionDescriptor } from "./descriptor.js";
import { idBasedContextPrecision } from "./score.js";

/**
 * Ragas `IDBasedContextPrecision` (`id_based_context_precision`): the share of distinct retrieved
 * context ids that are reference ids. No retrieved id gives `value: null` with a reason.
 *
 * @example
 * await new IDBasedContextPrecision().score({
 *   retrievedContextIds: ["doc_1", "doc_2", "doc_3", "doc_4"],
 *   referenceContextIds: ["doc_1", "doc_4", "doc_5", "doc_6"],
 * }); // value 0.5
 */
export class IDBasedContextPrecision extends JudgeFreeMetric<
  MetricInput<typeof idBasedContextPrecisionDescriptor>,
  typeof idBasedContextPrecisionDescriptor
> {
  static readonly descriptor = idBasedContextPrecisionDescriptor;

  protected scoreInput({
    retrievedContextIds,
    referenceContextIds,
  }: MetricInput<typeof idBasedContextPrecisionDescriptor>): MetricResult {
    return idResult(
      idBasedContextPrecision(retrievedContextIds, referenceContextIds),
      "retrievedContextIds",
      "precision",
    );
  }
}
