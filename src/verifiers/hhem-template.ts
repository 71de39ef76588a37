/**
 * The input template of HHEM-2.1-Open (vectara/hallucination_evaluation_model), exactly as its model card and
 * modeling code format every pair: one text, premise first, scored on the first token. The leading `<pad>` is
 * T5's pad token, written as text and tokenized as that special token.
 */
export const HHEM_TEMPLATE =
  "<pad> Determine if the hypothesis is true given the premise?\n\nPremise: {premise}\n\nHypothesis: {hypothesis}";

/** {@link HHEM_TEMPLATE} with the premise (the context) and the hypothesis (the claim) filled in. */
export function hhemInput(premise: string, hypothesis: string): string {
  // Split first, so braces inside the texts are never taken for placeholders.
  const [head = "", rest = ""] = HHEM_TEMPLATE.split("{premise}");
  const [middle = "", tail = ""] = rest.split("{hypothesis}");
  return `${head}${premise}${middle}${hypothesis}${tail}`;
}
