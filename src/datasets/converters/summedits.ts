import { readJson } from "./read.js";
import type { DatasetConverter, LabelledRecord } from "./types.js";

const file = "summedits_sales_call.json";

/**
 * SummEdits, sales-call domain: human consistency labels of (edited) summaries against the call
 * transcript. There is no question, so the request is a fixed "Summarize the sales call.". Rows are
 * grouped by source document, since edits of one summary differ by a few words.
 */
export const summedits: DatasetConverter = {
  id: "summedits-sales-call",
  labels: { kind: "binary", negative: "inconsistent" },
  metric: "faithfulness",
  convert(dir) {
    const rows = readJson(dir, file) as { id: string; doc: string; summary: string; label: unknown }[];
    return rows.map(
      (row): LabelledRecord => ({
        id: row.id,
        user_input: "Summarize the sales call.",
        response: row.summary,
        retrieved_contexts: [row.doc],
        human_label: String(row.label) === "1" ? 1 : 0,
        group: row.id.replace(/_(og|\d+)$/, ""),
      }),
    );
  },
};
