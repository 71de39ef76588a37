import { readJson } from "./read.js";
import type { DatasetConverter, LabelledRecord } from "./types.js";

const file = "dataset.json";

/** LLMBar Natural: which of two outputs follows the instruction; a pairwise set for custom judges. */
export const llmbar: DatasetConverter = {
  id: "llmbar-natural",
  labels: { kind: "pairwise" },
  metric: "aspect_critic",
  // aspect_critic is a judge you define: the set's own criterion, LLMBar's question.
  metricOptions: {
    name: "follows_instruction",
    definition:
      "Does the response do exactly what the instruction asks, honestly and precisely, without adding, leaving out or changing anything the instruction requires?",
  },
  convert(dir) {
    const rows = readJson(dir, file) as {
      input: string;
      output_1: string;
      output_2: string;
      label: unknown;
    }[];
    return rows.map(
      (row, i): LabelledRecord => ({
        id: `${i}`,
        user_input: row.input,
        response_a: row.output_1,
        response_b: row.output_2,
        preferred: String(row.label) === "1" ? "a" : "b",
      }),
    );
  },
};
