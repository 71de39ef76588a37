import { InvalidInputError } from "../errors.js";
import type { MetricDescriptor } from "../metrics/descriptor.js";
import type { Metric, Sample, SampleField } from "../metrics/types.js";
import type { Dataset } from "./types.js";

const ragasNames: Record<SampleField, string> = {
  userInput: "user_input",
  response: "response",
  retrievedContexts: "retrieved_contexts",
  reference: "reference",
  referenceContexts: "reference_contexts",
  rubrics: "rubrics",
  retrievedContextIds: "retrieved_context_ids",
  referenceContextIds: "reference_context_ids",
  retrievedDocuments: "retrieved_documents",
  groundTruthDocuments: "ground_truth_documents",
};

/** A sample field's Ragas column name, e.g. `retrieved_contexts` for `retrievedContexts`. */
export function ragasColumnName(field: SampleField): string {
  return ragasNames[field];
}

/** The fields of `metric.requiredFields` that a sample lacks. */
export function missingFields(sample: Sample, metric: Pick<Metric, "requiredFields">): SampleField[] {
  return metric.requiredFields.filter((field) => sample[field] === undefined);
}

/**
 * Throws an `InvalidInputError` when a metric needs a field that no row of the dataset has, so the
 * run stops before any model loads. Rows lacking a field only some rows have are not an error here:
 * `evaluate` marks those row × metric pairs skipped.
 *
 * The metrics may be given as metrics or as their catalog descriptors.
 *
 * @example
 * checkRequiredColumns(loadDataset("eval.jsonl"), [new Faithfulness({ llm })]);
 * checkRequiredColumns(loadDataset("eval.jsonl"), [faithfulnessDescriptor]);
 */
export function checkRequiredColumns(
  dataset: Dataset | readonly Sample[],
  metrics: ReadonlyArray<
    Pick<Metric, "name" | "requiredFields"> | Pick<MetricDescriptor, "id" | "requiredFields">
  >,
): void {
  const samples: readonly Sample[] = Array.isArray(dataset)
    ? (dataset as readonly Sample[])
    : (dataset as Dataset).samples.map((s) => s.sample);
  const present = new Set<SampleField>();
  for (const sample of samples) {
    for (const key of Object.keys(sample) as SampleField[]) {
      if (sample[key] !== undefined) present.add(key);
    }
  }
  const problems: string[] = [];
  for (const metric of metrics) {
    const missing = metric.requiredFields.filter((field) => !present.has(field));
    if (missing.length > 0) {
      const names = missing.map((f) => `${ragasColumnName(f)} (${f})`).join(", ");
      problems.push(`${"id" in metric ? metric.id : metric.name} needs ${names}`);
    }
  }
  if (problems.length > 0) {
    const file = Array.isArray(dataset) ? undefined : (dataset as Dataset).file;
    throw new InvalidInputError(
      `no valid row has the columns these metrics need: ${problems.join("; ")}. Add the columns, map yours ` +
        "with columnMap, or drop those metrics",
      { file },
    );
  }
}
