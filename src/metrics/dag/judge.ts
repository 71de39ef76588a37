// DAGMetric's judge calls: one grammar-constrained call per node on the path (every branch with scoring
// "expected"), made by the shared walk (shared/judge/dag/calls.ts, walk.ts); this file renders what a node shows
// the judge from a single-turn sample, as DeepEval's nodes render their evaluation params.
import { pythonStringRepr } from "../../sample/python-value.js";
import type { JudgeInputField } from "../shared/judge/custom-judge.js";
import { judgeInputNames } from "../shared/judge/custom-judge.js";

/** DeepEval's name of each sample field in a node's text (`G_EVAL_PARAMS`); other fields go by their column name. */
const deepEvalNames: Readonly<Partial<Record<JudgeInputField, string>>> = {
  userInput: "Input",
  response: "Actual Output",
  reference: "Expected Output",
  retrievedContexts: "Retrieval Context",
  referenceContexts: "Context",
};

/** A field's value as DeepEval prints it: a text as is, a list of texts as Python's list repr. */
function fieldValue(value: string | readonly string[]): string {
  return typeof value === "string" ? value : `[${value.map(pythonStringRepr).join(", ")}]`;
}

/**
 * A node's fields as its judge reads them: `<name>:\n<value>\n` for each, in the node's order; `values` are
 * keyed by Ragas column name (`readJudgeInputs`).
 *
 * @example
 * renderFields(["response"], { response: "Paris." }); // "Actual Output:\nParis.\n"
 */
export function renderFields(
  fields: readonly JudgeInputField[],
  values: Readonly<Record<string, string | readonly string[]>>,
): string {
  return fields
    .map(
      (f) => `${deepEvalNames[f] ?? judgeInputNames[f]}:\n${fieldValue(values[judgeInputNames[f]] ?? "")}\n`,
    )
    .join("");
}
