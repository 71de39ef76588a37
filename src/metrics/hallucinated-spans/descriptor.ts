import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import { requiredVerifierShape } from "../shared/verifier/options.js";

/** Catalog entry of `hallucinated_spans`. */
export const hallucinatedSpansDescriptor = defineMetric({
  id: "hallucinated_spans",
  description:
    "Share of the response's characters outside the spans a token-classification verifier marks unsupported by the contexts (1: none).",
  requiredFields: ["response", "retrievedContexts"],
  needsLlm: false,
  needsEmbeddings: false,
  needsVerifier: ["spans"],
  optIn: true,
  options: z.object({
    ...requiredVerifierShape(
      "a directory holding a LettuceDetect-style token classifier exported to ONNX (config.json, tokenizer.json, tokenizer_config.json, onnx/model.onnx)",
    ),
    threshold: z
      .number()
      .min(0)
      .max(1)
      .default(0.5)
      .describe("A token is unsupported when its P(unsupported) is at least this. Defaults to 0.5."),
  }),
});
