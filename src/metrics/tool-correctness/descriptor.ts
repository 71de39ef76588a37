import { z } from "zod";
import { defineMetric } from "../descriptor.js";

/** Catalog entry of DeepEval's `ToolCorrectnessMetric` (its rule-based part). */
export const toolCorrectnessDescriptor = defineMetric({
  id: "tool_correctness",
  description:
    "DeepEval's tool correctness without a judge: the share of expected tools called (best match each), in order (weighted LCS) or as an exact list, optionally comparing input parameters and outputs.",
  reads: ["messages", "referenceToolCalls"],
  needsLlm: false,
  needsEmbeddings: false,
  options: z.object({
    /** Score the longest common subsequence of expected and called tools (DeepEval should_consider_ordering). Defaults to false. */
    shouldConsiderOrdering: z
      .boolean()
      .default(false)
      .describe(
        "Score the longest common subsequence of expected and called tools (DeepEval should_consider_ordering). Defaults to false.",
      ),
    /** 1 only when the called tools equal the expected ones in order and number, else 0 (DeepEval should_exact_match; takes precedence over shouldConsiderOrdering). Defaults to false. */
    shouldExactMatch: z
      .boolean()
      .default(false)
      .describe(
        "1 only when the called tools equal the expected ones in order and number, else 0 (DeepEval should_exact_match; takes precedence over shouldConsiderOrdering). Defaults to false.",
      ),
    /** What besides the tool name must match (DeepEval evaluation_params): input_parameters (arguments, partially credited per key unless shouldExactMatch) and output (the tool result against the reference call's output). Defaults to [] (names only). */
    evaluationParams: z
      .array(z.enum(["input_parameters", "output"]))
      .default([])
      .describe(
        "What besides the tool name must match (DeepEval evaluation_params): input_parameters (arguments, partially credited per key unless shouldExactMatch) and output (the tool result against the reference call's output). Defaults to [] (names only).",
      ),
    /** Give 0 for any score below 1 (DeepEval strict_mode). Defaults to false. */
    strictMode: z
      .boolean()
      .default(false)
      .describe("Give 0 for any score below 1 (DeepEval strict_mode). Defaults to false."),
  }),
});
