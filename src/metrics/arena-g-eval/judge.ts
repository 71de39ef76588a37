import type { Llm } from "../../llm/types.js";
import type { PromptTemplate } from "../../prompts/types.js";
import { askJudgeForVerdicts, WRITTEN_VERDICTS } from "../shared/judge/choice-verdicts.js";
import type { JudgeSettings, JudgeUsage } from "../shared/judge/judge.js";
import { type ArenaAnswer, type ArenaInput, type ArenaVerdict, SHOWN_KEYS, verdictSlot } from "./prompt.js";
import type { OrderedVerdict } from "./score.js";

/** One ordering's judgement: the verdict by candidate, with the judge's reason when it gave one. */
export interface ArenaJudgement extends OrderedVerdict {
  reason?: string;
}

/**
 * Judges one ordering of a pair in one grammar-constrained call: the row's fields, then `shown[0]`'s text as
 * response_A and `shown[1]`'s as response_B. When the judge reads verdict probabilities (`Llm.readsChoiceSlots`), the
 * distribution at the verdict slot is read in the same call and mapped back to the candidates.
 */
export async function judgeOrdering(
  llm: Llm,
  template: PromptTemplate<ArenaInput, ArenaAnswer>,
  fields: ArenaInput,
  texts: Readonly<Record<string, string>>,
  shown: readonly [string, string],
  settings: JudgeSettings,
  usage: JudgeUsage,
  signal: AbortSignal | undefined,
): Promise<ArenaJudgement> {
  const input: ArenaInput = {
    ...fields,
    [SHOWN_KEYS[0]]: texts[shown[0]]!,
    [SHOWN_KEYS[1]]: texts[shown[1]]!,
  };
  const reading =
    llm.readsChoiceSlots === true ? { ...WRITTEN_VERDICTS, confidence: true } : WRITTEN_VERDICTS;
  const { value, reads } = await askJudgeForVerdicts(
    { llm, template, input, settings, usage, signal },
    verdictSlot,
    reading,
    (answer) => [answer.verdict],
  );
  const byCandidate = (verdict: ArenaVerdict): string | null =>
    verdict === "A" ? shown[0] : verdict === "B" ? shown[1] : null;
  const read = reads?.[0]?.probabilities;
  return {
    shown,
    winner: byCandidate(value.verdict),
    ...(read !== undefined
      ? {
          probabilities: {
            [shown[0]]: read['"A"'] ?? 0,
            [shown[1]]: read['"B"'] ?? 0,
            tie: read['"tie"'] ?? 0,
          },
        }
      : {}),
    ...(value.reason !== undefined ? { reason: value.reason } : {}),
  };
}
