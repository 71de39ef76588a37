// README.md and LICENSE text written next to the built model.
import type { StarterRecipe } from "./recipe.js";

/** Facts about one build, for the README. */
export interface BuildFacts {
  /** The recipe used. */
  recipe: StarterRecipe;
  /** Source package name and version. */
  source: string;
  /** Rows in the table, special tokens included. */
  rows: number;
}

/** The model card written to README.md in the output directory. */
export function modelReadme(facts: BuildFacts): string {
  const r = facts.recipe;
  return `# starter/glove-100d

The offline default embedding model of airgap-eval. It is **averaged word vectors**, not a
transformer: each known word is looked up in a table of GloVe vectors (100 dimensions) and the
pipeline's mean pooling and normalization turn them into one sentence vector. Word order, negation
scope and context are ignored. It is good for smoke tests, demos and offline defaults; for real
evaluations use a transformer encoder such as \`all-MiniLM-L6-v2\` (\`airgap-eval models pull\`).

- Source: ${facts.source} (GloVe 6B 100d word vectors, trained on Wikipedia 2014 + Gigaword 5; public domain under the ODC PDDL 1.0, see LICENSE).
- Vocabulary: the ${r.vocabularySize.toLocaleString("en-US")} most frequent GloVe words that the tokenizer can produce, plus [PAD], [UNK], [CLS] and [SEP] (${facts.rows.toLocaleString("en-US")} rows).
- Weighting baked into the table: ${
    r.sifA === null
      ? "none (plain averaging)"
      : `smooth inverse frequency, each vector scaled by a / (a + p(w)) with a = ${r.sifA} and p(w) estimated from the word's frequency rank by Zipf's law`
  }; ${r.centre ? "mean vector subtracted; " : ""}${r.removeComponents} common component(s) removed (${r.componentWeighting}-weighted).
- Unknown words and the special tokens ([PAD], [UNK], [CLS], [SEP]) map to zero vectors, which only scale the mean. A text with no known word at all (for example a number, or a text in another script) carries no information for this model: airgap-eval's \`TransformersEmbeddings\` gives it a zero vector and reports it (\`embedDetailed(...).unknownOnly\`), and metrics report an error for it instead of a score. The bare transformers.js feature-extraction pipeline with \`normalize: true\` returns NaN for such a text.
- Files: config.json (model_type "bert", hidden_size 100), tokenizer.json (NFKC, lowercase, curly quotes straightened, "n't" spelled "not", punctuation split off, whole-word lookup), tokenizer_config.json, onnx/model.onnx (Gather on a ${r.storage} table${r.storage === "float16" ? " + Cast to float32" : ""}). There is no onnx/model_quantized.onnx: the table is already stored compactly and a lookup has nothing to quantize, so loaders use model.onnx.

Built by scripts/build-starter-model.ts; the same inputs give the same bytes.
`;
}

/** LICENSE in the output directory: the data's public-domain dedication and attribution. */
export function modelLicense(source: string): string {
  return `The word vectors in onnx/model.onnx are derived from GloVe: Global Vectors for Word
Representation (Jeffrey Pennington, Richard Socher and Christopher D. Manning, 2014),
https://nlp.stanford.edu/projects/glove/, as redistributed in the npm package ${source}.

The GloVe pre-trained vectors are made available under the
Open Data Commons Public Domain Dedication and License (PDDL) v1.0:
https://opendatacommons.org/licenses/pddl/1-0/
(summary: https://opendatacommons.org/licenses/pddl/summary/).
You are free to share, create and adapt the database; the PDDL imposes no restrictions on its use.

The derived table (vocabulary selection, frequency weighting, common-component removal,
float16 storage) and the tokenizer files were produced by airgap-eval's build script
(scripts/build-starter-model.ts) from that public-domain data.
`;
}
