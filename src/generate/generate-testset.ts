// generateTestset(): documents in, a test set file out (see pipeline.ts for the run, chunk.ts for the chunks).
import type { Embeddings } from "../embeddings/types.js";
import { InvalidInputError } from "../errors.js";
import type { Llm } from "../llm/types.js";
import { withResultsLock } from "../results/lock.js";
import { BudgetedLlm } from "./budgeted-llm.js";
import { builtinStage } from "./builtin-stage.js";
import { type CountTokens, chunkDocuments, longestSentenceTokens } from "./chunk.js";
import {
  queryLengths as allLengths,
  queryStyles as allStyles,
  defaultCallMaxTokens,
  defaultCallTimeoutMs,
  defaultChunkTokens,
  defaultMix,
  defaultSeed,
  maxGenerateSize,
  synthesizerNames,
} from "./defaults.js";
import { type GenerationProgress, type PlanShard, runGeneration } from "./pipeline.js";
import {
  documentsHash,
  type GenerationConfig,
  recordedModel,
  testsetFormat,
  testsetFormatVersion,
} from "./run-config.js";
import type { GenerationStage } from "./stage.js";
import { checkMixAgainstDocuments } from "./synth/mix-documents.js";
import { judgeWindowOf, WindowFit } from "./synth/window.js";
import {
  type FilledResponse,
  type RejectedLine,
  type TestsetFiles,
  type TestsetLine,
  testsetFiles,
} from "./testset-files.js";
import type {
  Persona,
  QueryLength,
  QueryStyle,
  SourceDocument,
  SynthesizerName,
  TestsetRow,
} from "./types.js";

/** Options of {@link generateTestset}. */
export interface GenerateTestsetOptions {
  /** The documents (see `readDocuments` to read files and folders). */
  documents: readonly SourceDocument[];
  /** The judge that writes and checks the questions. */
  llm: Llm;
  /** The embedder (related chunks, near-duplicate questions). */
  embeddings: Embeddings;
  /** Test set file (JSONL); `<out>.rejected.jsonl` and `<out>.config.json` are written beside it. */
  out: string;
  /** Rows wanted. */
  size: number;
  /** Seed of the plan and of the judge's sampling. Defaults to 42. */
  seed?: number;
  /**
   * Share of each question type; normalised to sum to 1. A type given a share that the documents cannot serve (no
   * related chunks, or none that fit the judge's context) is an error. Defaults to an equal share each (Ragas'
   * default), where such a type's share goes to the others.
   */
  mix?: Partial<Record<SynthesizerName, number>>;
  /** Who asks. Defaults to the stage's own. */
  personas?: readonly Persona[];
  /** Query styles to draw from. Defaults to all four. */
  queryStyles?: readonly QueryStyle[];
  /** Query lengths to draw from. Defaults to all three. */
  queryLengths?: readonly QueryLength[];
  /**
   * Most judge tokens in a chunk. Defaults to 384, or less when the judge reports its window (as `LlamaCppLlm` does)
   * and two chunks with the prompts around them and the answer budget would not fit it.
   */
  chunkTokens?: number;
  /** The judge's token counter. Defaults to `llm.countTokens` (LlamaCppLlm has one); needed when the judge has none. */
  countTokens?: CountTokens;
  /** Each judge call's budget: answer tokens, and milliseconds before it is aborted. Defaults to 512 tokens, 120 000 ms. */
  callBudget?: { maxTokens?: number; timeoutMs?: number };
  /** The synthesizers and filters. Defaults to the built-in stage. */
  stage?: GenerationStage;
  /** The stage's name in the config (a resumed run must use the same). Defaults to `"default"`, or `"custom"` with `stage`. */
  stageName?: string;
  /** Continue `out` when it holds rows of the same config. Defaults to false (an existing test set is an error). */
  resume?: boolean;
  /** Replace an existing `out`. Defaults to false. */
  overwrite?: boolean;
  /** Generate only the plan rows whose index is `index` modulo `count`. Defaults to all rows. */
  shard?: PlanShard;
  /** Stops starting rows; the row in flight finishes and is written. Defaults to none. */
  signal?: AbortSignal;
  /**
   * Your RAG system's answer to each accepted row, written into it (`response`, `retrieved_contexts`): your code,
   * called once per row, in plan order; airgap-eval never calls a network. Defaults to none (rows without responses).
   */
  fillResponse?: (row: TestsetRow) => Promise<FilledResponse>;
  /** Called after each row. Defaults to none. */
  onProgress?: (progress: GenerationProgress) => void;
}

/** What {@link generateTestset} wrote. */
export interface GenerateTestsetResult {
  /** The rows, in plan order. */
  rows: TestsetLine[];
  rejected: RejectedLine[];
  files: TestsetFiles;
  config: GenerationConfig;
  /** Chunks the documents were cut into. */
  chunks: number;
  /** Rows wanted from this run (the shard's share of `size`). */
  target: number;
  /** True when the signal stopped the run early (resume it with `resume: true`). */
  interrupted: boolean;
  /** True when the stage's plan ran out before `target` rows were accepted (too many rejected). */
  planExhausted: boolean;
}

function counterOf(llm: Llm, given: CountTokens | undefined): CountTokens {
  if (given !== undefined) return given;
  const own = (llm as { countTokens?: unknown }).countTokens;
  if (typeof own === "function") return (text) => (own as CountTokens).call(llm, text);
  throw new InvalidInputError(
    `the judge ${llm.id} cannot count tokens (it has no countTokens method); pass countTokens to size the chunks`,
  );
}

/** The mix with every synthesizer, normalised to sum to 1. */
export function normalizeMix(
  mix: Partial<Record<SynthesizerName, number>> | undefined,
): Record<SynthesizerName, number> {
  if (mix === undefined) return { ...defaultMix };
  const unknown = Object.keys(mix).filter((key) => !(synthesizerNames as readonly string[]).includes(key));
  if (unknown.length > 0) {
    throw new InvalidInputError(
      `mix names unknown synthesizers: ${unknown.join(", ")}; known: ${synthesizerNames.join(", ")}`,
    );
  }
  const given = synthesizerNames.map((name) => mix[name] ?? 0);
  if (given.some((v) => typeof v !== "number" || !Number.isFinite(v) || v < 0))
    throw new InvalidInputError("mix shares must be finite numbers >= 0");
  // Scaled by the largest first, so shares near the largest double neither overflow nor sum to Infinity.
  const largest = Math.max(...given);
  if (largest <= 0)
    throw new InvalidInputError("mix shares sum to 0; give at least one question type a share above 0");
  const values = given.map((v) => v / largest);
  const total = values.reduce((a, b) => a + b, 0);
  return Object.fromEntries(synthesizerNames.map((name, i) => [name, values[i]! / total])) as Record<
    SynthesizerName,
    number
  >;
}

/** Tokens per character of the documents' text, in the judge's tokens (from up to 8 000 characters of each). */
function tokensPerChar(documents: readonly SourceDocument[], countTokens: CountTokens): number {
  const sample = documents.map((d) => d.text.slice(0, 8000)).filter((t) => t.trim() !== "");
  const chars = sample.reduce((sum, t) => sum + t.length, 0);
  return chars === 0 ? 1 : sample.reduce((sum, t) => sum + countTokens(t), 0) / chars;
}

/** The chunk size: the one given, else the default, or less when the judge's window needs it (see WindowFit). */
function chunkSize(
  given: number | undefined,
  windowFit: WindowFit | undefined,
  documents: readonly SourceDocument[],
  countTokens: CountTokens,
): number {
  if (given !== undefined) return positive(given, "chunkTokens");
  if (windowFit === undefined) return defaultChunkTokens;
  const sized = windowFit.chunkTokens(
    tokensPerChar(documents, countTokens),
    longestSentenceTokens(documents, countTokens),
  );
  if (sized === undefined) {
    throw new InvalidInputError(
      `generate: ${windowFit.describe()} leaves no room for a chunk of text beside the prompts; pass a larger --context-size or a smaller --max-tokens`,
    );
  }
  return sized;
}

function positive(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 1)
    throw new InvalidInputError(`${what} must be a whole number >= 1 (got ${value})`);
  return value;
}

/**
 * Generates a test set from documents with the local judge: cuts them into chunks, plans every row from the seed,
 * and writes each row as it finishes (resumable after Ctrl-C or kill -9). The file is ready for `evaluate` /
 * `airgap-eval eval`: `user_input`, `reference`, `reference_contexts`, `reference_context_ids` and metadata.
 *
 * @example
 * const { rows } = await generateTestset({ documents, llm, embeddings, out: "testset.jsonl", size: 20 });
 */
export async function generateTestset(options: GenerateTestsetOptions): Promise<GenerateTestsetResult> {
  if (options.resume && options.overwrite)
    throw new InvalidInputError("resume and overwrite contradict each other; pick one");
  if (options.documents.length === 0) throw new InvalidInputError("no documents to generate from");
  const size = positive(options.size, "size");
  if (size > maxGenerateSize)
    throw new InvalidInputError(
      `size must be at most ${maxGenerateSize.toLocaleString("en-US")} (got ${size}); generate a larger test set as several runs with different seeds`,
    );
  const seed = options.seed ?? defaultSeed;
  if (!Number.isSafeInteger(seed)) throw new InvalidInputError(`seed must be a whole number (got ${seed})`);
  const mix = normalizeMix(options.mix);
  if (options.mix !== undefined) checkMixAgainstDocuments(options.documents, mix);
  const queryStyles = options.queryStyles ?? allStyles;
  const queryLengths = options.queryLengths ?? allLengths;
  const callBudget = {
    maxTokens: positive(options.callBudget?.maxTokens ?? defaultCallMaxTokens, "callBudget.maxTokens"),
    timeoutMs: positive(options.callBudget?.timeoutMs ?? defaultCallTimeoutMs, "callBudget.timeoutMs"),
  };
  if (options.shard !== undefined) {
    const { index, count } = options.shard;
    if (
      !Number.isSafeInteger(count) ||
      count < 1 ||
      !Number.isSafeInteger(index) ||
      index < 0 ||
      index >= count
    ) {
      throw new InvalidInputError(
        `shard ${index}/${count} is not a shard: the index goes from 0 to count - 1`,
      );
    }
  }
  const countTokens = counterOf(options.llm, options.countTokens);
  const window = judgeWindowOf(options.llm);
  const chunkTokens = chunkSize(
    options.chunkTokens,
    window === undefined || options.chunkTokens !== undefined
      ? undefined
      : new WindowFit(window, callBudget.maxTokens, {
          personas: options.personas,
          queryStyles,
          queryLengths,
        }),
    options.documents,
    countTokens,
  );
  const chunks = chunkDocuments(options.documents, { maxTokens: chunkTokens, countTokens });
  const stage =
    options.stage ??
    (await builtinStage({
      personas: options.personas,
      queryStyles,
      queryLengths,
      strictMix: options.mix !== undefined,
    }));
  const config: GenerationConfig = {
    format: testsetFormat,
    formatVersion: testsetFormatVersion,
    size,
    seed,
    mix,
    chunkTokens,
    personas: options.personas ?? null,
    queryStyles,
    queryLengths,
    callBudget,
    stage: options.stageName ?? (options.stage === undefined ? "default" : "custom"),
    documents: documentsHash(options.documents),
    documentCount: options.documents.length,
    llm: recordedModel(options.llm.provenance()),
    embeddings: recordedModel(options.embeddings.provenance()),
    filledResponses: options.fillResponse !== undefined,
    shard: options.shard ?? null,
  };
  const files = testsetFiles(options.out);
  const outcome = await withResultsLock(files.out, () =>
    runGeneration({
      chunks,
      size,
      mix,
      stage,
      context: {
        llm: new BudgetedLlm(options.llm, callBudget),
        embeddings: options.embeddings,
        seed,
        callBudget,
        ...(window !== undefined ? { window } : {}),
      },
      files,
      config,
      resume: options.resume === true,
      overwrite: options.overwrite === true,
      ...(options.shard !== undefined ? { shard: options.shard } : {}),
      ...(options.signal !== undefined ? { signal: options.signal } : {}),
      ...(options.fillResponse !== undefined ? { fillResponse: options.fillResponse } : {}),
      ...(options.onProgress !== undefined ? { onProgress: options.onProgress } : {}),
    }),
  );
  return {
    rows: outcome.rows,
    rejected: outcome.rejected,
    files,
    config,
    chunks: chunks.length,
    target: outcome.target,
    interrupted: outcome.interrupted,
    planExhausted: outcome.planExhausted,
  };
}
