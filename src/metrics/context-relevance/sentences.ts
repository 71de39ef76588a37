// Context relevance with `prefill: true`: the statements are the contexts' sentences, known before the call, so the
// judge's answer is written from a plan (the JSON structure and each sentence copied exactly, fed in batches) and the
// judge only scores each sentence; its scores are read from its next-token distribution at each `"score":`.
import type { AnswerPart } from "../../llm/types.js";
import { sentenceSpans } from "../shared/split.js";
import { verdictListPlan } from "../shared/verdict-plan.js";

/** The score slot of a statement in the context relevance answer. */
export const SCORE_SLOT = { key: "score", values: ["0", "1"] } as const;

/**
 * The sentences of the contexts, in order, each trimmed (Intl.Segmenter's English sentence rules, as the splitting
 * of long inputs uses); blank ones are dropped.
 *
 * @example
 * contextSentences(["Rome is in Italy. It is old.", "Paris is in France."]);
 * // ["Rome is in Italy.", "It is old.", "Paris is in France."]
 */
export function contextSentences(contexts: readonly string[]): string[] {
  return contexts.flatMap((context) =>
    sentenceSpans(context)
      .map((s) => context.slice(s.start, s.end).trim())
      .filter((s) => s !== ""),
  );
}

/**
 * The answer plan of the statements prompt over known sentences:
 * `{"statements":[{"statement":"<sentence>","score":<0|1>},…]}`, compact, a score read per sentence.
 */
export function sentenceScorePlan(sentences: readonly string[]): AnswerPart[] {
  return verdictListPlan(
    {
      listKey: "statements",
      textKey: "statement",
      reasonKey: undefined,
      choiceKey: SCORE_SLOT.key,
      values: SCORE_SLOT.values,
    },
    sentences,
  );
}
