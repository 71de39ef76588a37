import { z } from "zod";
import { defineMetric } from "../descriptor.js";
import {
  probabilityThreshold,
  requiredVerifierOption,
  verifierThreadsShape,
} from "../shared/verifier/options.js";

/** Catalog entry of `hallucinated_spans`. */
export const hallucinatedSpansDescriptor = defineMetric({
  id: "hallucinated_spans",
  description:
    "Share of the response's characters outside the spans a token-classification verifier marks unsupported by the contexts (1: none).",
  reads: ["response", "retrievedContexts", { field: "userInput", optional: true }],
  needsLlm: false,
  needsEmbeddings: false,
  needsVerifier: ["spans"],
  optIn: true,
  options: z.object({
    /**
     * The verifier: a directory holding a LettuceDetect-style token classifier exported to ONNX (config.json,
     * tokenizer.json, tokenizer_config.json, onnx/model.onnx), or a loaded Verifier. Required: no models.json entry
     * ships one (export recipe: docs/verifiers.md, section “Exporting HHEM, MiniCheck and LettuceDetect to ONNX”).
     */
    verifier: requiredVerifierOption(
      "a directory holding a LettuceDetect-style token classifier exported to ONNX (config.json, tokenizer.json, tokenizer_config.json, onnx/model.onnx)",
    ),
    ...verifierThreadsShape,
    /** A token is unsupported when its P(unsupported) is at least this. Defaults to 0.5. */
    threshold: probabilityThreshold.describe(
      "A token is unsupported when its P(unsupported) is at least this. Defaults to 0.5.",
    ),
  }),
});
