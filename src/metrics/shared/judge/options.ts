import { z } from "zod";
import type { Embeddings } from "../../../embeddings/types.js";
import type { Llm } from "../../../llm/types.js";
import type { JudgeModelOption } from "../../descriptor.js";
import type { JudgeSettings } from "./judge.js";

/** A metric's judge option: any object with `generateObject` (an `Llm`). */
export const llmOption = z.custom<Llm>(
  (v) => typeof v === "object" && v !== null && typeof (v as Llm).generateObject === "function",
  {
    error:
      "pass the judge as an Llm (an object with generateObject), e.g. await LlamaCppLlm.load({ modelPath })",
  },
);

/** A metric's embedder option: any object with `embed` (an `Embeddings`). */
export const embeddingsOption = z.custom<Embeddings>(
  (v) => typeof v === "object" && v !== null && typeof (v as Embeddings).embed === "function",
  {
    error:
      "pass the embedder as an Embeddings (an object with embed), e.g. await TransformersEmbeddings.load({ model })",
  },
);

/** The judge settings every judge metric takes: temperature and token budget. */
export const judgeSettingsShape = {
  /** Judge temperature; 0 is greedy decoding, which makes scores repeat exactly. Defaults to 0. */
  temperature: z
    .number()
    .min(0)
    .default(0)
    .describe("Judge temperature; 0 is greedy decoding, which makes scores repeat exactly."),
  /** Token budget of each judge answer; unset leaves the judge's own default. Defaults to the Llm's own default. */
  maxTokens: z
    .number()
    .int()
    .positive()
    .optional()
    .describe("Token budget of each judge answer; unset leaves the judge's own default."),
};

/** The judge settings of parsed options, as `askJudge` takes them. */
export function judgeSettingsOf(options: {
  temperature: number;
  maxTokens?: number | undefined;
}): JudgeSettings {
  return { temperature: options.temperature, maxTokens: options.maxTokens };
}

/** Options every judge metric takes: the judge and its settings. */
export type JudgeMetricOptions = JudgeModelOption & z.input<z.ZodObject<typeof judgeSettingsShape>>;
