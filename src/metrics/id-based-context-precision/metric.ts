// Ragas `IDBasedContextPrecision`. Files: score.ts (the formula), metric.ts (this class), descriptor.ts. No judge.
import { JudgeFreeMetric, type RecordedOptions, requireIdList } from "../shared/judge-free.js";
import type { MetricResult, Sample, SampleField } from "../types.js";
import { type ContextId, type IdOverlap, idBasedContextPrecision } from "./score.js";

/** The two id lists of one sample. */
export interface IdLists {
  retrieved: ContextId[];
  reference: ContextId[];
}

/** Validates a sample's `retrievedContextIds` and `referenceContextIds`. */
export function requireIdLists(sample: Sample, row: number | undefined): IdLists {
  return {
    retrieved: requireIdList(sample.retrievedContextIds, "retrievedContextIds", row),
    reference: requireIdList(sample.referenceContextIds, "referenceContextIds", row),
  };
}

/** Turns an id overlap into a result; a null score names the empty list. */
export function idResult(overlap: IdOverlap, emptyList: string, what: string): MetricResult {
  if (overlap.score === null) {
    return {
      value: null,
      status: "ok",
      reason: `${emptyList} is empty, so ${what} is undefined (Ragas gives NaN)`,
      details: { matchedIds: [], denominator: 0 },
    };
  }
  return {
    value: overlap.score,
    status: "ok",
    reason: `${overlap.matched.length} of ${overlap.denominator} distinct ids match`,
    details: { matchedIds: overlap.matched, denominator: overlap.denominator },
  };
}

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
  readonly name = "id_based_context_precision";
  readonly requiredFields: readonly SampleField[] = ["retrievedContextIds", "referenceContextIds"];

  protected validate(sample: Sample, row: number | undefined): IdLists {
    return requireIdLists(sample, row);
  }

  protected scoreInput({ retrieved, reference }: IdLists): MetricResult {
    return idResult(idBasedContextPrecision(retrieved, reference), "retrievedContextIds", "precision");
  }

  protected recordedOptions(): RecordedOptions {
    return {};
  }
}
