import { readJsonLines } from "./read.js";
import type { DatasetConverter, LabelledRecord } from "./types.js";

const file = "general_data.json";

/**
 * HaluEval general: ChatGPT answers to Alpaca queries with a human hallucination label; 1 means not
 * hallucinated. There is no context, so it suits a context-free judge (e.g. an aspect critic), not
 * RAG faithfulness.
 */
export const haluevalGeneral: DatasetConverter = {
  id: "halueval-general",
  labels: { kind: "binary", negative: "hallucinated" },
  metric: "aspect_critic",
  // aspect_critic is a judge you define: the set's own question, whether the response is free of hallucination.
  metricOptions: {
    name: "not_hallucinated",
    definition: "Is everything the response states true, with no made-up facts, names, numbers or events?",
  },
  convert(dir) {
    // Ids repeat in the file (one id appears twice), so the line position is the row id.
    return readJsonLines(dir, file).map(
      (row, i): LabelledRecord => ({
        id: `${i}`,
        user_input: String(row.user_query),
        response: String(row.chatgpt_response),
        human_label: row.hallucination === "no" ? 1 : 0,
      }),
    );
  },
};
