/**
 * Embeddings against the raw runtime: texts and tokens per second of {@link TransformersEmbeddings}`.embed()`
 * (end to end: validation, dedup, tokenization, padding, `session.run`, pooling, normalization) against a raw
 * onnxruntime-node `InferenceSession` on the same ONNX file, at batch sizes 1, 8 and 32. The goal is
 * a library/raw ratio of at least 0.9 at batch 32.
 *
 * Both sides use the very same onnxruntime-node module (from `onnxRuntime()`) with the same session options as the library: cpu, `intraOpNumThreads` = threads,
 * `interOpNumThreads` 1, sequential, graph optimization "all". The raw side gets the same texts tokenized once
 * beforehand with the library's own tokenizer, template and truncation, grouped into the same batches the library
 * forms (distinct texts, all-unknown texts left out, longest first), padded into int64 tensors beforehand; only
 * its `session.run` calls are timed. That is the runtime's ceiling: whatever the library does on top shows up
 * in the ratio.
 *
 * Every figure is the median of `--runs` samples after a warm-up. The sides alternate call by call within one
 * process (library, raw, raw + tokenizer, library, raw, ...), so machine noise hits all of them alike; a sample
 * repeats such rounds until it lasts at least `--min-ms` (100 ms), and the time per call is reported. A third side,
 * "raw + tokenizer" (the library's tokenizer calls, padding and `session.run`), shows how much of the gap is the
 * tokenizer (`@huggingface/tokenizers`, src/tokenizers/), which no wrapper can avoid.
 *
 * Run: `node --import tsx bench/embeddings-vs-raw.ts` (options: `--onnx <dir>[,<dir>...]`, `--runs N`,
 * `--batch 1,8,32`, `--threads N`, `--texts N`, `--min-ms N`, `--json <file>`). Defaults measure the generated
 * tiny encoder and the starter GloVe model (both are generated when missing).
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildStarterModel } from "../scripts/build-starter-model.js";
import { writeTinyOnnxEncoder } from "../scripts/tiny-onnx-encoder.js";
import { runtimeVersions } from "../src/embeddings/runtime-versions.js";
import {
  TransformersEmbeddings,
  type TransformersEmbeddingsOptions,
} from "../src/embeddings/transformers-embeddings.js";
import { type OrtSession, type OrtTensor, onnxRuntime, sessionOptions } from "../src/onnx/session.js";
import { TextTokenizer } from "../src/tokenizers/index.js";

/** A model directory (transformers.js layout) to measure. */
export interface EmbeddingsVsRawModel {
  /** Display name in the table. */
  name: string;
  /** Model directory: config.json, tokenizer.json, tokenizer_config.json, onnx/model*.onnx. */
  dir: string;
}

/** Options of {@link runEmbeddingsVsRaw}. */
export interface EmbeddingsVsRawOptions {
  /**
   * Models to measure. Defaults to the generated tiny encoder (`.test-models/tiny-encoder`) and the starter model
   * (`models/starter/glove-100d`), each generated when missing.
   */
  models?: EmbeddingsVsRawModel[];
  /** Batch sizes (the library's `batchSize` option, and the raw side's batch size). Defaults to `[1, 8, 32]`. */
  batchSizes?: number[];
  /** Timed samples per (model, batch size); each figure is their median. Defaults to `5`. */
  runs?: number;
  /** Untimed warm-up calls per side and (model, batch size), before the timed samples. Defaults to `1`. */
  warmups?: number;
  /**
   * Shortest timed sample, in milliseconds: a sample repeats rounds of one call per side until it lasts this long
   * (per-call times are reported), so millisecond-scale calls are not lost in timer and scheduler noise.
   * Defaults to `100`.
   */
  minSampleMs?: number;
  /** Distinct texts per run (4 to 40 words each). Defaults to `256`. */
  texts?: number;
  /** onnxruntime intra-op threads, on both sides. Defaults to `1` (the library's default). */
  threads?: number;
  /** Called with a line of progress (model loaded, configuration done). Defaults to no output. */
  log?: (line: string) => void;
}

/** One measured (model, batch size) pair of library and raw figures. */
export interface EmbeddingsVsRawRow {
  /** Display name of the model. */
  model: string;
  /** Texts per `session.run` call (the library's `batchSize`). */
  batchSize: number;
  /** onnxruntime intra-op threads. */
  threads: number;
  /** Distinct texts per run. */
  texts: number;
  /** Texts actually run through the model per run (texts whose tokens are all unknown are not run). */
  textsRun: number;
  /** Real tokens per run (special tokens included, padding excluded). */
  tokens: number;
  /** Tokens the runtime computes per run, padding included. */
  paddedTokens: number;
  /** Timed samples per side. */
  runs: number;
  /**
   * Rounds per timed sample; a round is one call of each side in turn (library, raw, raw + tokenizer), and the
   * rounds of a sample together last at least `minSampleMs`.
   */
  roundsPerSample: number;
  /** Median wall time of one library run (`embed(texts)`), in milliseconds. */
  libraryMs: number;
  /** Median wall time of one raw run (all `session.run` calls), in milliseconds. */
  rawMs: number;
  /** Median process CPU time of one library run, in milliseconds. */
  libraryCpuMs: number;
  /** Median process CPU time of one raw run, in milliseconds. */
  rawCpuMs: number;
  /** Library texts per second (from the median time). */
  libraryTextsPerSecond: number;
  /** Raw texts per second (from the median time). */
  rawTextsPerSecond: number;
  /** Library real tokens per second. */
  libraryTokensPerSecond: number;
  /** Raw real tokens per second. */
  rawTokensPerSecond: number;
  /** Library texts/s divided by raw texts/s (1 = no overhead). */
  ratio: number;
  /** Median over the samples of each sample's ratio (raw ms / library ms): steadier under noise. */
  pairedRatio: number;
  /**
   * Median wall time of one "raw + tokenizer" run, in milliseconds: the same tokenizer calls as the library
   * (`encodeSingle` per distinct text), padding into int64 tensors, and `session.run`; no pooling. The part
   * of the library's time that no wrapper around the tokenizer can avoid.
   */
  rawTokenizingMs: number;
  /** Raw texts/s divided by raw+tokenizer texts/s: the best ratio any wrapper over this tokenizer can reach. */
  tokenizerCeiling: number;
  /** Library texts/s divided by raw+tokenizer texts/s: how close the library is to that ceiling. */
  ratioVsTokenizing: number;
}

/** Facts about one measured model. */
export interface EmbeddingsVsRawModelInfo {
  /** Display name. */
  name: string;
  /** Model directory. */
  path: string;
  /** The ONNX file both sides ran. */
  onnxPath: string;
  /** sha256 of that file, from the library's `provenance()`. */
  sha256: string;
  /** Whether the quantized file was used. */
  quantized: boolean;
  /** Vector length. */
  dimensions: number;
  /** Maximum tokens per text, special tokens included. */
  maxLength: number;
  /** The session's input names. */
  inputs: string[];
  /** Seconds to load the library (tokenizer, session) once. */
  libraryLoadSeconds: number;
}

/** What {@link runEmbeddingsVsRaw} returns (and `--json` writes). */
export interface EmbeddingsVsRawResult {
  /** Always `"embeddings"`. */
  section: "embeddings";
  /** The machine the numbers come from. */
  machine: {
    /** Logical CPUs. */
    cpus: number;
    /** CPU model name. */
    model: string;
    /** Total memory, in bytes. */
    totalmem: number;
    /** Total memory, in MB. */
    totalmemMb: number;
    /** Node.js version. */
    node: string;
    /** `process.platform`. */
    platform: string;
    /** `process.arch`. */
    arch: string;
  };
  /** Runtime versions, and the settings shared by all rows. */
  runtime: {
    /** `@huggingface/tokenizers` version. */
    tokenizers: string;
    onnxruntime: string;
    threads: number;
    runs: number;
    warmups: number;
    minSampleMs: number;
    batchSizes: number[];
    texts: number;
    sessionOptions: Record<string, unknown>;
    /**
     * Whether the library took the `memoSize: 0` the bench passes (so no run is answered from a memo); false for
     * a library without that option, which has no cross-call memo either.
     */
    memoSizeOption: boolean;
  };
  /** The measured models. */
  models: EmbeddingsVsRawModelInfo[];
  /** One row per (model, batch size). */
  rows: EmbeddingsVsRawRow[];
  /** Peak resident set size of the process, in MB. */
  peakRssMb: number;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Mostly words both the tiny encoder's and the GloVe vocabulary know, so texts are not all `[UNK]`. */
const WORDS = (
  "the question answer context retrieval model paris france capital europe water fire river mountain city " +
  "people school study learn science physics motion theory time world house family friend music of and to " +
  "in is it that was for on are with as they be at one have this from or had by word but what some we can"
).split(" ");

/** `count` distinct deterministic sentences of 4 to 40 words (a mix of question, answer and passage lengths). */
export function makeBenchTexts(count: number): string[] {
  let seed = 20240611;
  const next = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 2 ** 32;
  };
  const texts = new Set<string>();
  while (texts.size < count) {
    const length = 4 + Math.floor(next() * 37);
    const words = Array.from({ length }, () => WORDS[Math.floor(next() * WORDS.length)]!);
    texts.add(`${words.join(" ")}.`);
  }
  return [...texts];
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/**
 * Loads the library with cross-call memoization off (`memoSize: 0`), so every run computes instead of answering
 * from a memo. A library without that option ignores the extra key (it has no memo then either).
 */
function loadLibrary(dir: string, batchSize: number, threads: number): Promise<TransformersEmbeddings> {
  const options: TransformersEmbeddingsOptions & { memoSize?: number } = {
    model: dir,
    batchSize,
    threads,
    memoSize: 0,
  };
  return TransformersEmbeddings.load(options);
}

/** Whether the loaded library took `memoSize: 0` (it records the setting in `provenance().performance`). */
function memoSwitchedOff(embeddings: TransformersEmbeddings): boolean {
  return embeddings.provenance().performance?.memoSize === 0;
}

/**
 * Texts answered from a memo and texts run through the model since loading, when the library counts them
 * (`stats()`); undefined for a library without counters.
 */
function libraryWork(
  embeddings: TransformersEmbeddings,
): { memoHits: number; modelTexts: number } | undefined {
  const counted = embeddings as unknown as { stats?: () => { memoHits?: unknown; modelTexts?: unknown } };
  const stats = typeof counted.stats === "function" ? counted.stats() : undefined;
  if (typeof stats?.memoHits !== "number" || typeof stats.modelTexts !== "number") return undefined;
  return { memoHits: stats.memoHits, modelTexts: stats.modelTexts };
}

/** The raw side of one model: a session of its own and the token ids of the texts, computed once. */
interface RawModel {
  session: OrtSession;
  /** Token ids of the texts the library runs, longest first (the order the library batches them in). */
  ordered: number[][];
  padId: number;
  makeTensor: (data: BigInt64Array, dims: readonly number[]) => OrtTensor;
  /** Tokenizes `texts` as the library does (distinct, truncated; unknown-only left out), longest first. */
  tokenize: (texts: readonly string[]) => number[][];
}

async function prepareRaw(
  dir: string,
  embeddings: TransformersEmbeddings,
  texts: readonly string[],
  threads: number,
): Promise<RawModel> {
  const provenance = embeddings.provenance();
  const onnxPath = provenance.path!;
  const bytes = await readFile(onnxPath);
  const digest = createHash("sha256").update(bytes).digest("hex");
  if (digest !== provenance.sha256) {
    throw new Error(
      `${onnxPath} changed while the bench ran (sha256 ${digest}, library saw ${provenance.sha256})`,
    );
  }
  const ort = await onnxRuntime();
  const session = await ort.InferenceSession.create(
    new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    sessionOptions(threads),
  );
  // The library's own tokenizer, special-token template and truncation rule.
  const tokenizer = await TextTokenizer.load(dir, "rebuild the model");
  const template = tokenizer.special.single;
  const unk = tokenizer.unkId;
  const tokenize = (all: readonly string[]): number[][] => {
    const encoded = [...new Set(all)].map((text) => tokenizer.encodeSingle(text, embeddings.maxLength).ids);
    // Like the library: texts with no known token are not run; longest first, so batches hold similar lengths.
    return encoded
      .filter((ids) =>
        ids.slice(template.prefix.length, ids.length - template.suffix.length).some((id) => id !== unk),
      )
      .map((ids, i) => ({ ids, i }))
      .sort((a, b) => b.ids.length - a.ids.length || a.i - b.i)
      .map((e) => e.ids);
  };
  return {
    session,
    ordered: tokenize(texts),
    padId: tokenizer.padId,
    makeTensor: (data, dims) => new ort.Tensor("int64", data, dims),
    tokenize,
  };
}

/** Padded int64 feeds for every batch of `batchSize` sequences of `ordered` (the raw side builds them before timing). */
function buildFeeds(
  raw: RawModel,
  ordered: readonly number[][],
  batchSize: number,
): { feeds: Record<string, OrtTensor>[]; padded: number } {
  const feeds: Record<string, OrtTensor>[] = [];
  let padded = 0;
  for (let start = 0; start < ordered.length; start += batchSize) {
    const batch = ordered.slice(start, start + batchSize);
    const seq = Math.max(...batch.map((ids) => ids.length));
    const dims = [batch.length, seq];
    const ids = new BigInt64Array(batch.length * seq).fill(BigInt(raw.padId));
    const mask = new BigInt64Array(batch.length * seq);
    batch.forEach((row, r) => {
      row.forEach((id, j) => {
        ids[r * seq + j] = BigInt(id);
        mask[r * seq + j] = 1n;
      });
    });
    padded += batch.length * seq;
    const all: Record<string, OrtTensor> = {
      input_ids: raw.makeTensor(ids, dims),
      attention_mask: raw.makeTensor(mask, dims),
      token_type_ids: raw.makeTensor(new BigInt64Array(batch.length * seq), dims),
    };
    feeds.push(Object.fromEntries(raw.session.inputNames.map((name) => [name, all[name]!])));
  }
  return { feeds, padded };
}

/** Wall and process CPU time, in milliseconds. */
interface Timing {
  ms: number;
  cpuMs: number;
}

/**
 * One timed sample: `rounds` rounds of one call of each side in turn (side 1, side 2, ..., side 1, ...), so
 * machine noise hits all sides alike even within a sample. Returns each side's time per call.
 */
async function sample(sides: readonly (() => Promise<unknown>)[], rounds: number): Promise<Timing[]> {
  const totals = sides.map(() => ({ ms: 0, cpuMs: 0 }));
  for (let r = 0; r < rounds; r++) {
    for (const [i, side] of sides.entries()) {
      const cpuStart = process.cpuUsage();
      const start = performance.now();
      await side();
      const total = totals[i]!;
      total.ms += performance.now() - start;
      const cpu = process.cpuUsage(cpuStart);
      total.cpuMs += (cpu.user + cpu.system) / 1000;
    }
  }
  return totals.map((t) => ({ ms: t.ms / rounds, cpuMs: t.cpuMs / rounds }));
}

async function defaultModels(log: (line: string) => void): Promise<EmbeddingsVsRawModel[]> {
  const tiny = path.join(repoRoot, ".test-models", "tiny-encoder");
  if (!existsSync(path.join(tiny, "onnx", "model.onnx"))) {
    log(`generating ${tiny}`);
    await writeTinyOnnxEncoder(tiny);
  }
  const starter = path.join(repoRoot, "models", "starter", "glove-100d");
  if (!existsSync(path.join(starter, "onnx", "model.onnx"))) {
    log(`building ${starter}`);
    await buildStarterModel(starter);
  }
  return [
    { name: "tiny-encoder", dir: tiny },
    { name: "starter/glove-100d", dir: starter },
  ];
}

/**
 * Measures `TransformersEmbeddings.embed()` against raw `session.run` calls (and against tokenizer + `session.run`)
 * on the same model, texts and batches, alternating the sides call by call, and returns the table's rows plus
 * machine and runtime facts.
 *
 * @example
 * const result = await runEmbeddingsVsRaw({ batchSizes: [32], runs: 5 });
 * for (const row of result.rows) console.log(row.model, row.batchSize, row.ratio);
 */
export async function runEmbeddingsVsRaw(
  options: EmbeddingsVsRawOptions = {},
): Promise<EmbeddingsVsRawResult> {
  const log = options.log ?? (() => {});
  const batchSizes = options.batchSizes ?? [1, 8, 32];
  const runs = options.runs ?? 5;
  const warmups = options.warmups ?? 1;
  const threads = options.threads ?? 1;
  const minSampleMs = options.minSampleMs ?? 100;
  for (const [name, value] of Object.entries({ runs, threads, texts: options.texts ?? 256 })) {
    if (!Number.isInteger(value) || value < 1) {
      throw new Error(`--${name} must be a positive integer, got ${value}`);
    }
  }
  if (!Number.isInteger(warmups) || warmups < 0) {
    throw new Error(`warmups must be an integer >= 0, got ${warmups}`);
  }
  if (!Number.isFinite(minSampleMs) || minSampleMs < 0) {
    throw new Error(`--min-ms must be a number >= 0, got ${minSampleMs}`);
  }
  if (batchSizes.length === 0 || batchSizes.some((b) => !Number.isInteger(b) || b < 1)) {
    throw new Error(
      `--batch must be a comma-separated list of positive integers, got ${batchSizes.join(",")}`,
    );
  }
  const models = options.models ?? (await defaultModels(log));
  const texts = makeBenchTexts(options.texts ?? 256);
  const rows: EmbeddingsVsRawRow[] = [];
  const infos: EmbeddingsVsRawModelInfo[] = [];
  let memoSizeOption = true;

  for (const model of models) {
    const dir = path.resolve(model.dir);
    const loadStart = performance.now();
    const probe = await loadLibrary(dir, batchSizes[0]!, threads);
    const libraryLoadSeconds = (performance.now() - loadStart) / 1000;
    const raw = await prepareRaw(dir, probe, texts, threads);
    const provenance = probe.provenance();
    infos.push({
      name: model.name,
      path: dir,
      onnxPath: provenance.path!,
      sha256: provenance.sha256!,
      quantized: provenance.settings.quantized === true,
      dimensions: probe.dimensions,
      maxLength: probe.maxLength,
      inputs: [...raw.session.inputNames],
      libraryLoadSeconds: round(libraryLoadSeconds, 2),
    });
    await probe.dispose();
    log(`${model.name}: loaded in ${libraryLoadSeconds.toFixed(2)} s (${provenance.path})`);
    const tokens = raw.ordered.reduce((sum, ids) => sum + ids.length, 0);

    for (const batchSize of batchSizes) {
      const embeddings = await loadLibrary(dir, batchSize, threads);
      const { feeds, padded } = buildFeeds(raw, raw.ordered, batchSize);
      const library = () => embeddings.embed(texts);
      const runtime = async () => {
        for (const feed of feeds) await raw.session.run(feed);
      };
      const tokenizing = async () => {
        for (const feed of buildFeeds(raw, raw.tokenize(texts), batchSize).feeds) await raw.session.run(feed);
      };
      for (let w = 0; w < warmups; w++) {
        await library();
        await runtime();
        await tokenizing();
      }
      // Alternated call by call: library, raw, raw + tokenizer, library, raw, ... One more round, timed, sets
      // how many rounds make a sample of at least `minSampleMs`.
      const sides = [library, runtime, tokenizing];
      const once = await sample(sides, 1);
      const perRound = once.reduce((sum, t) => sum + t.ms, 0);
      const rounds = Math.max(1, Math.ceil(minSampleMs / Math.max(perRound, 0.01)));
      const lib: Timing[] = [];
      const bare: Timing[] = [];
      const withTokenizer: number[] = [];
      for (let r = 0; r < runs; r++) {
        const [l, b, t] = await sample(sides, rounds);
        lib.push(l!);
        bare.push(b!);
        withTokenizer.push(t!.ms);
      }
      const work = libraryWork(embeddings);
      const expected = raw.ordered.length * (warmups + 1 + runs * rounds);
      if (work && (work.memoHits > 0 || work.modelTexts !== expected)) {
        throw new Error(
          `${model.name}: the library answered ${work.memoHits} texts from its memo and ran ${work.modelTexts} ` +
            `(expected 0 and ${expected}); the bench must measure compute, so memoization has to be off`,
        );
      }
      memoSizeOption &&= memoSwitchedOff(embeddings);
      await embeddings.dispose();
      const libraryMs = median(lib.map((t) => t.ms));
      const rawMs = median(bare.map((t) => t.ms));
      const perSecond = (count: number, ms: number) => Math.round((count / ms) * 1000);
      rows.push({
        model: model.name,
        batchSize,
        threads,
        texts: texts.length,
        textsRun: raw.ordered.length,
        tokens,
        paddedTokens: padded,
        runs,
        roundsPerSample: rounds,
        libraryMs: round(libraryMs, 2),
        rawMs: round(rawMs, 2),
        libraryCpuMs: round(median(lib.map((t) => t.cpuMs)), 2),
        rawCpuMs: round(median(bare.map((t) => t.cpuMs)), 2),
        libraryTextsPerSecond: perSecond(texts.length, libraryMs),
        rawTextsPerSecond: perSecond(texts.length, rawMs),
        libraryTokensPerSecond: perSecond(tokens, libraryMs),
        rawTokensPerSecond: perSecond(tokens, rawMs),
        ratio: round(rawMs / libraryMs, 3),
        pairedRatio: round(median(lib.map((t, i) => bare[i]!.ms / t.ms)), 3),
        rawTokenizingMs: round(median(withTokenizer), 2),
        tokenizerCeiling: round(rawMs / median(withTokenizer), 3),
        ratioVsTokenizing: round(median(withTokenizer) / libraryMs, 3),
      });
      log(`${model.name}: batch ${batchSize} done (ratio ${rows.at(-1)!.ratio})`);
    }
  }

  const versions = runtimeVersions();
  const cpus = os.cpus();
  return {
    section: "embeddings",
    machine: {
      cpus: cpus.length,
      model: cpus[0]?.model ?? "unknown",
      totalmem: os.totalmem(),
      totalmemMb: Math.round(os.totalmem() / 2 ** 20),
      node: process.version,
      platform: process.platform,
      arch: process.arch,
    },
    runtime: {
      tokenizers: versions.tokenizers,
      onnxruntime: versions.onnxruntime,
      threads,
      runs,
      warmups,
      minSampleMs,
      batchSizes,
      texts: texts.length,
      sessionOptions: { ...sessionOptions(threads) },
      memoSizeOption,
    },
    models: infos,
    rows,
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  };
}

/** The result as a Markdown table (with a header line naming machine, runtime and settings). */
export function formatEmbeddingsVsRaw(result: EmbeddingsVsRawResult): string {
  const { machine, runtime } = result;
  const lines = [
    `TransformersEmbeddings.embed() vs raw onnxruntime-node session.run: ${machine.cpus} CPUs (${machine.model}), ` +
      `node ${machine.node}, @huggingface/tokenizers ${runtime.tokenizers}, onnxruntime-node ${runtime.onnxruntime}, ` +
      `threads ${runtime.threads}, ${runtime.texts} texts, median of ${runtime.runs} samples of at least ` +
      `${runtime.minSampleMs} ms (the sides alternate call by call) after ${runtime.warmups} warm-up. ` +
      "ratio = library texts/s / raw texts/s (raw = session.run on pre-tokenized, pre-padded tensors); " +
      "raw+tok = the same tokenizer calls + padding + session.run; ceiling = raw / raw+tok (the best ratio a " +
      "wrapper over this tokenizer can reach); vs raw+tok = library / raw+tok",
    "",
    "| model | batch | tokens | library ms | raw ms | raw+tok ms | library texts/s | raw texts/s | library tokens/s | raw tokens/s | ratio | paired ratio | ceiling | vs raw+tok |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const r of result.rows) {
    lines.push(
      `| ${r.model} | ${r.batchSize} | ${r.tokens} | ${r.libraryMs} | ${r.rawMs} | ${r.rawTokenizingMs} | ` +
        `${r.libraryTextsPerSecond} | ${r.rawTextsPerSecond} | ${r.libraryTokensPerSecond} | ${r.rawTokensPerSecond} | ` +
        `${r.ratio.toFixed(2)} | ${r.pairedRatio.toFixed(2)} | ${r.tokenizerCeiling.toFixed(2)} | ` +
        `${r.ratioVsTokenizing.toFixed(2)} |`,
    );
  }
  lines.push("");
  for (const m of result.models) {
    lines.push(`- ${m.name}: ${m.onnxPath} sha256 ${m.sha256}`);
  }
  lines.push(`- peak RSS ${result.peakRssMb} MB`);
  return lines.join("\n");
}

function argValue(argv: readonly string[], name: string): string | undefined {
  const i = argv.indexOf(name);
  if (i < 0) return undefined;
  const value = argv[i + 1];
  if (value === undefined || value.startsWith("--")) throw new Error(`${name} needs a value`);
  return value;
}

function numberList(value: string | undefined): number[] | undefined {
  return value?.split(",").map((part) => Number(part.trim()));
}

/** Command-line entry: parses flags, prints the table, writes `--json`. */
async function main(argv: readonly string[]): Promise<void> {
  const onnx = argValue(argv, "--onnx");
  const json = argValue(argv, "--json");
  const seen = new Map<string, number>();
  const models = onnx?.split(",").map((dir) => {
    const base = path.basename(path.resolve(dir));
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return { name: count === 1 ? base : `${base}#${count}`, dir };
  });
  const result = await runEmbeddingsVsRaw({
    models,
    runs: numberList(argValue(argv, "--runs"))?.[0],
    batchSizes: numberList(argValue(argv, "--batch")),
    threads: numberList(argValue(argv, "--threads"))?.[0],
    texts: numberList(argValue(argv, "--texts"))?.[0],
    minSampleMs: numberList(argValue(argv, "--min-ms"))?.[0],
    log: (line) => process.stderr.write(`${line}\n`),
  });
  process.stdout.write(`${formatEmbeddingsVsRaw(result)}\n`);
  if (json) {
    await mkdir(path.dirname(path.resolve(json)), { recursive: true });
    await writeFile(json, `${JSON.stringify(result, null, 2)}\n`);
    process.stderr.write(`wrote ${json}\n`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((err: unknown) => {
    process.stderr.write(
      `bench/embeddings-vs-raw: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    process.exitCode = 1;
  });
}
