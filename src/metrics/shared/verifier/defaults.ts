// The models.json ids each verifier metric loads when its `verifier` option is left unset, and the tasks the support
// metrics read: one place, so the metric descriptors, the option descriptions and docs/verifiers.md agree. Every id here is a models.json entry of
// kind "verifier" (test/metrics/verifiers/verifier-defaults.test.ts checks it); a family with no entry (HHEM, a
// LettuceDetect span tagger) has no default, and its metric requires `verifier`.

/** NLI cross-encoder (DeBERTa-v3 small, P(entailment)): faithfulness and answer correctness. */
export const DEFAULT_NLI_VERIFIER = "nli-deberta-v3-small";
/**
 * Query–passage relevance (MS MARCO MiniLM-L-12-v2 cross-encoder): context relevance and precision. L-12 rather than
 * L-4: about 1.3 points better on TREC DL 2019 NDCG@10 (74.31 against 73.04) for 34 MB against 20 MB, and a row scores
 * only a handful of (question, context) pairs, so the slower model costs milliseconds.
 */
export const DEFAULT_RELEVANCE_VERIFIER = "ms-marco-MiniLM-L-12-v2";

/** Where docs/verifiers.md tells how to export a verifier that no models.json entry ships. */
export const EXPORT_RECIPE =
  "docs/verifiers.md, section “Exporting HHEM, MiniCheck and LettuceDetect to ONNX”";

/** The verifier tasks that say whether a premise supports a hypothesis: every faithfulness-style metric reads these. */
export const SUPPORT_TASKS = ["consistency", "nli"] as const;
