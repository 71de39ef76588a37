import { answerExactMatchDescriptor } from "./answer-exact-match/descriptor.js";
import { bleuScoreDescriptor } from "./bleu-score/descriptor.js";
import { chrfScoreDescriptor } from "./chrf-score/descriptor.js";
import type { MetricDescriptor } from "./descriptor.js";
import { documentMapDescriptor } from "./document-map/descriptor.js";
import { documentMrrDescriptor } from "./document-mrr/descriptor.js";
import { documentNdcgDescriptor } from "./document-ndcg/descriptor.js";
import { documentRecallDescriptor } from "./document-recall/descriptor.js";
import { exactMatchDescriptor } from "./exact-match/descriptor.js";
import { idBasedContextPrecisionDescriptor } from "./id-based-context-precision/descriptor.js";
import { idBasedContextRecallDescriptor } from "./id-based-context-recall/descriptor.js";
import { nonLlmContextPrecisionWithReferenceDescriptor } from "./non-llm-context-precision-with-reference/descriptor.js";
import { nonLlmContextRecallDescriptor } from "./non-llm-context-recall/descriptor.js";
import { nonLlmStringSimilarityDescriptor } from "./non-llm-string-similarity/descriptor.js";
import { rougeScoreDescriptor } from "./rouge-score/descriptor.js";
import { stringPresenceDescriptor } from "./string-presence/descriptor.js";

/** Every built-in metric, one line each; the CLI, column checks and README table derive from it. */
export const metricDescriptors: readonly MetricDescriptor[] = [
  exactMatchDescriptor,
  stringPresenceDescriptor,
  nonLlmStringSimilarityDescriptor,
  bleuScoreDescriptor,
  rougeScoreDescriptor,
  chrfScoreDescriptor,
  idBasedContextPrecisionDescriptor,
  idBasedContextRecallDescriptor,
  nonLlmContextPrecisionWithReferenceDescriptor,
  nonLlmContextRecallDescriptor,
  documentMrrDescriptor,
  documentMapDescriptor,
  documentNdcgDescriptor,
  documentRecallDescriptor,
  answerExactMatchDescriptor,
];
