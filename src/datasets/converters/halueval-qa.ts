import { readJsonLines, text } from "./read.js";
import type { DatasetConverter, LabelledRecord } from "./types.js";

const file = "qa_one-turn_data.json";

/** HaluEval QA one-turn sample: each item gives its gold answer (label 1) and its hallucinated one (label 0). */
export const haluevalQa: DatasetConverter = {
  id: "halueval-qa-sample",
  labels: { kind: "binary", negative: "unfaithful" },
  metric: "faithfulness",
  convert(dir) {
    return readJsonLines(dir, file).flatMap((item, row): LabelledRecord[] => {
      const where = { file, row };
      const base = {
        user_input: text(item, "question", where),
        retrieved_contexts: [text(item, "knowledge", where)],
        group: `item-${row}`,
      };
      return [
        { id: `${row}-right`, ...base, response: text(item, "right_answer", where), human_label: 1 },
        {
          id: `${row}-hallucinated`,
          ...base,
          response: text(item, "hallucinated_answer", where),
          human_label: 0,
        },
      ];
    });
  },
};
