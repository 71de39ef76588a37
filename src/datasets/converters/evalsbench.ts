import { readTable } from "./read.js";
import type { DatasetConverter, LabelledRecord } from "./types.js";

const file = "benchmark_df.csv";

/**
 * EvalsBench: pass/fail grading of an answer against expert grading notes (the notes become the
 * reference). Each question has one complete (pass) and one degraded (fail) answer; grouped by question.
 */
export const evalsbench: DatasetConverter = {
  id: "evalsbench",
  labels: { kind: "binary", negative: "failing" },
  metric: "rubrics_score",
  // The grading notes are the reference: the rubric must show them to the judge. Scores are 1-5 against pass/fail
  // labels, so calibrate's verdict threshold is the rubric's midpoint (3) unless --threshold says otherwise.
  metricOptions: { withReference: true },
  convert(dir) {
    return readTable(dir, file, ",").map(
      (row, i): LabelledRecord => ({
        id: `${i}`,
        user_input: row.question ?? "",
        response: row.response ?? "",
        reference: row.grading_notes ?? "",
        human_label: row.target === "pass" ? 1 : 0,
        group: row.question ?? "",
      }),
    );
  },
};
