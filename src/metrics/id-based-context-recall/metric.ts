// Ragas `IDBasedContextRecall`. Files: score.ts (the formula), metric.ts (this class), descriptor.ts; the
// options and inputs it shares with the id-based context precision are in ../shared/base/id-context-metric.ts. No judge.

import { IdContextMetric } from "../shared/base/id-context-metric.js";
import { type IdLists, idResult } from "../shared/text/context-ids.js";
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
export class IDBasedContextRecall extends IdContextMetric {
  static readonly descriptor = idBasedContextRecallDescriptor;

  protected scoreInput({ retrieved, reference }: IdLists): MetricResult {
    return idResult(idBasedContextRecall(retrieved, reference), "referenceContextIds", "recall");
  }
}
