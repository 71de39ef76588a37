// The grading steps whose answer promptfoo parses as JSON or a letter: llm-rubric (and trajectory:goal-success,
// which shares its parser), factuality, model-graded-closedqa, g-eval (steps, then the score) and select-best.
import { z } from "zod";
import { graderText, graderTextList, type ShapeFor, stringVar } from "./answer-shape.js";

/** The scores an llm-rubric answer may give, as promptfoo's examples write them (0.0, 1.0) with steps between. */
const RUBRIC_SCORES = [0, 0.25, 0.5, 0.75, 1] as const;

const json = (answer: unknown) => JSON.stringify(answer);

/** llm-rubric: `{reason, pass, score}`, the JSON object promptfoo's rubric prompt asks for. */
const rubric: ShapeFor = () => ({
  schema: z.object({ reason: graderText("reason"), pass: z.boolean(), score: z.literal(RUBRIC_SCORES) }),
  note: `Answer with the JSON object {"reason": string, "pass": boolean, "score": one of ${RUBRIC_SCORES.join(", ")}}.`,
  render: json,
});

/** factuality: `{category, reason}` with the category one letter A to E. */
const factuality: ShapeFor = () => ({
  schema: z.object({ category: z.enum(["A", "B", "C", "D", "E"]), reason: graderText("reason") }),
  note: 'Answer with the JSON object {"category": "A", "B", "C", "D" or "E", "reason": string}.',
  render: json,
});

/** model-graded-closedqa: the reasoning, then Y or N on its own line, repeated on the next, as its prompt asks. */
const closedQa: ShapeFor = () => ({
  schema: z.object({ reasoning: graderText("reason"), answer: z.enum(["Y", "N"]) }),
  note: 'Answer with the JSON object {"reasoning": string, "answer": "Y" or "N"}.',
  render: (answer) => {
    const { reasoning, answer: letter } = answer as { reasoning: string; answer: string };
    return `${reasoning.trim()}\n${letter}\n${letter}`;
  },
});

/** g-eval's first step: 3 or 4 evaluation steps, `{"steps": [...]}` on one line. */
const gEvalSteps: ShapeFor = () => ({
  schema: z.object({ steps: graderTextList("step").min(3).max(4) }),
  note: 'Answer with the JSON object {"steps": [3 or 4 strings]}.',
  render: (answer) => json({ steps: (answer as { steps: string[] }).steps.map((s) => s.trim()) }),
});

/** g-eval's score: an integer from 0 to the prompt's maxScore, then the reason. */
const gEval: ShapeFor = (vars, label) => {
  const maxScore = Number(stringVar(vars, "maxScore", label));
  const scores = Array.from({ length: Math.max(1, Math.floor(maxScore)) + 1 }, (_, i) => i);
  return {
    schema: z.object({ score: z.literal(scores as [number, ...number[]]), reason: graderText("reason") }),
    note: `Answer with the JSON object {"score": an integer from 0 to ${scores.length - 1}, "reason": string}.`,
    render: json,
  };
};

/** select-best: the index of the best output, a single integer. */
const selectBest: ShapeFor = (vars) => {
  const count = Array.isArray(vars.outputs) ? vars.outputs.length : 0;
  const indices = Array.from({ length: Math.max(2, count) }, (_, i) => i);
  return {
    schema: z.object({ index: z.literal(indices as [number, ...number[]]) }),
    note: `Answer with the JSON object {"index": an integer from 0 to ${indices.length - 1}}.`,
    render: (answer) => String((answer as { index: number }).index),
  };
};

/** The JSON and letter shapes, by promptfoo's grading step label. */
export const jsonAnswerShapes: Readonly<Record<string, ShapeFor>> = {
  "llm-rubric": rubric,
  "trajectory:goal-success": rubric,
  factuality,
  "model-graded-closedqa": closedQa,
  "g-eval-steps": gEvalSteps,
  "g-eval": gEval,
  "select-best": selectBest,
};
