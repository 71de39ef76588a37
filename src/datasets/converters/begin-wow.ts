import { InvalidInputError } from "../../errors.js";
import { readTable } from "./read.js";
import type { DatasetConverter, LabelledRecord } from "./types.js";

const files = ["begin_dev_wow.tsv", "begin_test_wow.tsv"] as const;

/**
 * BEGIN (Wizard of Wikipedia part): human attribution labels. "Fully attributable" is 1, "Not fully
 * attributable" is 0; "Generic" rows (chit-chat with no claim) are left out, since faithfulness is
 * undefined there. Rows are grouped by the dialogue model that wrote them.
 */
export const beginWow: DatasetConverter = {
  id: "begin-wow",
  labels: { kind: "binary", negative: "unfaithful" },
  metric: "faithfulness",
  convert(dir) {
    const out: LabelledRecord[] = [];
    for (const file of files) {
      readTable(dir, file, "\t").forEach((row, i) => {
        const label = row.begin_label;
        if (label === "Generic") return;
        if (label !== "Fully attributable" && label !== "Not fully attributable") {
          throw new InvalidInputError(`unknown begin_label "${String(label)}"`, {
            file,
            row: i,
            field: "begin_label",
          });
        }
        out.push({
          id: `${file.replace(/\.tsv$/, "")}-${i}`,
          user_input: row.message ?? "",
          response: row.response ?? "",
          retrieved_contexts: [row.knowledge ?? ""],
          human_label: label === "Fully attributable" ? 1 : 0,
          group: row.model_name ?? "",
        });
      });
    }
    return out;
  },
};
