// Ragas `IDBasedContextRecall`. Files: score.ts (the formula), metric.ts (this class), descriptor.ts. No judge.
import { type IdLists, idResult, requireIdLists } from "../shared/context-ids.js";
import { JudgeFreeMetric, type RecordedOptions } from "../shared/judge-free.js";
import type { MetricResult, Sample, SampleField } from "../types.js";
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
  readonly name = "id_based_context_recall";
  readonly requiredFields: readonly SampleField[] = ["retrievedContextIds", "referenceContextIds"];

  protected validate(sample: Sample, row: number | undefined): IdLists {
    return requireIdLists(sample, row);
  }

  protected scoreInput({ retrieved, reference }: IdLists): MetricResult {
    return idResult(idBasedContextRecall(retrieved, reference), "referenceContextIds", "recall");
  }

  protected recordedOptions(): RecordedOptions {
    return {};
  }
}
