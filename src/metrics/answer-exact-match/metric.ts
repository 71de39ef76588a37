// Haystack `AnswerExactMatchEvaluator` as a Ragas-style metric. Files: ../exact-match/score.ts (the
// formula, shared with Ragas `ExactMatch`), metric.ts (this class), evaluator.ts (Haystack style),
// descriptor.ts (catalog entry). No judge.
import { ExactMatch } from "../exact-match/metric.js";

/**
 * Haystack's answer exact match for one sample (`answer_exact_match`): the same formula as Ragas'
 * `exact_match`, under Haystack's name.
 *
 * @example
 * const { value } = await new AnswerExactMatch().score({ response: "Berlin", reference: "Berlin" }); // 1
 */
export class AnswerExactMatch extends ExactMatch {
  override readonly name: string = "answer_exact_match";
}
