// promptfoo's RAG grading steps (its Ragas-derived prompts), answered in the plain-text forms its parsers read.
// Where the items are known (the statements of context-faithfulness, the sentences of context-recall's expected
// answer, the units of context-relevance's context), the answer is a verdict list written from a plan: the items
// are written for the judge, which writes only each verdict, so every item gets exactly one.
import { z } from "zod";
import { sentenceSpans } from "../metrics/shared/judge/split.js";
import { verdictListPlan } from "../metrics/shared/judge/verdict-plan.js";
import {
  type AnswerShape,
  graderText,
  graderTextList,
  nonEmptyItems,
  oneLine,
  type ShapeFor,
  stringVar,
} from "./answer-shape.js";

/** Most statements the judge may write for context-faithfulness' first step. */
const MAX_STATEMENTS = 16;

/** The keys of a verdict list answer: `{"<list>":[{"<text>":item,"<choice>":value},…]}`. */
interface VerdictKeys {
  list: string;
  text: string;
  choice: string;
}

/**
 * The shape of a verdict list over `items` (one per `each`, in order), written from a plan: the items are written for
 * the judge, which writes only each verdict (one of `values`); `render` gets the items and their verdicts.
 */
function verdictShape(
  items: readonly string[],
  keys: VerdictKeys,
  values: readonly [string, string],
  each: string,
  render: (items: readonly string[], verdicts: readonly string[]) => string,
): AnswerShape {
  const item = z.object({ [keys.text]: z.string(), [keys.choice]: z.enum(values) });
  return {
    schema: z.object({ [keys.list]: z.array(item).length(items.length) }),
    plan: verdictListPlan(
      {
        listKey: keys.list,
        textKey: keys.text,
        reason: undefined,
        choiceKey: keys.choice,
        values: values.map((v) => JSON.stringify(v)),
      },
      items,
    ),
    note: `Answer with the JSON object {"${keys.list}": [{"${keys.text}": string, "${keys.choice}": "${values[0]}" or "${values[1]}"}, one per ${each}, in order]}.`,
    render: (answer) => {
      const list = (answer as Record<string, Array<Record<string, string>>>)[keys.list] ?? [];
      return render(
        items,
        list.map((i) => i[keys.choice] ?? ""),
      );
    },
  };
}

/**
 * The units promptfoo's context-relevance counts: the context's non-empty lines when it has two or more (a list of
 * chunks is joined with blank lines), else its sentences split after `.`, `!` or `?`.
 */
export function contextUnits(context: string): string[] {
  const lines = context.split("\n").filter((line) => line.trim() !== "");
  const units = lines.length > 1 ? lines : context.split(/(?<=[.!?])\s+/);
  return units.map((u) => u.trim()).filter((u) => u !== "" && !/^\d+[.)]$/.test(u));
}

/** context-faithfulness, first step: the answer's statements, one per line. */
const statements: ShapeFor = () => ({
  schema: z.object({ statements: graderTextList("statement").min(1).max(MAX_STATEMENTS) }),
  note: `Answer with the JSON object {"statements": [1 to ${MAX_STATEMENTS} strings]}, each statement self-contained.`,
  render: (answer) =>
    (answer as { statements: string[] }).statements
      .map(oneLine)
      .filter((s) => s !== "")
      .join("\n"),
});

/** context-faithfulness, second step: a Yes/No verdict per statement, then promptfoo's final-verdict line. */
const statementVerdicts: ShapeFor = (vars, label) => {
  const given = Array.isArray(vars.statements)
    ? vars.statements.map(String)
    : [stringVar(vars, "statements", label)];
  const keys = { list: "verdicts", text: "statement", choice: "verdict" };
  return verdictShape(
    nonEmptyItems(given, "statements", label),
    keys,
    ["Yes", "No"],
    "statement",
    (items, verdicts) =>
      [
        ...items.map((s, i) => `${i + 1}. ${s}\nVerdict: ${verdicts[i]}.`),
        `Final verdict for each statement in order: ${verdicts.map((v) => `${v}.`).join(" ")}`,
      ].join("\n"),
  );
};

/** context-recall: each sentence of the expected answer, `[Attributed]` or `[Not Attributed]` to the context. */
const recall: ShapeFor = (vars, label) => {
  const groundTruth = stringVar(vars, "groundTruth", label);
  const sentences = sentenceSpans(groundTruth).map((s) => groundTruth.slice(s.start, s.end));
  const keys = { list: "sentences", text: "sentence", choice: "attributed" };
  return verdictShape(
    nonEmptyItems(sentences, "groundTruth", label),
    keys,
    ["yes", "no"],
    "sentence of the answer",
    (items, verdicts) =>
      items
        .map((s, i) => `${i + 1}. ${s} So ${verdicts[i] === "yes" ? "[Attributed]" : "[Not Attributed]"}`)
        .join("\n"),
  );
};

/** context-relevance: the context's relevant units quoted one per line, or "Insufficient Information". */
const relevance: ShapeFor = (vars, label) => {
  const units = nonEmptyItems(contextUnits(stringVar(vars, "context", label)), "context", label);
  const keys = { list: "sentences", text: "sentence", choice: "relevant" };
  return verdictShape(units, keys, ["yes", "no"], "sentence of the context", (items, verdicts) => {
    const relevant = items.filter((_, i) => verdicts[i] === "yes");
    return relevant.length > 0 ? relevant.join("\n") : "Insufficient Information";
  });
};

/** answer-relevance: one question the answer answers. */
const question: ShapeFor = () => ({
  schema: z.object({ question: graderText("question") }),
  note: 'Answer with the JSON object {"question": string}.',
  render: (answer) => oneLine((answer as { question: string }).question),
});

/** The RAG shapes, by promptfoo's grading step label. */
export const ragAnswerShapes: Readonly<Record<string, ShapeFor>> = {
  "context-faithfulness-longform": statements,
  "context-faithfulness-nli": statementVerdicts,
  "context-recall": recall,
  "context-relevance": relevance,
  "answer-relevance": question,
};
