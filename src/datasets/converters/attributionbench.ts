import { readJsonLines } from "./read.js";
import type { DatasetConverter, LabelledRecord } from "./types.js";

const file = "test_all_subset_balanced_sampled500.jsonl";

/** AttributionBench (500-row balanced sample): is the claim attributable to its cited references? */
export const attributionBench: DatasetConverter = {
  id: "attributionbench-sample500",
  labels: { kind: "binary", negative: "unattributed" },
  metric: "faithfulness",
  convert(dir) {
    return readJsonLines(dir, file).map(
      (row): LabelledRecord => ({
        id: String(row.id),
        user_input: String(row.question),
        response: String(row.claim),
        retrieved_contexts: (row.references as unknown[]).map(String),
        human_label: row.attribution_label === "attributable" ? 1 : 0,
        group: String(row.src_dataset),
      }),
    );
  },
};
