import { z } from "zod";
import { defineMetric, responseAndReferenceStrings } from "../descriptor.js";

/** Catalog entry of Ragas `string_present`. */
export const stringPresenceDescriptor = defineMetric({
  id: "string_present",
  description: "1 when the reference occurs in the response as a substring, else 0.",
  reads: responseAndReferenceStrings,
  needsLlm: false,
  needsEmbeddings: false,
  options: z.object({}),
});
