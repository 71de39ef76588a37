import { setMaxListeners } from "node:events";
import type {
  ChatWrapper,
  Llama,
  LlamaContext,
  LlamaContextSequence,
  LlamaModel,
  Token,
} from "node-llama-cpp";
import type { z } from "zod";
import { AirgapEvalError, JudgeOutputError } from "../errors.js";
import type { JudgePrompt } from "../prompts/types.js";
import type { ModelProvenance } from "../provenance.js";
import { Memo } from "../util/memo.js";
import { type CallLimits, checkCall, checkChoiceCall } from "./call-settings.js";
import { normaliseChoices, readChoiceProbabilities } from "./choice-probabilities.js";
import { JudgeGrammars } from "./judge-grammars.js";
import { parseJudgeAnswer } from "./judge-output.js";
import { checkLoadOptions, type LlamaCppLlmOptions, type PromptFormat } from "./load-options.js";
import { MemoKeys } from "./memo-keys.js";
import { type OpenedGguf, openGguf } from "./open-gguf.js";
import { planReservedTokens, writeFromPlan } from "./plan-writer.js";
import { PrefixSlots } from "./prefix-slots.js";
import { omitsChatBos, promptTokensOf } from "./prompt-tokens.js";
import { SequencePool } from "./sequence-pool.js";
import { type Generation, generateUnderGrammar } from "./token-loop.js";
import type {
  ChoiceProbabilities,
  ChoiceRequest,
  GenerateObjectOptions,
  GenerateObjectResult,
  Llm,
  LlmStats,
  ScoreChoicesOptions,
} from "./types.js";
import { WorkCounter } from "./work-counter.js";

export type { CpuBuildOption } from "./cpu-build.js";
export type { GpuOption, LlamaCppLlmOptions, PromptFormat } from "./load-options.js";

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
  /** The context the model was trained on (its GGUF's `context_length`); a larger {@link contextSize} is allowed. */
  readonly trainContextSize: number;
  /** Calls served at once (the `sequences` option; the context holds {@link prefixSlots} sequences). */
  readonly concurrency: number;
  /** CPU threads per evaluation. */
  readonly threads: number;
  /** The llama.cpp CPU build the judge runs on (`haswell`, `zen4`, ...; see {@link LlamaCppLlmOptions.cpuBuild}). */
  readonly cpuBuild: string;
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
  /** `generateObject` reports the probabilities at `choiceSlots`, read in its own token loop. */
  readonly readsChoiceSlots = true;
  /** `generateObject` writes answers from a `plan`, feeding its known parts in batches. */
  readonly followsPlans = true;

  private readonly memo: Memo<Generation & { prefilledTokens?: number }>;
  private readonly memoKeys = new MemoKeys();
  /** What the checks of a call need from this judge. */
  private readonly limits: CallLimits;
  private readonly slots: PrefixSlots;
  private readonly work = new WorkCounter();
  private readonly grammars: JudgeGrammars;
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly disposeController = new AbortController();
  private disposePromise: Promise<void> | undefined;
  private readonly llama: Llama;
  private readonly model: LlamaModel;
  private readonly context: LlamaContext;
  private readonly chatWrapper: ChatWrapper | undefined;
  /** The chat wrapper's leading BOS token is left out: the model adds none (see `omitsChatBos`). */
  private readonly chatBosOmitted: boolean;
  private readonly sha256: string;
  private readonly runtime: { version: string; llamaCpp: string };

  private constructor(
    opened: OpenedGguf,
    private readonly pool: SequencePool<LlamaContextSequence>,
    settings: ReturnType<typeof checkLoadOptions>,
  ) {
    this.llama = opened.llama;
    this.model = opened.model;
    this.context = opened.context;
    this.chatWrapper = opened.chatWrapper;
    this.sha256 = opened.sha256;
    this.runtime = { version: opened.runtimeVersion, llamaCpp: opened.llamaCppRelease };
    this.id = settings.id;
    this.modelPath = settings.modelPath;
    this.contextSize = this.context.contextSize;
    this.trainContextSize = this.model.trainContextSize;
    this.concurrency = settings.sequences;
    this.prefixSlots = this.context.totalSequences;
    this.reusePromptPrefix = settings.reusePromptPrefix;
    this.slots = new PrefixSlots(settings.reusePromptPrefix, this.context.batchSize, (p) =>
      this.promptTokens(p),
    );
    this.memo = new Memo(settings.memoSize);
    // Every queued call listens on this signal until it starts; many queued calls are normal, not a leak.
    setMaxListeners(0, this.disposeController.signal);
    this.threads = opened.threads;
    this.cpuBuild = opened.cpuBuild;
    this.batchSize = this.context.batchSize;
    this.temperature = settings.temperature;
    this.seed = settings.seed;
    this.maxTokens = settings.maxTokens;
    this.promptFormat = this.chatWrapper ? "chat" : "completion";
    this.chatBosOmitted = omitsChatBos(this.model, this.chatWrapper);
    this.grammars = new JudgeGrammars(this.llama);
    this.limits = {
      contextSize: this.contextSize,
      maxTokens: this.maxTokens,
      temperature: this.temperature,
      seed: this.seed,
      retryBudgetFactor: settings.retryBudgetFactor,
      countTokens: (text) => this.countTokens(text),
      promptTokens: (prompt) => this.promptTokens(prompt),
      planReservedTokens: (plan) => planReservedTokens(this.model, plan),
    };
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
   * const judge = await LlamaCppLlm.load({ model: await resolveModel("qwen2.5-0.5b-instruct", { kind: "llm" }) });
   */
  static async load(options: LlamaCppLlmOptions): Promise<LlamaCppLlm> {
    const settings = checkLoadOptions(options);
    const opened = await openGguf(settings, options.id ?? options.model?.id);
    const seqs: LlamaContextSequence[] = [];
    for (let i = 0; i < settings.prefixSlots; i++) seqs.push(opened.context.getSequence());
    return new LlamaCppLlm(opened, new SequencePool(seqs, settings.sequences), settings);
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
    return this.track(this.run(prompt, schema, options));
  }

  /**
   * The judge's probabilities for a few allowed values at a forced position of its answer (see
   * {@link Llm.scoreChoices}); the work is in `choice-probabilities.ts`. Runs on a pooled sequence like
   * `generateObject`, reusing the prompt's kept start.
   */
  async scoreChoices(
    prompt: JudgePrompt,
    request: ChoiceRequest,
    options: ScoreChoicesOptions = {},
  ): Promise<ChoiceProbabilities> {
    this.ensureUsable();
    const tokens = checkChoiceCall(prompt, request, this.limits);
    const task = this.slots.runOn(
      this.pool,
      prompt,
      tokens,
      this.callSignal(options),
      async (sequence, keep) => {
        const read = await readChoiceProbabilities(this.model, sequence, tokens, keep, request);
        this.work.call(read.promptTokens);
        this.work.ran({ ...read, generatedTokens: 0, prefilledTokens: read.choiceTokens });
        return {
          ...normaliseChoices(read.raw),
          usage: {
            promptTokens: read.promptTokens,
            completionTokens: read.choiceTokens,
            evaluatedPromptTokens: read.evaluatedPromptTokens,
          },
        };
      },
    );
    return this.track(task);
  }

  /**
   * Work done since the model was loaded: calls, calls answered by the memo, prompt tokens in the prompts against
   * those actually evaluated and those reused from a kept start ({@link reusePromptPrefix}), answer tokens generated
   * and written from a plan. Counts, not times: a busy machine does not change them.
   *
   * @example
   * const { promptTokens, evaluatedPromptTokens } = llm.stats();
   * console.log(`${(1 - evaluatedPromptTokens / promptTokens) * 100}% of prompt tokens reused`);
   */
  stats(): LlmStats {
    return this.work.totals(this.memo.hits);
  }

  /** How the model was made and configured. */
  provenance(): ModelProvenance {
    return {
      id: this.id,
      kind: "llm",
      path: this.modelPath,
      sha256: this.sha256,
      runtime: { name: "node-llama-cpp", version: this.runtime.version },
      settings: {
        contextSize: this.contextSize,
        batchSize: this.batchSize,
        temperature: this.temperature,
        seed: this.seed,
        maxTokens: this.maxTokens,
        promptFormat: this.promptFormat,
        chatWrapper: this.chatWrapper?.wrapperName ?? null,
        // Only where the wrapper's BOS token is left out, so other models' configs and cache keys stay as they were.
        ...(this.chatBosOmitted ? { chatWrapperBos: false } : {}),
        // Both change the numbers: the llama.cpp release, and its CPU build (each rounds differently).
        llamaCpp: this.runtime.llamaCpp,
        cpuBuild: this.cpuBuild,
        // Only on a GPU, so CPU configs (and their hashes and cache keys) stay as they were.
        ...(this.llama.gpu !== false ? { gpu: this.llama.gpu, gpuLayers: this.model.gpuLayers } : {}),
      },
      // Speed-only settings, kept out of cache keys: a call sees only its own prompt (kept prefix or cleared
      // sequence), llama.cpp's CPU kernels give each thread whole rows of a matrix product, and prompt reuse and
      // the memo only skip work whose result is known.
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
    const { tokens, settings } = checkCall(prompt, options, this.limits);
    const { maxTokens, retryBudget, temperature, seed, plan } = settings;
    const signal = this.callSignal(options);
    // With a plan the schema's grammar is not used (the answer is written part by part); it is not built.
    const grammar = plan === undefined ? await this.grammars.forSchema(schema) : undefined;
    this.work.call(tokens.length);
    const { value: generation, hit } = await this.memo.get(
      this.memoKeys.of(tokens, schema, settings),
      () =>
        this.slots.runOn(this.pool, prompt, tokens, signal, async (sequence, keep) => {
          const result =
            plan === undefined
              ? await generateUnderGrammar(this.model, sequence, tokens, keep, grammar!, {
                  ...settings,
                  signal,
                  endsAtCompleteJson: true,
                })
              : await writeFromPlan(this.model, sequence, tokens, keep, plan, this.grammars.plan, {
                  maxTokens,
                  retryBudget,
                  temperature,
                  seed,
                  signal,
                  read: (key) => options.choiceSlots?.some((slot) => slot.key === key) === true,
                });
          this.work.ran({ ...result, promptTokens: tokens.length, generatedTokens: result.tokens });
          return result;
        }),
      signal,
    );
    const usage = {
      promptTokens: tokens.length,
      completionTokens: generation.tokens,
      evaluatedPromptTokens: hit ? 0 : generation.evaluatedPromptTokens,
      ...(generation.prefilledTokens !== undefined ? { prefilledTokens: generation.prefilledTokens } : {}),
    };
    if (!generation.finished) {
      throw new JudgeOutputError(
        `Judge output for prompt "${prompt.name}" was cut off at ${generation.tokens} tokens (maxTokens ${maxTokens}, ` +
          "retried once with a larger budget). Raise maxTokens or simplify the output schema.",
        generation.text,
      );
    }
    return {
      value: parseJudgeAnswer(schema, generation.text, prompt.name),
      usage,
      ...(generation.slots !== undefined && options.choiceSlots?.length ? { slots: generation.slots } : {}),
    };
  }

  private promptTokens(prompt: JudgePrompt): Token[] {
    return promptTokensOf(this.model, this.chatWrapper, prompt);
  }

  /** `task`, held until it settles so that `dispose` waits for it. */
  private async track<T>(task: Promise<T>): Promise<T> {
    this.inFlight.add(task);
    try {
      return await task;
    } finally {
      this.inFlight.delete(task);
    }
  }

  /** The signal a call obeys: its own, and the judge's dispose. */
  private callSignal(options: { signal?: AbortSignal }): AbortSignal {
    return options.signal
      ? AbortSignal.any([options.signal, this.disposeController.signal])
      : this.disposeController.signal;
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
