// Judges kept one at a time in memory: a jury whose judges do not fit in memory together takes them from a shelf,
// which loads a judge when it is first called and frees the judge loaded before it.
import type { z } from "zod";
import { InvalidInputError } from "../../errors.js";
import { identityDifferences, type LlmIdentity, llmIdentity } from "../../llm/lazy-llm.js";
import type {
  ChoiceProbabilities,
  ChoiceRequest,
  GenerateObjectOptions,
  GenerateObjectResult,
  Llm,
  ScoreChoicesOptions,
} from "../../llm/types.js";
import type { JudgePrompt } from "../../prompts/types.js";
import type { ModelProvenance } from "../../provenance.js";

/** A judge as {@link JudgeLoader.load} gives it: the loaded model, and how to free it. */
export interface LoadedJudge {
  llm: Llm;
  /** Frees the judge (its model and context). */
  dispose(): Promise<void>;
}

/** How a shelf gets one of its judges. */
export interface JudgeLoader {
  /** The judge's name in results (a jury's `names` default to these). */
  name: string;
  /** Loads the judge; called each time the shelf needs it again after freeing it. */
  load(): Promise<LoadedJudge>;
}

/** One judge of a shelf, as metrics call it: each call first makes it the shelf's loaded judge. */
class ShelvedJudge implements Llm {
  readonly id: string;
  readonly concurrency: number | undefined;
  readonly readsChoiceSlots: boolean | undefined;
  readonly followsPlans: boolean | undefined;
  readonly scoreChoices?: Llm["scoreChoices"];

  constructor(
    private readonly shelf: JudgeShelf,
    private readonly index: number,
    private readonly facts: LlmIdentity,
  ) {
    this.id = facts.id;
    this.concurrency = facts.concurrency;
    this.readsChoiceSlots = facts.readsChoiceSlots;
    this.followsPlans = facts.followsPlans;
    if (facts.scoresChoices) {
      this.scoreChoices = async (
        prompt: JudgePrompt,
        request: ChoiceRequest,
        options?: ScoreChoicesOptions,
      ): Promise<ChoiceProbabilities> => {
        return this.shelf.use(this.index, (llm) => llm.scoreChoices!(prompt, request, options));
      };
    }
  }

  generateObject<S extends z.ZodType>(
    prompt: JudgePrompt,
    schema: S,
    options?: GenerateObjectOptions,
  ): Promise<GenerateObjectResult<z.output<S>>> {
    return this.shelf.use(this.index, (llm) => llm.generateObject(prompt, schema, options));
  }

  provenance(): ModelProvenance {
    return this.facts.provenance;
  }
}

/**
 * Judges of which at most one is loaded at a time: calling a judge loads it and frees the one loaded before.
 * Give a {@link Jury} a shelf in place of loaded judges when they do not fit in memory together; `evaluate()` (and
 * `calibrate`) then score every row with the first judge, then every row with the next, so each judge loads once
 * per pass. {@link JudgeShelf.open} loads each judge once to read what results record about it (its model, its
 * settings), and each later load must give the same. A judge that fails to load (or loads differently) fails every
 * later call to it with the same error, without loading again.
 *
 * @example
 * await using shelf = await JudgeShelf.open([
 *   { name: "judge-a.gguf", load: async () => { const llm = await LlamaCppLlm.load({ modelPath: "judge-a.gguf" }); return { llm, dispose: () => llm.dispose() }; } },
 *   { name: "judge-b.gguf", load: async () => { const llm = await LlamaCppLlm.load({ modelPath: "judge-b.gguf" }); return { llm, dispose: () => llm.dispose() }; } },
 * ]);
 * const jury = new Jury({ metric: (llm) => new Faithfulness({ llm }), judges: shelf, aggregate: "mean" });
 */
export class JudgeShelf {
  /** The judges, one per loader, in order: pass them to metrics as any `Llm`. */
  readonly judges: readonly Llm[];
  /** The judges' names, from their loaders. */
  readonly names: readonly string[];
  private loadCount = 0;
  private loaded: { index: number; judge: LoadedJudge } | undefined;
  // A judge whose load failed: its error, thrown again by every later call to it.
  private readonly failed = new Map<number, unknown>();
  private disposing: Promise<void> | undefined;
  // The load or swap in progress: calls made meanwhile wait for it, so two judges are never loaded at once.
  private switching: Promise<void> | undefined;
  // Calls running on the loaded judge, and the swaps waiting for them to end.
  private running = 0;
  private readonly idleWaiters: (() => void)[] = [];
  private disposed = false;

  private constructor(
    private readonly loaders: readonly JudgeLoader[],
    private readonly identities: readonly LlmIdentity[],
  ) {
    this.names = loaders.map((l) => l.name);
    this.judges = identities.map((f, i) => new ShelvedJudge(this, i, f));
  }

  /**
   * Loads each judge once to read its identity and settings, the last first, so the first judge (the one a jury's
   * first pass needs) stays loaded; gives the shelf. A loader that fails frees what it loaded before the error is
   * thrown.
   */
  static async open(loaders: readonly JudgeLoader[]): Promise<JudgeShelf> {
    if (!Array.isArray(loaders) || loaders.length === 0) {
      throw new InvalidInputError("JudgeShelf: give at least one judge loader", { field: "judges" });
    }
    const facts: LlmIdentity[] = new Array(loaders.length);
    let last: LoadedJudge | undefined;
    try {
      for (let i = loaders.length - 1; i >= 0; i--) {
        const previous = last;
        last = undefined;
        await previous?.dispose();
        const judge = await loaders[i]!.load();
        last = judge;
        facts[i] = llmIdentity(judge.llm);
      }
    } catch (error) {
      await last?.dispose();
      throw error;
    }
    const shelf = new JudgeShelf(loaders, facts);
    shelf.loadCount = loaders.length;
    if (last !== undefined) shelf.loaded = { index: 0, judge: last };
    return shelf;
  }

  /** Loads done so far (including {@link JudgeShelf.open}'s first ones). */
  get loads(): number {
    return this.loadCount;
  }

  /**
   * Runs `call` on judge `index`, loading it first when another judge is loaded: the swap waits until the calls
   * running on the other judge have finished, so no call loses its judge.
   */
  async use<T>(index: number, call: (llm: Llm) => Promise<T>): Promise<T> {
    for (;;) {
      if (this.disposed) {
        throw new InvalidInputError(
          `JudgeShelf: judge ${this.names[index]} was called after the shelf was disposed`,
        );
      }
      if (this.failed.has(index)) throw this.failed.get(index);
      if (this.switching !== undefined) {
        await this.switching.catch(() => undefined);
        continue;
      }
      const loaded = this.loaded;
      if (loaded?.index === index) {
        this.running++;
        try {
          return await call(loaded.judge.llm);
        } finally {
          this.running--;
          if (this.running === 0) this.wakeIdle();
        }
      }
      if (this.running > 0) {
        await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
        continue;
      }
      this.switching = this.swap(index).finally(() => {
        this.switching = undefined;
      });
      await this.switching;
    }
  }

  private wakeIdle(): void {
    const waiters = this.idleWaiters.splice(0);
    for (const wake of waiters) wake();
  }

  private async swap(index: number): Promise<void> {
    const before = this.loaded;
    // Freed first; a judge that fails to free stays the loaded one (and the error is thrown), so two never load.
    if (before !== undefined) await before.judge.dispose();
    this.loaded = undefined;
    try {
      const judge = await this.loaders[index]!.load();
      this.loadCount++;
      const differences = identityDifferences(this.identities[index]!, judge.llm);
      if (differences.length > 0) {
        await judge.dispose();
        throw new InvalidInputError(
          `JudgeShelf: judge ${this.names[index]} loaded differently than when the shelf was opened (${differences.join("; ")}): its model file or settings changed during the run; run again`,
        );
      }
      this.loaded = { index, judge };
    } catch (error) {
      this.failed.set(index, error);
      throw error;
    }
  }

  /** The index in `judges` of the judge loaded now, if any. */
  get loadedIndex(): number | undefined {
    return this.loaded?.index;
  }

  /** Frees the loaded judge once the calls running on it have finished; later calls fail. Safe to call twice. */
  dispose(): Promise<void> {
    this.disposed = true;
    this.disposing ??= (async () => {
      await this.switching?.catch(() => undefined);
      while (this.running > 0) await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
      const loaded = this.loaded;
      this.loaded = undefined;
      await loaded?.judge.dispose();
    })();
    return this.disposing;
  }

  /** Same as {@link dispose}, for `await using`. */
  [Symbol.asyncDispose](): Promise<void> {
    return this.dispose();
  }
}
