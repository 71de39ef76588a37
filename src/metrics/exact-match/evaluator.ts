import { requireString } from "../../sample/validate.js";
import { requireRowCount } from "../shared/base/document-evaluator.js";
import type {
  Evaluator,
  EvaluatorInputs,
  EvaluatorOutput,
  RowOutcome,
} from "../shared/base/evaluator-runner.js";
import { toOutput } from "../shared/base/evaluator-runner.js";
import { exactMatch } from "./score.js";

/** One row of `AnswerExactMatchEvaluator` output. */
export interface AnswerExactMatchRowResult extends RowOutcome {
  /** 1 when the predicted answer equals the ground-truth answer, else 0. */
  score: number;
}

/**
 * Haystack's `AnswerExactMatchEvaluator`: per row 1 when the predicted answer equals the ground-truth
 * answer exactly, else 0; `score` is the share of matches. Lists of different lengths, or no rows,
 * throw `InvalidInputError`.
 *
 * @example
 * const { score, individualScores } = await new AnswerExactMatchEvaluator().run({
 *   groundTruthAnswers: ["Berlin", "Paris"],
 *   predictedAnswers: ["Berlin", "Lyon"],
 * }); // score 0.5, individualScores [1, 0]
 */
export class AnswerExactMatchEvaluator implements Evaluator<AnswerExactMatchRowResult> {
  readonly inputNames = ["groundTruthAnswers", "predictedAnswers"] as const;

  /** Checks both lists (same non-zero length, strings only) without scoring. */
  validateInputs(inputs: EvaluatorInputs): void {
    this.pairs(inputs);
  }

  /** Scores every row. */
  async run(inputs: EvaluatorInputs): Promise<EvaluatorOutput<AnswerExactMatchRowResult>> {
    const { truths, predictions } = this.pairs(inputs);
    const results = truths.map(
      (truth, row): AnswerExactMatchRowResult => ({
        score: exactMatch(truth, predictions[row]!),
        status: "ok",
        promptVersions: {},
      }),
    );
    return toOutput(results, 0);
  }

  private pairs(inputs: EvaluatorInputs): { truths: string[]; predictions: string[] } {
    const rows = requireRowCount(
      { groundTruthAnswers: inputs.groundTruthAnswers, predictedAnswers: inputs.predictedAnswers },
      "AnswerExactMatchEvaluator",
    );
    const truths: string[] = [];
    const predictions: string[] = [];
    for (let row = 0; row < rows; row++) {
      truths.push(requireString(inputs.groundTruthAnswers![row], { field: "groundTruthAnswers", row }));
      predictions.push(requireString(inputs.predictedAnswers![row], { field: "predictedAnswers", row }));
    }
    return { truths, predictions };
  }
}
