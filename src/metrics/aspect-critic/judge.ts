import type { Llm } from "../../llm/types.js";
import type { PromptTemplate } from "../../prompts/types.js";
import {
  askJudgeForVerdicts,
  readFields,
  type VerdictReading,
  WRITTEN_VERDICTS,
} from "../shared/judge/choice-verdicts.js";
import { type JudgeSettings, type JudgeUsage, newUsage } from "../shared/judge/judge.js";
import type { AspectInput, AspectVerdict } from "./prompt.js";
import { majorityVerdict } from "./score.js";

/** One vote: the verdict, the judge's reason, the seed it was sampled with, and its read probabilities. */
export interface AspectVote extends AspectVerdict {
  seed: number;
  /** The written verdict's probability among 0 and 1 (`confidence` or scoring "expected"). */
  confidence?: number;
  /** The probability of 1 (scoring "expected"). */
  weight?: number;
}

/** Every vote of one row, the majority, and the cost. */
export interface AspectJudgement {
  verdict: 0 | 1;
  votes: AspectVote[];
  usage: JudgeUsage;
}

/**
 * Asks the judge once per seed (all calls are made, unlike Ragas 0.4, which makes one whatever the strictness),
 * then takes the majority verdict. `reading` says whether each vote's verdict probability is read.
 */
export async function judgeAspect(
  llm: Llm,
  template: PromptTemplate<AspectInput, AspectVerdict>,
  input: AspectInput,
  settings: JudgeSettings,
  seeds: readonly number[],
  signal: AbortSignal | undefined,
  reading: VerdictReading = WRITTEN_VERDICTS,
): Promise<AspectJudgement> {
  const usage = newUsage();
  const votes = await Promise.all(
    seeds.map(async (seed): Promise<AspectVote> => {
      const { value, reads } = await askJudgeForVerdicts(
        { llm, template, input, settings: { ...settings, seed }, usage, signal },
        { key: "verdict", values: ["0", "1"] },
        reading,
        (answer) => [answer.verdict],
      );
      return {
        seed,
        ...(value.reason !== undefined ? { reason: value.reason } : {}),
        verdict: value.verdict,
        ...readFields(reads?.[0], reading),
      };
    }),
  );
  return { verdict: majorityVerdict(votes.map((v) => v.verdict)), votes, usage };
}
