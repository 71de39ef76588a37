import { z } from "zod";
import { defineMetric, responseAndReferenceStrings } from "../descriptor.js";
import { distanceMeasures } from "../shared/text/string-distance/similarity.js";

/** Catalog entry of Ragas `non_llm_string_similarity`. */
export const nonLlmStringSimilarityDescriptor = defineMetric({
  id: "non_llm_string_similarity",
  description:
    "1 - normalised string distance (Levenshtein, Hamming, Jaro or Jaro-Winkler) of response and reference.",
  reads: responseAndReferenceStrings,
  needsLlm: false,
  needsEmbeddings: false,
  options: z.object({ distanceMeasure: z.enum(distanceMeasures).default("levenshtein") }),
});
