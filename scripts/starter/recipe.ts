// The parameters that define a starter-model build. Changing any value changes the model bytes.

/** How the word-vector table is made from GloVe. */
export interface StarterRecipe {
  /** Number of word rows: the most frequent GloVe words that the tokenizer can produce. */
  vocabularySize: number;
  /**
   * Smooth-inverse-frequency parameter `a`: each word vector is scaled by a / (a + p(w)), where
   * p(w) is estimated from the word's frequency rank with Zipf's law. null keeps plain averaging.
   */
  sifA: number | null;
  /** Subtract the (weighted) mean word vector from every row before removing components. */
  centre: boolean;
  /** Number of dominant directions projected out of every row ("common component removal"). */
  removeComponents: number;
  /** How rows are weighted when estimating the mean and the dominant directions. */
  componentWeighting: "frequency" | "uniform";
  /** Storage type of the table inside model.onnx (a Cast to float32 follows the lookup for float16). */
  storage: "float16" | "float32";
}

/**
 * The recipe the shipped model is built with, chosen with `bench/starter-quality.ts` on the 70 triples
 * of test/fixtures/sanity-triples.json. Plain averaging orders 62/70 correctly; SIF with a = 1e-4
 * alone 67/70; SIF a = 1e-4 plus removing one frequency-weighted common component 66/70, with the best
 * scale-free separation (2.00 vs 1.48) and unrelated texts near cosine 0.07 instead of 0.47, so scores
 * spread over the range instead of bunching near 1. K = 50k and 100k order the same triples; 100k
 * leaves fewer words unknown (3.9% vs 4.3%) and fits the 25 MB budget (22.4 MB). float16 storage
 * changes no ordering and halves the table.
 */
export const defaultRecipe: StarterRecipe = {
  vocabularySize: 100_000,
  sifA: 1e-4,
  centre: false,
  removeComponents: 1,
  componentWeighting: "frequency",
  storage: "float16",
};
