/**
 * Writes random-weight verifier models in the transformers.js layout (config.json, tokenizer.json,
 * tokenizer_config.json, onnx/model.onnx or, int8, onnx/model_quantized.onnx), one per verifier family, with each
 * family's exact input/output signature and config.json: tests build tiny ones into a temp dir; a bench can ask for
 * real-size ones.
 *
 * CLI: `node --import tsx scripts/verifier-fixtures/index.ts <dir> <family> [tiny|minilm-l6|bert-base] [int8]`.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { fixtureOnnxFile } from "./files.js";
import {
  BERT_BASE_SHAPE,
  buildClassifierGraph,
  type GraphHead,
  type GraphShape,
  MINILM_L6_SHAPE,
  TINY_SHAPE,
} from "./graph.js";
import { type FixtureTokenizerStyle, fixtureTokenizer } from "./tokenizers.js";

export { fixtureOnnxFile } from "./files.js";
export { BERT_BASE_SHAPE, type GraphShape, MINILM_L6_SHAPE, TINY_SHAPE } from "./graph.js";
export { type FixtureTokenizerStyle, fixtureTokenizer } from "./tokenizers.js";

/** The verifier families: DeBERTa-v3 NLI, HHEM-style consistency (T5 layout), MS MARCO relevance, ModernBERT spans. */
export type VerifierFamily = "nli" | "consistency" | "relevance" | "spans";

/** Named sizes: `tiny` for tests, `minilm-l6` (~22M parameters) and `bert-base` (~110M) for benches. */
export const FIXTURE_SIZES = {
  tiny: TINY_SHAPE,
  "minilm-l6": MINILM_L6_SHAPE,
  "bert-base": BERT_BASE_SHAPE,
} as const;

/** Options of {@link writeVerifierFixture}. */
export interface VerifierFixtureOptions {
  /** A named size or a shape. Defaults to `"tiny"`. */
  size?: keyof typeof FIXTURE_SIZES | GraphShape;
  /** Weight seed. Defaults to `1`. */
  seed?: number;
  /**
   * NLI only: the order of `id2label`. `mnli` is contradiction/entailment/neutral (the order of MNLI-trained
   * checkpoints), `entailment-first` is entailment/neutral/contradiction. The head's rows follow the labels, so
   * both orders give the same P(entailment) for the same seed. Defaults to `"mnli"`.
   */
  labelOrder?: "mnli" | "entailment-first";
  /** The tokenizer layout. Defaults to the family's own (nli: deberta-unigram, consistency: t5-unigram, relevance: wordpiece, spans: modernbert-bpe). */
  tokenizer?: FixtureTokenizerStyle;
  /** `model_max_length` of tokenizer_config.json. Defaults to the shape's `maxPositions`. */
  maxLength?: number;
  /** Extra config.json fields (they replace the family's). */
  config?: Record<string, unknown>;
  /**
   * Write the same seeded weights dynamically quantized to int8 (as onnxruntime's `quantize_dynamic` and optimum's
   * int8 export write them: what the verifiers users download are) as `onnx/model_quantized.onnx`, the file the
   * loader prefers, instead of the float32 `onnx/model.onnx`. Writing both into one directory (twice, once each)
   * gives a transformers.js repository's layout. Defaults to `false`.
   */
  quantized?: boolean;
}

/** The semantic rows of the seeded NLI head: 0 entailment, 1 neutral, 2 contradiction. */
const NLI_ORDERS = {
  mnli: ["contradiction", "entailment", "neutral"],
  "entailment-first": ["entailment", "neutral", "contradiction"],
} as const;
const NLI_CANONICAL = ["entailment", "neutral", "contradiction"];

function familyParts(family: VerifierFamily, options: VerifierFixtureOptions) {
  switch (family) {
    case "nli": {
      const labels = NLI_ORDERS[options.labelOrder ?? "mnli"];
      return {
        tokenizer: "deberta-unigram" as const,
        head: {
          labels: 3,
          kind: "sequence",
          tokenTypeIds: true,
          permutation: labels.map((l) => NLI_CANONICAL.indexOf(l)),
        },
        config: {
          architectures: ["DebertaV2ForSequenceClassification"],
          model_type: "deberta-v2",
          id2label: Object.fromEntries(labels.map((l, i) => [String(i), l])),
          label2id: Object.fromEntries(labels.map((l, i) => [l, i])),
        },
      };
    }
    case "consistency":
      return {
        tokenizer: "t5-unigram" as const,
        head: { labels: 2, kind: "sequence", tokenTypeIds: false },
        config: {
          architectures: ["HHEMv2ForSequenceClassification"],
          model_type: "HHEMv2",
          foundation: "google/flan-t5-base",
          id2label: { "0": "hallucinated", "1": "consistent" },
          label2id: { hallucinated: 0, consistent: 1 },
        },
      };
    case "relevance":
      return {
        tokenizer: "wordpiece" as const,
        head: { labels: 1, kind: "sequence", tokenTypeIds: true },
        config: {
          architectures: ["BertForSequenceClassification"],
          model_type: "bert",
          id2label: { "0": "LABEL_0" },
          label2id: { LABEL_0: 0 },
        },
      };
    case "spans":
      return {
        tokenizer: "modernbert-bpe" as const,
        head: { labels: 2, kind: "token", tokenTypeIds: false },
        config: {
          architectures: ["ModernBertForTokenClassification"],
          model_type: "modernbert",
          id2label: { "0": "LABEL_0", "1": "LABEL_1" },
          label2id: { LABEL_0: 0, LABEL_1: 1 },
        },
      };
  }
}

/**
 * Writes a `family` verifier into `dir` (created if missing); the same options give the same bytes.
 *
 * @example
 * await writeVerifierFixture(dir, "nli", { labelOrder: "entailment-first" });
 * const verifier = await loadVerifier(dir);
 */
export async function writeVerifierFixture(
  dir: string,
  family: VerifierFamily,
  options: VerifierFixtureOptions = {},
): Promise<void> {
  const parts = familyParts(family, options);
  const base = typeof options.size === "object" ? options.size : FIXTURE_SIZES[options.size ?? "tiny"];
  const maxLength = options.maxLength ?? base.maxPositions;
  const tokenizer = fixtureTokenizer(options.tokenizer ?? parts.tokenizer, maxLength);
  const shape: GraphShape = { ...base, vocabSize: Math.max(base.vocabSize, tokenizer.vocabSize) };
  const quantized = options.quantized ?? false;
  const graph = buildClassifierGraph(shape, parts.head as GraphHead, options.seed ?? 1, quantized);
  const config = {
    ...parts.config,
    hidden_size: shape.hidden,
    num_hidden_layers: shape.layers,
    intermediate_size: shape.intermediate,
    max_position_embeddings: shape.maxPositions,
    vocab_size: shape.vocabSize,
    ...options.config,
  };
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  await mkdir(path.join(dir, "onnx"), { recursive: true });
  await writeFile(path.join(dir, "config.json"), json(config));
  await writeFile(path.join(dir, "tokenizer.json"), json(tokenizer.tokenizer));
  await writeFile(path.join(dir, "tokenizer_config.json"), json(tokenizer.config));
  await writeFile(path.join(dir, fixtureOnnxFile(quantized)), graph);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [dir, family = "nli", size = "tiny", precision = "fp32"] = process.argv.slice(2);
  if (!dir || !["fp32", "int8"].includes(precision)) {
    console.error(
      "usage: node --import tsx scripts/verifier-fixtures/index.ts <dir> <nli|consistency|relevance|spans> [tiny|minilm-l6|bert-base] [fp32|int8]",
    );
    process.exitCode = 2;
  } else {
    writeVerifierFixture(path.resolve(dir), family as VerifierFamily, {
      size: size as keyof typeof FIXTURE_SIZES,
      quantized: precision === "int8",
    }).then(
      () => console.log(`${family} verifier (${size}, ${precision}) written to ${path.resolve(dir)}`),
      (err: unknown) => {
        console.error(err);
        process.exitCode = 1;
      },
    );
  }
}
