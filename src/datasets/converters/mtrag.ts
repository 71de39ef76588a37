import { InvalidInputError } from "../../errors.js";
import { readJson } from "./read.js";
import type { DatasetConverter, LabelledRecord } from "./types.js";

const file = "reference_subset_with_human_evaluations.json";

interface Turn {
  speaker: string;
  text: string;
}
interface Task {
  task_id: string;
  input: Turn[];
  contexts: { document_id: string }[];
}
interface Evaluation {
  task_id: string;
  model_id: string;
  model_response: string;
  annotations: Record<string, Record<string, { value?: unknown }>>;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * MTRAG human evaluation subset: the median of 2-3 raters' faithfulness (1 No .. 4 Yes) of each
 * answer, with the task's passages as contexts and its last user turn as the question (earlier turns
 * are prefixed as conversation history). Tasks without passages are left out (their right answer is
 * "I don't know", which Ragas-style faithfulness does not score). Grouped by task.
 */
export const mtrag: DatasetConverter = {
  id: "mtrag-human-eval",
  labels: { kind: "graded", min: 1, max: 4 },
  metric: "faithfulness",
  convert(dir) {
    const data = readJson(dir, file) as {
      documents: { document_id: string; text: string }[];
      tasks: Task[];
      evaluations: Evaluation[];
    };
    const documents = new Map(data.documents.map((d) => [d.document_id, d.text]));
    const tasks = new Map(data.tasks.map((t) => [t.task_id, t]));
    const out: LabelledRecord[] = [];
    data.evaluations.forEach((evaluation, row) => {
      const task = tasks.get(evaluation.task_id);
      if (task === undefined) {
        throw new InvalidInputError(`evaluation names task ${evaluation.task_id}, which is not in tasks`, {
          file,
          row,
          field: "task_id",
        });
      }
      if (task.contexts.length === 0) return;
      const votes = Object.values(evaluation.annotations.faithfulness ?? {})
        .map((a) => Number(a.value))
        .filter((v) => Number.isFinite(v));
      if (votes.length === 0) {
        throw new InvalidInputError("answer has no human faithfulness rating", {
          file,
          row,
          field: "annotations",
        });
      }
      const turns = task.input;
      const last = turns[turns.length - 1];
      const history = turns
        .slice(0, -1)
        .map((t) => `${t.speaker}: ${t.text}`)
        .join("\n");
      out.push({
        id: `${evaluation.task_id}/${evaluation.model_id}`,
        user_input: history === "" ? (last?.text ?? "") : `${history}\nuser: ${last?.text ?? ""}`,
        response: evaluation.model_response,
        retrieved_contexts: task.contexts.map((c) => documents.get(c.document_id) ?? ""),
        human_score: median(votes),
        group: evaluation.task_id,
      });
    });
    return out;
  },
};
