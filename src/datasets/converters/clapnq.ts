import { readJsonLines } from "./read.js";
import type { DatasetConverter, LabelledRecord } from "./types.js";

const files = [
  { file: "clapnq_dev_answerable.jsonl", label: 1 as const },
  { file: "clapnq_dev_unanswerable.jsonl", label: 0 as const },
];

/**
 * ClapNQ dev: a question with one Wikipedia passage; passages of answerable questions are relevant
 * (1), passages from the same page for unanswerable questions are not (0). Calibrates context relevance.
 */
export const clapnq: DatasetConverter = {
  id: "clapnq-dev",
  labels: { kind: "binary", negative: "irrelevant" },
  metric: "context_relevance",
  convert(dir) {
    return files.flatMap(({ file, label }) =>
      readJsonLines(dir, file).map((row): LabelledRecord => {
        const passages = row.passages as { text: string }[];
        return {
          id: String(row.id),
          user_input: String(row.input),
          retrieved_contexts: [passages[0]?.text ?? ""],
          human_label: label,
        };
      }),
    );
  },
};
