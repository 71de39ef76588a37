// The models.json ids each verifier metric loads when its `verifier` option is left unset: one place, so the
// metric descriptors, the cascade and docs/verifiers.md agree.

/** Factual consistency (Vectara HHEM-2.1-Open): faithfulness and the faithfulness cascade. */
export const DEFAULT_CONSISTENCY_VERIFIER = "hhem-2.1-open";
/** Natural-language inference (DeBERTa-v3 NLI cross-encoder): answer–reference entailment. */
export const DEFAULT_NLI_VERIFIER = "nli-deberta-v3-xsmall";
/** Query–passage relevance (MS MARCO MiniLM-L-6-v2 cross-encoder): context relevance and precision. */
export const DEFAULT_RELEVANCE_VERIFIER = "ms-marco-minilm-l6-v2";
/** Hallucinated spans (LettuceDetect ModernBERT base): unsupported spans of the response. */
export const DEFAULT_SPAN_VERIFIER = "lettucedetect-base-modernbert-en-v1";
