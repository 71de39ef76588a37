import type { Llm } from "../../llm/types.js";
import type { PromptTemplate } from "../../prompts/types.js";
import { askJudge, type JudgeSettings, type JudgeUsage, newUsage } from "../shared/judge.js";
import type { AspectInput, AspectVerdict } from "./prompt.js";
import { majorityVerdict } from "./score.js";

/** One vote: the verdict, the judge's reason, and the seed it was sampled with. */
export interface AspectVote extends AspectVerdict {
  seed: number;
}

/** Every vote of one row, the majority, and the cost. */
export interface AspectJudgement {
  verdict: 0 | 1;
  votes: AspectVote[];
  usage: JudgeUsage;
}

/**
 * Asks the judge once per seed (all calls are made, unlike Ragas 0.4, which makes one whatever the strictness),
 * then takes the majority verdict.
 */
export async function judgeAspect(
  llm: Llm,
  template: PromptTemplate<AspectInput, AspectVerdict>,
  input: AspectInput,
  settings: JudgeSettings,
  seeds: readonly number[],
  signal: AbortSignal | undefined,
): Promise<AspectJudgement> {
  const usage = newUsage();
  const votes = await Promise.all(
    seeds.map(async (seed): Promise<AspectVote> => {
      const answer = await askJudge(llm, template, input, { ...settings, seed }, usage, signal);
      return { seed, reason: answer.reason, verdict: answer.verdict };
    }),
  );
  return { verdict: majorityVerdict(votes.map((v) => v.verdict)), votes, usage };
}
