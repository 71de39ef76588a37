// Ragas `IDBasedContextPrecision`. Files: score.ts (the formula), metric.ts (this class), descriptor.ts; the
// options and inputs it shares with the id-based context recall are in ../shared/base/id-context-metric.ts. No judge.

import { IdContextMetric } from "../shared/base/id-context-metric.js";
import { type IdLists, idResult } from "../shared/text/context-ids.js";
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
export class IDBasedContextPrecision extends IdContextMetric {
  static readonly descriptor = idBasedContextPrecisionDescriptor;

  protected scoreInput({ retrieved, reference }: IdLists): MetricResult {
    return idResult(idBasedContextPrecision(retrieved, reference), "retrievedContextIds", "precision");
  }
}
