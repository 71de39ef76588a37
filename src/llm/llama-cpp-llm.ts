import { createHash } from "node:crypto";
import { setMaxListeners } from "node:events";
import { existsSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { LRUCache } from "lru-cache";
import {
  type ChatWrapper,
  type GbnfJsonSchema,
  getModuleVersion,
  type Llama,
  type LlamaContext,
  type LlamaContextSequence,
  type LlamaGrammar,
  LlamaGrammarEvaluationState,
  type LlamaModel,
  resolveChatWrapper,
  type Token,
} from "node-llama-cpp";
import type { z } from "zod";
import { AirgapEvalError, ContextOverflowError, InvalidInputError, JudgeOutputError } from "../errors.js";
import { Memo } from "../memo.js";
import type { JudgePrompt } from "../prompts/types.js";
import type { ModelProvenance } from "../provenance.js";
import { toChatHistory } from "./chat-prompt.js";
import { formatCompletionPrompt } from "./completion-prompt.js";
import { sha256OfFile } from "./file-sha256.js";
import { checkGgufFile } from "./gguf-check.js";
import { zodToGrammarSchema } from "./json-schema.js";
import { getSharedLlama } from "./llama-instance.js";
import { missingGgufError } from "./missing-model.js";
import {
  booleanOption,
  checkSeed,
  checkTemperature,
  nonEmptyString,
  nonNegativeInteger,
  numberAtLeast,
  oneOf,
  positiveInteger,
  sha256Hex,
} from "./option-checks.js";
import { assertInputMayFit } from "./overflow-precheck.js";
import { reusableLength } from "./prefix-reuse.js";
import { SequencePool } from "./sequence-pool.js";
import type { GenerateObjectOptions, GenerateObjectResult, Llm, LlmStats } from "./types.js";

/**
 * Default `threads` for judges under {@link LARGE_MODEL_PARAMETERS}, measured with `npm run bench` on an idle
 * 2-core machine: one thread generated fastest for every model up to 212M parameters (tiny test GGUF, stories260K,
 * random-weight proxies of 5M, 30M, 110M and 212M), and a row's time is mostly generation.
 */
export const DEFAULT_THREADS = 1;
/**
 * From this many parameters on, the default `threads` is every core llama.cpp counts for math: on 2 cores a
 * Qwen2.5-0.5B-sized proxy (494M) read prompts 1.6–1.7× faster with 2 threads than with 1 and generated 0.95–1.9×
 * as fast across three runs (a whole judge row was never slower), while 212M still generated fastest with 1.
 */
export const LARGE_MODEL_PARAMETERS = 400_000_000;

/**
 * The default `threads` for a model of `parameters` parameters on a machine with `mathCores` cores for math.
 *
 * @example
 * defaultThreadsFor(494_000_000, 2); // 2
 * defaultThreadsFor(30_000_000, 8); // 1
 */
export function defaultThreadsFor(parameters: number, mathCores: number): number {
  return parameters >= LARGE_MODEL_PARAMETERS ? Math.max(1, Math.floor(mathCores)) : DEFAULT_THREADS;
}
/** Default answer budget in tokens. */
export const DEFAULT_MAX_TOKENS = 512;
/** Largest default context (tokens per sequence); smaller when the model was trained on less. */
export const DEFAULT_MAX_CONTEXT_SIZE = 4096;
/** Default {@link LlamaCppLlmOptions.memoSize}. */
export const DEFAULT_MEMO_SIZE = 1024;
/**
 * Default {@link LlamaCppLlmOptions.prefixSlots} beyond one per running call. The seed judge metrics have five
 * prompts (faithfulness and context relevance two each, answer relevancy one); with one sequence, 1 + 4 slots keep
 * each prompt's instruction and examples while the others run.
 */
export const DEFAULT_EXTRA_PREFIX_SLOTS = 4;

/** How a prompt is rendered for the model. */
export type PromptFormat = "chat" | "completion";

/** Options of {@link LlamaCppLlm.load}. */
export interface LlamaCppLlmOptions {
  /** Path of the GGUF file. Required. */
  modelPath: string;
  /** Id recorded in results and cache keys. Defaults to the file name without `.gguf`. */
  id?: string;
  /**
   * CPU threads per evaluation; always passed to llama.cpp explicitly. Defaults to 1 for models under 400M parameters
   * and to the cores llama.cpp counts for math (`llama.cpuMathCores`, capped by the CPUs this process may use) for
   * larger ones (see {@link defaultThreadsFor}). On a machine where other work keeps the cores busy, 1 is safer:
   * 2 threads ran 2–8× slower than 1 whenever another process used a core.
   */
  threads?: number;
  /** Context window in tokens, per sequence. Defaults to the model's training context, at most 4096. */
  contextSize?: number;
  /** Tokens evaluated per batch while reading the prompt. Defaults to min(512, contextSize). */
  batchSize?: number;
  /** Parallel sequences in the one context, i.e. calls served at once; more calls queue (FIFO). Defaults to 1. */
  sequences?: number;
  /** Sampling temperature, a finite number >= 0; 0 is greedy (deterministic). Defaults to 0. */
  temperature?: number;
  /** Sampling seed (an integer from 0 to 2^32 - 1) used when temperature > 0, so sampled results repeat. Defaults to 0. */
  seed?: number;
  /** Answer budget in tokens per call. Defaults to 512. */
  maxTokens?: number;
  /** A cut-off answer is retried once with `maxTokens` times this factor (capped by the context). Defaults to 4. */
  retryBudgetFactor?: number;
  /** `chat` uses the model's chat template, `completion` a plain text format; `auto` picks chat when the GGUF has a template. Defaults to `"auto"`. */
  promptFormat?: PromptFormat | "auto";
  /** Known sha256 of the file (e.g. from the registry), to skip hashing it. Defaults to hashing the file once per process. */
  sha256?: string;
  /**
   * Keep what each sequence last evaluated, and evaluate only the part of a new prompt after the longest start it
   * shares with it: a metric's instruction and few-shot examples are then read once per slot, not once per row.
   * The kept part is chosen so the last prompt batch has the same size class as in a fresh read, which makes the
   * next-token probabilities bit-identical to a cleared sequence's (tested on the probabilities and on every seed
   * metric's results). Not for recurrent or sliding-window models, which always start from a cleared sequence.
   * Defaults to `true`.
   */
  reusePromptPrefix?: boolean;
  /**
   * Sequences that keep earlier prompts for {@link reusePromptPrefix}; each call runs on the free slot holding the
   * longest start of its prompt, so metrics with different prompts do not evict each other. At most `sequences`
   * run at once. Each slot holds `contextSize` tokens of KV memory, allocated at load: about 48 MiB for
   * Qwen2.5-0.5B at 4096 tokens, about 512 MiB for an 8B model with 8 KV heads; lower it (or `contextSize`) when
   * memory is short. At least `sequences`. Defaults to `sequences + 4` with prompt reuse, else `sequences`.
   */
  prefixSlots?: number;
  /**
   * Finished answers kept in memory (least recently used dropped first), so an identical call (same rendered
   * prompt, schema and sampling settings) is answered without running the model again; identical calls running at
   * the same time are computed once. `0` turns this off. Defaults to `1024`.
   */
  memoSize?: number;
}

interface Generation {
  text: string;
  tokens: number;
  finished: boolean;
  /** Prompt tokens run through the model (the rest came from the sequence's kept state). */
  evaluatedPromptTokens: number;
}

/**
 * A judge LLM running in-process on a GGUF model through node-llama-cpp (prebuilt CPU binary,
 * never a download). Every answer is constrained by a grammar built from the zod schema and then
 * re-checked with the schema. `sequences` calls run at once on one context; more calls queue.
 *
 * @example
 * await using llm = await LlamaCppLlm.load({ modelPath: "models/qwen2.5-0.5b-instruct-q4_k_m.gguf" });
 * const { value } = await llm.generateObject(
 *   { name: "demo", version: "1", system: "Answer with a verdict.", examples: [], input: "Is water wet?" },
 *   z.object({ verdict: z.literal([0, 1]) }),
 * );
 */
export class LlamaCppLlm implements Llm, AsyncDisposable {
  /** Model id for results and cache keys. */
  readonly id: string;
  /** Absolute path of the GGUF file. */
  readonly modelPath: string;
  /** Context window in tokens (per sequence). A prompt plus its answer budget must fit in it. */
  readonly contextSize: number;
  /** Calls served at once (the `sequences` option; the context holds {@link prefixSlots} sequences). */
  readonly concurrency: number;
  /** CPU threads per evaluation. */
  readonly threads: number;
  /** Prompt batch size. */
  readonly batchSize: number;
  /** Default sampling temperature. */
  readonly temperature: number;
  /** Default sampling seed. */
  readonly seed: number;
  /** Default answer budget in tokens. */
  readonly maxTokens: number;
  /** How prompts are rendered: with the model's chat template, or as plain completion text. */
  readonly promptFormat: PromptFormat;
  /** Whether a prompt's start already held by a sequence is reused (see {@link LlamaCppLlmOptions.reusePromptPrefix}). */
  readonly reusePromptPrefix: boolean;
  /** Sequences kept for prompt reuse (see {@link LlamaCppLlmOptions.prefixSlots}). */
  readonly prefixSlots: number;

  private readonly retryBudgetFactor: number;
  private readonly memo: Memo<Generation>;
  private readonly schemaKeys = new WeakMap<z.ZodType, string>();
  /** Per instruction and examples: the prompt's tokens with a placeholder input, to find where the input starts. */
  private readonly fixedParts = new LRUCache<string, Token[]>({ max: 64 });
  /** Per sequence: how many leading tokens of its last prompt were instruction and examples (worth keeping). */
  private readonly slotValue = new Map<LlamaContextSequence, number>();
  private readonly counters = { calls: 0, promptTokens: 0, evaluatedPromptTokens: 0, completionTokens: 0 };
  private readonly grammars = new WeakMap<z.ZodType, Promise<LlamaGrammar>>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly disposeController = new AbortController();
  private disposePromise: Promise<void> | undefined;

  private constructor(
    private readonly llama: Llama,
    private readonly model: LlamaModel,
    private readonly context: LlamaContext,
    private readonly pool: SequencePool<LlamaContextSequence>,
    private readonly chatWrapper: ChatWrapper | undefined,
    private readonly sha256: string,
    private readonly runtimeVersion: string,
    settings: {
      id: string;
      modelPath: string;
      threads: number;
      batchSize: number;
      temperature: number;
      seed: number;
      maxTokens: number;
      retryBudgetFactor: number;
      sequences: number;
      reusePromptPrefix: boolean;
      memoSize: number;
    },
  ) {
    this.id = settings.id;
    this.modelPath = settings.modelPath;
    this.contextSize = context.contextSize;
    this.concurrency = settings.sequences;
    this.prefixSlots = context.totalSequences;
    this.reusePromptPrefix = settings.reusePromptPrefix;
    this.memo = new Memo(settings.memoSize);
    // Every queued call listens on this signal until it starts; many queued calls are normal, not a leak.
    setMaxListeners(0, this.disposeController.signal);
    this.threads = settings.threads;
    this.batchSize = settings.batchSize;
    this.temperature = settings.temperature;
    this.seed = settings.seed;
    this.maxTokens = settings.maxTokens;
    this.retryBudgetFactor = settings.retryBudgetFactor;
    this.promptFormat = chatWrapper ? "chat" : "completion";
  }

  /**
   * Loads a GGUF file and creates one context with `prefixSlots` sequences, of which `sequences` run at once.
   * Throws `InvalidInputError` (with the option name as `field`) for a bad option,
   * `ModelNotFoundError` when the file does not exist, `InvalidInputError` (with `file`) when it is
   * not a complete GGUF file (checked before llama.cpp reads it), and `AirgapEvalError` when no
   * prebuilt llama.cpp binary can run on this machine.
   *
   * @example
   * const llm = await LlamaCppLlm.load({ modelPath: "judge.gguf", threads: 1, contextSize: 2048 });
   */
  static async load(options: LlamaCppLlmOptions): Promise<LlamaCppLlm> {
    const settings = checkLoadOptions(options);
    const { modelPath, id, sequences, prefixSlots } = settings;
    if (!existsSync(modelPath) || !statSync(modelPath).isFile())
      throw missingGgufError(modelPath, options.id);
    // Before llama.cpp sees the file: a damaged header can keep its loaders busy for minutes.
    await checkGgufFile(modelPath);

    const [llama, sha256, runtimeVersion] = await Promise.all([
      getSharedLlama(),
      settings.sha256 !== undefined ? Promise.resolve(settings.sha256) : sha256OfFile(modelPath),
      getModuleVersion(),
    ]);
    let model: LlamaModel;
    try {
      model = await llama.loadModel({ modelPath, gpuLayers: 0 });
    } catch (err) {
      throw new AirgapEvalError(
        `Could not load GGUF model ${modelPath}: ${errorText(err)}. Is it a complete GGUF file? Re-copy it or check its sha256.`,
        { cause: err },
      );
    }
    const threads =
      settings.threads ??
      defaultThreadsFor(
        model.fileInsights.totalParameters,
        Math.min(llama.cpuMathCores, os.availableParallelism()),
      );
    let context: LlamaContext;
    try {
      const contextSize = settings.contextSize ?? Math.min(model.trainContextSize, DEFAULT_MAX_CONTEXT_SIZE);
      const batchSize = settings.batchSize ?? Math.min(512, contextSize);
      context = await model.createContext({
        contextSize,
        batchSize,
        sequences: prefixSlots,
        threads,
        flashAttention: false,
      });
    } catch (err) {
      await model.dispose();
      if (err instanceof AirgapEvalError) throw err;
      throw new AirgapEvalError(`Could not create a context for ${modelPath}: ${errorText(err)}`, {
        cause: err,
      });
    }
    const seqs: LlamaContextSequence[] = [];
    for (let i = 0; i < prefixSlots; i++) seqs.push(context.getSequence());

    const format = settings.promptFormat;
    const template = model.fileInfo.metadata.tokenizer?.chat_template;
    const hasTemplate = typeof template === "string" && template.trim() !== "";
    if (format === "chat" && !hasTemplate) {
      await context.dispose();
      await model.dispose();
      throw new InvalidInputError(
        `"chat" was asked for, but the model has no tokenizer.chat_template. Use "completion" or "auto".`,
        { file: modelPath, field: "promptFormat" },
      );
    }
    const useChat = format === "chat" || (format === "auto" && hasTemplate);
    const chatWrapper = useChat
      ? resolveChatWrapper(model, {
          // Keep prompts free of the current date, so the same input gives the same prompt on every run.
          customWrapperSettings: {
            "llama3.1": { todayDate: null },
            "llama3.2-lightweight": { todayDate: null },
            harmony: { todayDate: null },
            muse: { todayDate: null },
          },
        })
      : undefined;

    return new LlamaCppLlm(
      llama,
      model,
      context,
      new SequencePool(seqs, sequences),
      chatWrapper,
      sha256,
      runtimeVersion,
      {
        id,
        modelPath,
        threads,
        batchSize: context.batchSize,
        temperature: settings.temperature,
        seed: settings.seed,
        maxTokens: settings.maxTokens,
        retryBudgetFactor: settings.retryBudgetFactor,
        sequences,
        reusePromptPrefix: settings.reusePromptPrefix,
        memoSize: settings.memoSize,
      },
    );
  }

  /** True once `dispose()` was called. */
  get disposed(): boolean {
    return this.disposeController.signal.aborted;
  }

  /**
   * Tokens of a piece of text, without BOS or template tokens. Metrics use it with
   * {@link contextSize} to shrink their input.
   *
   * @example
   * if (llm.countTokens(context) > llm.contextSize / 2) context = shorten(context);
   */
  countTokens(text: string): number {
    this.ensureUsable();
    return this.model.tokenize(text, false).length;
  }

  /**
   * Tokens of a whole rendered prompt (template, examples and input), as `generateObject` sees it.
   * A call fits when `countPromptTokens(prompt) + maxTokens <= contextSize`.
   */
  countPromptTokens(prompt: JudgePrompt): number {
    this.ensureUsable();
    return this.promptTokens(prompt).length;
  }

  /** Generates one object valid against `schema`. See {@link Llm.generateObject}. */
  async generateObject<S extends z.ZodType>(
    prompt: JudgePrompt,
    schema: S,
    options: GenerateObjectOptions = {},
  ): Promise<GenerateObjectResult<z.output<S>>> {
    this.ensureUsable();
    const task = this.run(prompt, schema, options);
    this.inFlight.add(task);
    try {
      return await task;
    } finally {
      this.inFlight.delete(task);
    }
  }

  /**
   * Work done since the model was loaded: calls, calls answered by the memo, and prompt tokens in the prompts
   * against those actually evaluated (fewer with {@link reusePromptPrefix}).
   *
   * @example
   * const { promptTokens, evaluatedPromptTokens } = llm.stats();
   * console.log(`${(1 - evaluatedPromptTokens / promptTokens) * 100}% of prompt tokens reused`);
   */
  stats(): LlmStats {
    return { ...this.counters, memoHits: this.memo.hits };
  }

  /** How the model was made and configured. */
  provenance(): ModelProvenance {
    return {
      id: this.id,
      kind: "llm",
      path: this.modelPath,
      sha256: this.sha256,
      runtime: { name: "node-llama-cpp", version: this.runtimeVersion },
      settings: {
        contextSize: this.contextSize,
        batchSize: this.batchSize,
        temperature: this.temperature,
        seed: this.seed,
        maxTokens: this.maxTokens,
        promptFormat: this.promptFormat,
        chatWrapper: this.chatWrapper?.wrapperName ?? null,
      },
      // Speed-only settings, kept out of cache keys. A call sees only its own prompt (kept prefix or cleared
      // sequence); llama.cpp's CPU kernels give each thread whole rows of a matrix product, so the thread count does
      // not change sums; parallel calls gave the same answers as one-by-one calls on every test model (their
      // probabilities can differ in the last bits, as sequences share batches). test/llm-judge.test.ts tests these;
      // prompt reuse and the memo (which only skip work whose result is known) are tested in test/llm-levers.test.ts,
      // test/prefix-reuse.test.ts and test/evaluate-levers.test.ts.
      performance: {
        threads: this.threads,
        sequences: this.concurrency,
        reusePromptPrefix: this.reusePromptPrefix,
        prefixSlots: this.prefixSlots,
        memoSize: this.memo.maxEntries,
      },
    };
  }

  /**
   * Stops running calls (they reject), frees the context and the model. Safe to call twice.
   * The shared llama.cpp runtime stays loaded for other models of the process.
   */
  dispose(): Promise<void> {
    if (!this.disposePromise) {
      this.disposeController.abort(this.disposedError());
      this.pool.close(this.disposedError());
      this.disposePromise = (async () => {
        await Promise.allSettled([...this.inFlight]);
        await this.context.dispose();
        await this.model.dispose();
      })();
    }
    return this.disposePromise;
  }

  /** Same as {@link dispose}, for `await using`. */
  [Symbol.asyncDispose](): Promise<void> {
    return this.dispose();
  }

  private async run<S extends z.ZodType>(
    prompt: JudgePrompt,
    schema: S,
    options: GenerateObjectOptions,
  ): Promise<GenerateObjectResult<z.output<S>>> {
    const maxTokens = positiveInteger(options.maxTokens ?? this.maxTokens, "maxTokens");
    assertInputMayFit(prompt, this.contextSize - maxTokens, (t) => this.countTokens(t), this.contextSize);
    const tokens = this.promptTokens(prompt);
    const temperature = checkTemperature(options.temperature ?? this.temperature, "temperature");
    const seed = checkSeed(options.seed ?? this.seed, "seed");
    if (tokens.length + maxTokens > this.contextSize) {
      throw new ContextOverflowError(
        `Prompt "${prompt.name}" has ${tokens.length} tokens; with an answer budget of ${maxTokens} tokens it does ` +
          `not fit the context of ${this.contextSize} tokens. Shorten the input, lower maxTokens, or load the judge ` +
          "with a larger contextSize.",
        tokens.length,
        this.contextSize,
      );
    }
    const grammar = await this.grammarFor(schema);
    const signal = options.signal
      ? AbortSignal.any([options.signal, this.disposeController.signal])
      : this.disposeController.signal;
    const retryBudget = Math.min(
      Math.ceil(maxTokens * this.retryBudgetFactor),
      this.contextSize - tokens.length,
    );
    const settings = { maxTokens, retryBudget, temperature, seed };
    this.counters.calls += 1;
    this.counters.promptTokens += tokens.length;
    const { value: generation, hit } = await this.memo.get(
      this.memoKey(tokens, schema, settings),
      async () => {
        const fixed = this.fixedPartLength(prompt, tokens);
        const sequence = await this.pool.acquire(signal, (candidate) => this.slotScore(candidate, tokens));
        this.slotValue.set(sequence, fixed);
        try {
          const result = await this.generate(sequence, tokens, grammar, { ...settings, signal });
          this.counters.evaluatedPromptTokens += result.evaluatedPromptTokens;
          this.counters.completionTokens += result.tokens;
          return result;
        } finally {
          this.pool.release(sequence);
        }
      },
      signal,
    );
    const usage = {
      promptTokens: tokens.length,
      completionTokens: generation.tokens,
      evaluatedPromptTokens: hit ? 0 : generation.evaluatedPromptTokens,
    };
    if (!generation.finished) {
      throw new JudgeOutputError(
        `Judge output for prompt "${prompt.name}" was cut off at ${generation.tokens} tokens (maxTokens ${maxTokens}, ` +
          "retried once with a larger budget). Raise maxTokens or simplify the output schema.",
        generation.text,
      );
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(generation.text);
    } catch (err) {
      throw new JudgeOutputError(
        `Judge output for prompt "${prompt.name}" is not valid JSON: ${errorText(err)}`,
        generation.text,
        { cause: err },
      );
    }
    const checked = schema.safeParse(parsed);
    if (!checked.success) {
      const issues = checked.error.issues
        .map((issue) => `${issue.path.length > 0 ? issue.path.join(".") : "(root)"}: ${issue.message}`)
        .join("; ");
      throw new JudgeOutputError(
        `Judge output for prompt "${prompt.name}" does not match the output schema: ${issues}`,
        generation.text,
        { cause: checked.error },
      );
    }
    return { value: checked.data as z.output<S>, usage };
  }

  /**
   * Greedy or seeded sampling under the grammar. The sequence keeps the start it shares with the prompt (when
   * reuse is on) and forgets everything else, so a result depends only on the prompt, not on earlier calls.
   * When `maxTokens` is reached, generation continues once up to `retryBudget`: at temperature 0 this equals a
   * retry with the larger budget, without recomputing the tokens already produced.
   */
  private async generate(
    sequence: LlamaContextSequence,
    tokens: Token[],
    grammar: LlamaGrammar,
    opts: { maxTokens: number; retryBudget: number; temperature: number; seed: number; signal: AbortSignal },
  ): Promise<Generation> {
    const keep = this.reusableTokens(sequence, tokens);
    if (keep === 0) await sequence.clearHistory();
    else if (sequence.nextTokenIndex > keep) {
      await sequence.eraseContextTokenRanges([{ start: keep, end: sequence.nextTokenIndex }]);
    }
    const grammarEvaluationState = new LlamaGrammarEvaluationState({ model: this.model, grammar });
    const out: Token[] = [];
    let limit = opts.maxTokens;
    let finished = false;
    const iterator = sequence.evaluate(keep === 0 ? tokens : tokens.slice(keep), {
      temperature: opts.temperature,
      seed: opts.seed,
      grammarEvaluationState,
      yieldEogToken: true,
    });
    try {
      for await (const token of iterator) {
        if (opts.signal.aborted) throw opts.signal.reason;
        if (this.model.isEogToken(token)) {
          finished = true;
          break;
        }
        out.push(token);
        // A JSON grammar lets the model pad a finished value with whitespace; stop at the first
        // whitespace after a complete value instead of letting it run to maxTokens.
        if (this.model.detokenize([token]).trim() === "" && isCompleteJson(this.model.detokenize(out))) {
          out.pop();
          finished = true;
          break;
        }
        if (out.length >= limit) {
          if (limit < opts.retryBudget) limit = opts.retryBudget;
          else break;
        }
      }
    } catch (err) {
      if (opts.signal.aborted) throw opts.signal.reason;
      throw err;
    }
    return {
      text: this.model.detokenize(out).trimEnd(),
      tokens: out.length,
      finished,
      evaluatedPromptTokens: tokens.length - keep,
    };
  }

  /**
   * How many leading prompt tokens `sequence` already holds and can keep (see {@link reusableLength}). A sequence
   * whose oldest tokens were dropped (sliding-window models) or whose state cannot be cut (recurrent models) keeps
   * nothing.
   */
  private reusableTokens(sequence: LlamaContextSequence, tokens: Token[]): number {
    if (!this.reusePromptPrefix || sequence.stateCellsStartIndex > 0 || sequence.needsCheckpoints) return 0;
    const shared = sequence.compareContextTokens(tokens).firstDifferentIndex;
    return reusableLength(shared, tokens.length, this.batchSize);
  }

  /**
   * Tokens of `tokens` that belong to the prompt's instruction and examples (the same for every row of a metric):
   * the start it shares with the same prompt rendered around a placeholder input.
   */
  private fixedPartLength(prompt: JudgePrompt, tokens: Token[]): number {
    if (!this.reusePromptPrefix) return 0;
    const key = JSON.stringify([prompt.system, prompt.examples]);
    let probe = this.fixedParts.get(key);
    if (!probe) {
      probe = this.promptTokens({ ...prompt, input: INPUT_PLACEHOLDER });
      this.fixedParts.set(key, probe);
    }
    let shared = 0;
    while (shared < probe.length && shared < tokens.length && probe[shared] === tokens[shared]) shared++;
    return shared;
  }

  /**
   * How good a free sequence is for a prompt: the tokens it lets the call skip, minus the instruction-and-examples
   * tokens of another prompt that running there would erase. An empty sequence scores 0, so a call takes an empty
   * slot rather than evict another metric's prompt for a shared template start.
   */
  private slotScore(sequence: LlamaContextSequence, tokens: Token[]): number {
    const shared = this.reusableTokens(sequence, tokens);
    return shared - Math.max(0, (this.slotValue.get(sequence) ?? 0) - shared);
  }

  /** Identifies a call for the memo: the prompt tokens, the output schema and every sampling setting. */
  private memoKey(
    tokens: Token[],
    schema: z.ZodType,
    settings: { maxTokens: number; retryBudget: number; temperature: number; seed: number },
  ): string {
    let schemaKey = this.schemaKeys.get(schema);
    if (schemaKey === undefined) {
      schemaKey = JSON.stringify(zodToGrammarSchema(schema));
      this.schemaKeys.set(schema, schemaKey);
    }
    return createHash("sha256")
      .update(JSON.stringify([settings, schemaKey]))
      .update(Int32Array.from(tokens as number[]))
      .digest("hex");
  }

  private promptTokens(prompt: JudgePrompt): Token[] {
    if (this.chatWrapper) {
      const { contextText } = this.chatWrapper.generateContextState({ chatHistory: toChatHistory(prompt) });
      return contextText.tokenize(this.model.tokenizer);
    }
    const tokens = this.model.tokenize(formatCompletionPrompt(prompt), false);
    const bos = this.model.tokens.bos;
    return this.model.tokens.shouldPrependBosToken && bos !== null ? [bos, ...tokens] : tokens;
  }

  private grammarFor(schema: z.ZodType): Promise<LlamaGrammar> {
    let grammar = this.grammars.get(schema);
    if (!grammar) {
      grammar = this.llama.createGrammarForJsonSchema<GbnfJsonSchema>(zodToGrammarSchema(schema));
      this.grammars.set(schema, grammar);
      grammar.catch(() => this.grammars.delete(schema));
    }
    return grammar;
  }

  private ensureUsable(): void {
    if (this.disposed) throw this.disposedError();
  }

  private disposedError(): AirgapEvalError {
    return new AirgapEvalError(
      `LlamaCppLlm "${this.id}" was disposed; load the model again with LlamaCppLlm.load() to make more calls.`,
    );
  }
}

/** Stands for a row's input when finding where the input starts in a rendered prompt. */
const INPUT_PLACEHOLDER = "\u0001";

function isCompleteJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Every load option checked, with defaults applied where they do not depend on the model. */
function checkLoadOptions(options: LlamaCppLlmOptions) {
  if (typeof options !== "object" || options === null) {
    throw new InvalidInputError("LlamaCppLlm.load needs an options object with at least modelPath");
  }
  const modelPath = path.resolve(nonEmptyString(options.modelPath, "modelPath"));
  const id =
    options.id === undefined
      ? path.basename(modelPath).replace(/\.gguf$/i, "")
      : nonEmptyString(options.id, "id");
  const sequences = positiveInteger(options.sequences ?? 1, "sequences");
  const reusePromptPrefix = booleanOption(options.reusePromptPrefix ?? true, "reusePromptPrefix");
  const prefixSlots = positiveInteger(
    options.prefixSlots ?? (reusePromptPrefix ? sequences + DEFAULT_EXTRA_PREFIX_SLOTS : sequences),
    "prefixSlots",
  );
  if (prefixSlots < sequences) {
    throw new InvalidInputError(
      `prefixSlots (${prefixSlots}) must be at least sequences (${sequences}): every running call needs a slot.`,
      { field: "prefixSlots" },
    );
  }
  return {
    modelPath,
    id,
    threads: options.threads === undefined ? undefined : positiveInteger(options.threads, "threads"),
    sequences,
    reusePromptPrefix,
    prefixSlots,
    memoSize: nonNegativeInteger(options.memoSize ?? DEFAULT_MEMO_SIZE, "memoSize"),
    maxTokens: positiveInteger(options.maxTokens ?? DEFAULT_MAX_TOKENS, "maxTokens"),
    contextSize:
      options.contextSize === undefined ? undefined : positiveInteger(options.contextSize, "contextSize"),
    batchSize: options.batchSize === undefined ? undefined : positiveInteger(options.batchSize, "batchSize"),
    temperature: checkTemperature(options.temperature ?? 0, "temperature"),
    seed: checkSeed(options.seed ?? 0, "seed"),
    retryBudgetFactor: numberAtLeast(options.retryBudgetFactor ?? 4, 1, "retryBudgetFactor"),
    promptFormat: oneOf(
      options.promptFormat ?? "auto",
      ["auto", "chat", "completion"] as const,
      "promptFormat",
    ),
    sha256: options.sha256 === undefined ? undefined : sha256Hex(options.sha256, "sha256"),
  };
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
