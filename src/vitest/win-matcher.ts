// toWinAgainst: the received sample's response against another response, judged head to head (arena_g_eval, each
// order judged once, so the judge's position bias cancels out).
import { InvalidInputError } from "../errors.js";
import type { Llm } from "../llm/types.js";
import { ArenaGEval } from "../metrics/arena-g-eval/metric.js";
import type { Sample } from "../metrics/types.js";
import type { ScoreExpectation } from "../testing/expectation.js";

/** Options of `toWinAgainst`. */
export interface WinExpectation extends ScoreExpectation {
  /** The judge. Required. */
  llm: Llm;
  /** What makes one response better than the other, in words. Required. */
  criteria: string;
  /** Evaluation steps to use instead of asking the judge for them. Defaults to steps the judge writes. */
  evaluationSteps?: string[];
  /** Seed of which response is shown first in the first call. Defaults to 0. */
  seed?: number;
  /**
   * The least win share that passes (wins plus half the ties, over both orders). Defaults to 0.75: the received
   * response wins in both orders, or in one with a tie in the other.
   */
  atLeast?: number;
}

/** The names the two responses have in the result's details. */
export const WIN_NAMES = { received: "response", other: "other" } as const;

/**
 * The metric, sample and bar of a `toWinAgainst` assertion: the received sample's fields (its `userInput`, ...) with
 * its `response` and `other` as the two candidates, the received one first (its win share is the value).
 */
export function winAssertion(
  received: unknown,
  other: unknown,
  options: WinExpectation,
): { metric: ArenaGEval; sample: Sample; expectation: ScoreExpectation } {
  const given = received as Sample | null;
  if (given === null || typeof given !== "object" || typeof given.response !== "string") {
    throw new InvalidInputError(
      "toWinAgainst: expect(...) takes a sample with the response to judge, e.g. expect({ userInput, response }).toWinAgainst(otherResponse, { llm, criteria })",
    );
  }
  const rival = typeof other === "string" ? other : (other as Sample | null)?.response;
  if (typeof rival !== "string") {
    throw new InvalidInputError(
      "toWinAgainst: the response to beat must be a text, or a sample with a response",
    );
  }
  const { llm, criteria, evaluationSteps, seed, atLeast, ...rest } = options;
  const { response, ...fields } = given;
  const metric = new ArenaGEval({
    llm,
    criteria,
    ...(evaluationSteps !== undefined ? { evaluationSteps } : {}),
    ...(seed !== undefined ? { seed } : {}),
  });
  return {
    metric,
    sample: { ...fields, candidates: { [WIN_NAMES.received]: response, [WIN_NAMES.other]: rival } },
    expectation: { ...rest, atLeast: atLeast ?? 0.75 },
  };
}
