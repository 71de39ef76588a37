// The parts of a transformers.js `feature-extraction` pipeline that TransformersJsEmbeddings uses, described
// structurally (duck-typed) so the package neither imports nor depends on @xenova/transformers (2.x) or
// @huggingface/transformers (3.x): a user's pipeline from either fits these types, and a user without either
// library still typechecks.
import { AirgapEvalError } from "../errors.js";
import { installedVersion } from "../util/installed-version.js";

/** How the pipeline turns token vectors into one vector per text: its `pooling` option. */
export type TransformersJsPooling = "mean" | "cls" | "none";

/** What a transformers.js pipeline returns: a tensor (`dims` and flat `data`). */
export interface TransformersJsTensorLike {
  /** Shape, e.g. `[texts, hidden]` after pooling, `[texts, tokens, hidden]` without. */
  readonly dims: readonly number[];
  /** Flat values, row-major: float32 (or float64) for an embedder; other element types are refused. */
  readonly data: ArrayLike<unknown>;
  /** Element type, e.g. `"float32"` (transformers.js 2.x and 3.x set it). */
  readonly type?: string;
}

/**
 * A transformers.js `feature-extraction` pipeline, as `pipeline("feature-extraction", model)` returns it in
 * `@xenova/transformers` 2.x or `@huggingface/transformers` 3.x. Only the call is required; the model's
 * config, the tokenizer and `dispose` are read when present (for provenance, long-text notes and disposal).
 *
 * @example
 * import { pipeline } from "@huggingface/transformers";
 * const extractor: TransformersJsPipeline = await pipeline("feature-extraction", "my-encoder");
 */
export interface TransformersJsPipeline {
  (
    texts: string[],
    options: { pooling: TransformersJsPooling; normalize: boolean },
  ): Promise<TransformersJsTensorLike>;
  /** The pipeline's task; `"feature-extraction"` for an embedder. */
  readonly task?: string;
  /** The loaded model: its `config` (config.json) and ONNX session(s). */
  readonly model?: {
    readonly config?: object;
    /** transformers.js 2.x: the ONNX session. */
    readonly session?: unknown;
    /** transformers.js 3.x: the ONNX sessions by name. */
    readonly sessions?: unknown;
  };
  /** The model's tokenizer. */
  readonly tokenizer?: {
    encode?(text: string): number[];
    readonly model_max_length?: number;
    readonly unk_token_id?: number;
    readonly all_special_ids?: readonly number[];
  };
  /** Releases the ONNX session(s). */
  dispose?(): unknown;
}

/** What a pipeline says about itself: read once, recorded in provenance. */
export interface PipelineFacts {
  /** The library that made it and its installed version (`"unknown"` when it cannot be told). */
  library: { name: string; version: string };
  /** `config.json`'s `_name_or_path` (or `name_or_path`), when present. */
  nameOrPath: string | undefined;
  /** `config.json`'s `model_type`, when present. */
  modelType: string | undefined;
  /** `config.json`'s `hidden_size`, when present. */
  hiddenSize: number | undefined;
  /** The tokenizer's `model_max_length`, when it is a real limit: the pipeline truncates longer texts. */
  maxLength: number | undefined;
}

/** A declared `model_max_length` above this is "no limit" (tokenizers without one declare e.g. 1e30). */
const NO_REAL_LIMIT = 1_000_000;

/**
 * Reads what a pipeline exposes about its model and library. The library is told apart by shape (2.x models hold
 * one `session`, 3.x models `sessions`); its version is read from the installed package.
 */
export function pipelineFacts(extractor: TransformersJsPipeline): PipelineFacts {
  const config = (extractor.model?.config ?? {}) as Record<string, unknown>;
  const text = (key: string) => (typeof config[key] === "string" ? config[key] : undefined);
  const hidden = config.hidden_size;
  const limit = extractor.tokenizer?.model_max_length;
  return {
    library: libraryOf(extractor),
    nameOrPath: text("_name_or_path") ?? text("name_or_path"),
    modelType: text("model_type"),
    hiddenSize: typeof hidden === "number" && Number.isInteger(hidden) && hidden > 0 ? hidden : undefined,
    maxLength:
      typeof limit === "number" && Number.isInteger(limit) && limit > 0 && limit <= NO_REAL_LIMIT
        ? limit
        : undefined,
  };
}

function libraryOf(extractor: TransformersJsPipeline): { name: string; version: string } {
  const model = extractor.model;
  const name =
    model?.sessions !== undefined
      ? "@huggingface/transformers"
      : model?.session !== undefined
        ? "@xenova/transformers"
        : undefined;
  return name === undefined
    ? { name: "transformers.js", version: "unknown" }
    : { name, version: installedVersion(name) };
}

/**
 * The pooled vectors of one pipeline call on `count` texts: `[count, hidden]` data split into rows (copied, as
 * float32). Throws naming what is wrong when the output is not one vector per text (e.g. `pooling: "none"` on a
 * model that returns token vectors) or its values are not float32/float64.
 */
export function pooledRows(
  output: TransformersJsTensorLike,
  count: number,
  pooling: TransformersJsPooling,
): Float32Array[] {
  const dims = output?.dims;
  if (!Array.isArray(dims) || output.data === undefined) {
    throw new AirgapEvalError(
      "the pipeline returned no tensor (dims and data); pass a transformers.js feature-extraction pipeline",
    );
  }
  if (dims.length !== 2 || dims[0] !== count) {
    const hint =
      dims.length === 3 && pooling === "none"
        ? `: pooling "none" keeps one vector per token; use pooling "mean" or "cls"`
        : "";
    throw new AirgapEvalError(
      `the pipeline returned a tensor of shape [${dims.join(", ")}] for ${count} texts, expected [${count}, hidden]${hint}`,
    );
  }
  const data = output.data;
  if (!(data instanceof Float32Array || data instanceof Float64Array)) {
    throw new AirgapEvalError(
      `the pipeline returned ${output.type ?? data?.constructor?.name ?? "non-float"} values, expected float32; ` +
        "load the model with float32 outputs (transformers.js 3.x: a dtype other than fp16)",
    );
  }
  const width = dims[1]!;
  return Array.from({ length: count }, (_, row) =>
    Float32Array.from(data.subarray(row * width, (row + 1) * width)),
  );
}

/** A text as the pipeline's tokenizer sees it: its token count and whether it holds any token the model knows. */
export interface PipelineTokens {
  /** Token ids, special tokens included: compared with the pipeline's `model_max_length`. */
  count: number;
  /** No token besides special tokens and the unknown token (so the model's vector says nothing about the text). */
  unknownOnly: boolean;
}

/** Tokenizes `text` with the pipeline's tokenizer; undefined when the pipeline exposes no `tokenizer.encode`. */
export function pipelineTokens(extractor: TransformersJsPipeline, text: string): PipelineTokens | undefined {
  const tokenizer = extractor.tokenizer;
  if (typeof tokenizer?.encode !== "function") return undefined;
  const ids = tokenizer.encode(text);
  const special = new Set(tokenizer.all_special_ids ?? []);
  const unknown = tokenizer.unk_token_id;
  return { count: ids.length, unknownOnly: ids.every((id) => special.has(id) || id === unknown) };
}
