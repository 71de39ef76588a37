import { z } from "zod";
import type { Embeddings } from "../../embeddings/types.js";
import type { Llm } from "../../llm/types.js";
import { choiceOptionsShape, type Scoring } from "../shared/judge/choice-verdicts.js";
import { judgeSettingsShape } from "../shared/judge/options.js";
import { prefillOption } from "../shared/judge/verdict-plan.js";
import { type NoncommittalMode, noncommittalModes } from "./score.js";

/** The options of `AnswerRelevancy` other than the models, with their defaults. */
export const answerRelevancyOptionsSchema = z.object({
  strictness: z
    .number()
    .int()
    .min(1)
    .max(10)
    .default(3)
    .describe("Questions the judge writes per sample (Ragas strictness), 1 to 10."),
  noncommittalMode: z
    .enum(noncommittalModes)
    .default("all")
    .describe(
      '"all": score 0 when every question is flagged noncommittal (current Ragas); "any": when one is.',
    ),
  ...judgeSettingsShape,
  ...choiceOptionsShape,
  prefill: prefillOption.describe(
    "Write the answer's JSON structure for the judge and feed it in batches; the judge writes only the questions, and each noncommittal flag is written greedily under the grammar of 0 and 1 (needs a judge that follows answer plans, temperature 0).",
  ),
});

/** Options of `AnswerRelevancy`. */
export interface AnswerRelevancyOptions {
  /** Judge that writes the questions. Required: there is no default. */
  llm: Llm;
  /** Embedding model for the user input and the generated questions. Required: there is no default. */
  embeddings: Embeddings;
  /** Number of questions the judge writes per sample (Ragas `strictness`), 1 to 10. Defaults to 3. */
  strictness?: number;
  /** `"all"`: score 0 only when every question is flagged noncommittal (current Ragas); `"any"`: when one is (older Ragas). Defaults to "all". */
  noncommittalMode?: NoncommittalMode;
  /** Judge temperature; 0 is greedy decoding, which makes scores repeat exactly. Defaults to 0. */
  temperature?: number;
  /** Token budget of the judge's answer. Defaults to the Llm's own default. */
  maxTokens?: number;
  /**
   * How the noncommittal flags count: `"argmax"` (the most probable of 0 and 1, which is what greedy decoding under
   * the grammar writes; `"greedy"` is another name for it) or `"expected"` (the value is the mean similarity times
   * the probability that the response is not noncommittal, `expectedAnswerRelevancy` in score.ts). expected needs a
   * judge that reads token probabilities. Defaults to "argmax".
   */
  scoring?: Scoring | "greedy";
  /**
   * Record each noncommittal flag's probability as `confidence` in the details (read in the forward pass that
   * writes the flag). Needs a judge that reads token probabilities. Defaults to false.
   */
  confidence?: boolean;
  /**
   * Jump-forward: the answer has exactly `strictness` questions, so its JSON structure
   * (`{"questions":[{"question":…,"noncommittal":…},…]}`) is known; it is written for the judge, compact, and fed in
   * batches, the judge writes only the question texts, and each noncommittal flag is the most probable of 0 and 1 at
   * its position (its distribution read only for `confidence` or `"expected"`). The questions are the judge's own, as
   * without it; the layout around them is fixed, so a question or flag can differ where a free judge would have laid
   * out its JSON otherwise. Needs temperature 0 and a judge that follows answer plans (`LlamaCppLlm`). Measured in
   * docs/judge-speed.md. Defaults to false.
   */
  prefill?: boolean;
}
