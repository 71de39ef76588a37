// G-Eval's per-row judge call, shared by g_eval and conversational_g_eval: a reason and a score followed by the
// judge's probabilities for every allowed score at the score slot (the steps come from ../evaluation-steps.ts).
import type { Llm } from "../../../../llm/types.js";
import { renderPrompt } from "../../../../prompts/render.js";
import type { PromptTemplate } from "../../../../prompts/types.js";
import { type Scale, scaleValues } from "../custom-judge.js";
import { askJudge, type JudgeSettings, type JudgeUsage, newUsage } from "../judge.js";
import type { GEvalAnswer } from "./answer.js";
import { scoreSlotPrefix, weightedScore } from "./weighting.js";

/** One row's G-Eval judgement. */
export interface GEvalJudgement {
  /** The judge's reason; undefined when the prompt asked for none (`reasons: false`). */
  reason: string | undefined;
  /** The score the judge wrote (greedy, or sampled at the metric's temperature). */
  greedyScore: number;
  /** The probability-weighted score; undefined when the judge has no `scoreChoices`. */
  weightedScore: number | undefined;
  /** Each allowed score's probability at the score slot, when read. */
  probabilities: Record<string, number> | undefined;
  /** The probability mass the model put on the allowed scores before normalising, when read. */
  mass: number | undefined;
  usage: JudgeUsage;
}

/**
 * Asks the judge for a reason and a score, then (when the judge offers `scoreChoices`) reads its probabilities
 * for every allowed score at the answer's score slot, after its own reason, and weights the scores by them.
 */
export async function judgeGEval<I>(
  llm: Llm,
  template: PromptTemplate<I, GEvalAnswer>,
  input: I,
  scale: Scale,
  settings: JudgeSettings,
  signal: AbortSignal | undefined,
): Promise<GEvalJudgement> {
  const usage = newUsage();
  const answer = await askJudge(llm, template, input, settings, usage, signal);
  const base = { reason: answer.reason, greedyScore: answer.score, usage };
  if (llm.scoreChoices === undefined) {
    return { ...base, weightedScore: undefined, probabilities: undefined, mass: undefined };
  }
  const read = await llm.scoreChoices(
    renderPrompt(template, input),
    { prefix: scoreSlotPrefix(answer.reason), choices: scaleValues(scale).map(String), suffix: "}" },
    signal !== undefined ? { signal } : {},
  );
  usage.calls += 1;
  usage.promptTokens += read.usage.promptTokens;
  usage.completionTokens += read.usage.completionTokens;
  return {
    ...base,
    weightedScore: weightedScore(read.probabilities),
    probabilities: read.probabilities,
    mass: read.mass,
  };
}
