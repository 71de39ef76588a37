import { z } from "zod";
import type { Cache } from "../cache/cache.js";
import { cacheKey, cacheNamespaces, modelSha256 } from "../cache/keys.js";
import type { JudgePrompt } from "../prompts/types.js";
import type { ModelProvenance } from "../provenance.js";
import { SharedCalls } from "../util/shared-calls.js";
import type {
  ChoiceProbabilities,
  ChoiceRequest,
  GenerateObjectOptions,
  GenerateObjectResult,
  Llm,
  ScoreChoicesOptions,
} from "./types.js";

/**
 * An {@link Llm} that answers from the cache when the same model file (sha256), prompt (name, version
 * and rendered text), output schema and generation settings were seen before, and asks the wrapped
 * judge otherwise. Identical calls in flight at once share one judge call. A judge whose provenance
 * has no sha256 is passed through uncached (its identity would be unsafe to key on).
 *
 * @example
 * const cache = Cache.open();
 * const judge = new CachedLlm(await LlamaCppLlm.load({ model: await resolveModel("qwen2.5-0.5b-instruct", { kind: "llm" }) }), cache);
 * const metric = new Faithfulness({ llm: judge });
 */
export class CachedLlm implements Llm {
  readonly id: string;
  private readonly inFlight = new SharedCalls<string, GenerateObjectResult<unknown>>("while-running");
  /** Calls passed through without the cache (no model sha256, or a schema with no JSON Schema form). */
  bypassed = 0;
  /** The wrapped judge's `scoreChoices`, cached like answers; absent when the wrapped judge has none. */
  readonly scoreChoices?: (
    prompt: JudgePrompt,
    request: ChoiceRequest,
    options?: ScoreChoicesOptions,
  ) => Promise<ChoiceProbabilities>;

  /** Whether the wrapped judge reports probabilities at choice slots. */
  readonly readsChoiceSlots: boolean | undefined;
  /** Whether the wrapped judge writes answers from a `plan` (a plan then enters the cache key). */
  readonly followsPlans: boolean | undefined;

  constructor(
    private readonly llm: Llm,
    private readonly cache: Cache,
  ) {
    this.id = llm.id;
    this.readsChoiceSlots = llm.readsChoiceSlots;
    this.followsPlans = llm.followsPlans;
    const inner = llm.scoreChoices?.bind(llm);
    if (inner !== undefined) {
      this.scoreChoices = async (prompt, request, options) => {
        const sha256 = modelSha256(llm.provenance());
        if (sha256 === undefined) return inner(prompt, request, options);
        const key = cacheKey({
          // 2: choices read as under a grammar allowing only them (choice-tree.ts); 1's stored readings differ.
          v: 2,
          call: "scoreChoices",
          model: sha256,
          runtime: llm.provenance().runtime,
          prompt: promptIdentity(prompt),
          request: { prefix: request.prefix, choices: request.choices, suffix: request.suffix ?? "" },
        });
        const stored = this.cache.getJson<ChoiceProbabilities>(cacheNamespaces.llm, key);
        if (stored !== undefined) return stored;
        const result = await inner(prompt, request, options);
        this.cache.setJson(cacheNamespaces.llm, key, result);
        return result;
      };
    }
  }

  /** The wrapped judge's concurrency. */
  get concurrency(): number | undefined {
    return this.llm.concurrency;
  }

  /** The wrapped judge's provenance. */
  provenance(): ModelProvenance {
    return this.llm.provenance();
  }

  /**
   * The cache key for a call, or undefined when the call cannot be cached. `choiceSlots` enters the key only when
   * asked for and the wrapped judge reads them, so keys of calls without them are those of earlier versions.
   */
  keyFor(prompt: JudgePrompt, schema: z.ZodType, options: GenerateObjectOptions = {}): string | undefined {
    const provenance = this.llm.provenance();
    const sha256 = modelSha256(provenance);
    if (sha256 === undefined) return undefined;
    let jsonSchema: unknown;
    try {
      jsonSchema = z.toJSONSchema(schema, { target: "draft-7", unrepresentable: "any" });
    } catch {
      return undefined;
    }
    return cacheKey({
      v: 1,
      model: sha256,
      runtime: provenance.runtime,
      prompt: promptIdentity(prompt),
      schema: jsonSchema,
      settings: {
        ...provenance.settings,
        maxTokens: options.maxTokens,
        temperature: options.temperature,
        seed: options.seed,
      },
      ...(this.llm.readsChoiceSlots === true && (options.choiceSlots?.length ?? 0) > 0
        ? { choiceSlots: options.choiceSlots!.map((slot) => [slot.key, slot.values]) }
        : {}),
      ...(this.llm.followsPlans === true && options.plan !== undefined ? { plan: options.plan } : {}),
    });
  }

  /** Answers from the cache, or from the wrapped judge (then stores the answer). */
  async generateObject<S extends z.ZodType>(
    prompt: JudgePrompt,
    schema: S,
    options?: GenerateObjectOptions,
  ): Promise<GenerateObjectResult<z.output<S>>> {
    const key = this.keyFor(prompt, schema, options);
    if (key === undefined) {
      this.bypassed++;
      return this.llm.generateObject(prompt, schema, options);
    }
    const running = this.inFlight.held(key);
    if (running !== undefined) return (await running) as GenerateObjectResult<z.output<S>>;
    const stored = this.cache.getJson<GenerateObjectResult<z.output<S>>>(cacheNamespaces.llm, key);
    if (stored !== undefined) return stored;
    return (await this.inFlight.share(key, () =>
      this.llm.generateObject(prompt, schema, options).then((result) => {
        this.cache.setJson(cacheNamespaces.llm, key, result);
        return result;
      }),
    )) as GenerateObjectResult<z.output<S>>;
  }
}

/** What identifies a rendered prompt in a cache key. */
function promptIdentity(prompt: JudgePrompt): Record<string, unknown> {
  return {
    name: prompt.name,
    version: prompt.version,
    system: prompt.system,
    examples: prompt.examples,
    input: prompt.input,
  };
}
