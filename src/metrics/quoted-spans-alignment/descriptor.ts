import { z } from "zod";
import { defineMetric } from "../descriptor.js";

/** Catalog entry of Ragas `quoted_spans_alignment` (opt-in). */
export const quotedSpansAlignmentDescriptor = defineMetric({
  id: "quoted_spans_alignment",
  description:
    "Share of the response's quoted spans found word for word in the retrieved contexts; 1 when it quotes nothing.",
  // Any strings, empty ones too, as Ragas' formula takes them.
  reads: [
    { field: "response", emptyText: "allowed" },
    { field: "retrievedContexts", emptyList: "allowed", emptyText: "allowed" },
  ],
  needsLlm: false,
  needsEmbeddings: false,
  // Opt-in: a response that quotes nothing scores 1, so the column says little unless answers quote their sources.
  optIn: true,
  options: z.object({
    /** Words a quoted span needs to count; shorter quotes (a term, a name) are ignored. Defaults to 3. */
    minSpanWords: z
      .number()
      .int()
      .min(1)
      .default(3)
      .describe("Words a quoted span needs to count; shorter quotes (a term, a name) are ignored."),
    /** Read ' and ’ between two letters or digits (it's, the virus's protein) as apostrophes, not quote marks; false reads every one as a quote mark, as Ragas does. Defaults to false. */
    skipApostrophes: z
      .boolean()
      .default(false)
      .describe(
        "Read ' and ’ between two letters or digits (it's, the virus's protein) as apostrophes, not quote marks; false reads every one as a quote mark, as Ragas does.",
      ),
    /** Compare lower-cased, with runs of whitespace as one space; false compares the texts as written. Defaults to true. */
    casefold: z
      .boolean()
      .default(true)
      .describe(
        "Compare lower-cased, with runs of whitespace as one space; false compares the texts as written.",
      ),
  }),
});
