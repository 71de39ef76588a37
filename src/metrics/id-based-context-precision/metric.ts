// Ragas `IDBasedContextPrecision`. Files: score.ts (the formula), metric.ts (this class), descriptor.ts. No judge.
import { type IdLists, idResult, requireIdLists } from "../shared/context-ids.js";
import { JudgeFreeMetric } from "../shared/judge-free.js";
import type { MetricResult, Sample } from "../types.js";
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
export class IDBasedContextPrecision extends JudgeFreeMetric<IdLists> {
  static readonly descriptor = idBasedContextPrecisionDescriptor;

  /** IDBasedContextPrecision takes no options. */
  constructor(options: Record<string, never> = {}) {
    super(options);
  }

  protected validate(sample: Sample, row: number | undefined): IdLists {
    return requireIdLists(sample, row);
  }

  protected scoreInput({ retrieved, reference }: IdLists): MetricResult {
    return idResult(idBasedContextPrecision(retrieved, reference), "retrievedContextIds", "precision");
  }
}
