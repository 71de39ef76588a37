import type { z } from "zod";
import { AirgapEvalError } from "../errors.js";
import type { JudgePrompt } from "../prompts/types.js";
import { type ModelProvenance, outputDifferences } from "../provenance.js";
import { SharedCalls } from "../util/shared-calls.js";
import type {
  ChoiceProbabilities,
  ChoiceRequest,
  GenerateObjectOptions,
  GenerateObjectResult,
  Llm,
  ScoreChoicesOptions,
} from "./types.js";

/** What a judge is, known without loading it: what a cache key and a result record need, from an earlier load. */
export interface LlmIdentity {
  id: string;
  provenance: ModelProvenance;
  concurrency?: number | undefined;
  readsChoiceSlots?: boolean | undefined;
  followsPlans?: boolean | undefined;
  /** Whether the judge has `scoreChoices`. */
  scoresChoices: boolean;
}

/**
 * The identity of a loaded judge, to remember for a {@link LazyLlm} of a later run.
 *
 * @example
 * cache.setJson("model-identity", key, llmIdentity(await LlamaCppLlm.load({ modelPath })));
 */
export function llmIdentity(llm: Llm): LlmIdentity {
  return {
    id: llm.id,
    provenance: llm.provenance(),
    concurrency: llm.concurrency,
    readsChoiceSlots: llm.readsChoiceSlots,
    followsPlans: llm.followsPlans,
    scoresChoices: typeof llm.scoreChoices === "function",
  };
}

/**
 * How a loaded judge differs from what it was remembered as, in what can change its answers: its provenance
 * (`outputDifferences`), and whether it reads choice slots, follows plans and scores choices. Empty when the same.
 *
 * @example
 * identityDifferences(remembered, await LlamaCppLlm.load({ modelPath })); // ["model settings.contextSize 4096 -> 2048"]
 */
export function identityDifferences(identity: LlmIdentity, llm: Llm): string[] {
  const now = llmIdentity(llm);
  return [
    ...outputDifferences(identity.provenance, now.provenance),
    ...(now.readsChoiceSlots !== identity.readsChoiceSlots ? ["model readsChoiceSlots changed"] : []),
    ...(now.followsPlans !== identity.followsPlans ? ["model followsPlans changed"] : []),
    ...(now.scoresChoices !== identity.scoresChoices ? ["model scoreChoices changed"] : []),
  ];
}

/**
 * A judge that is loaded at its first call, not before: behind a `CachedLlm` whose every call hits the cache, the
 * model is never loaded (an unchanged rerun skips the load's seconds in every test worker). Until then its
 * identity (id, provenance, concurrency) is the one remembered from an earlier load; the load checks that the model
 * is still the same and fails that call, naming the differences, when it is not.
 *
 * @example
 * const llm = new CachedLlm(new LazyLlm(remembered, () => LlamaCppLlm.load({ modelPath })), cache);
 */
export class LazyLlm implements Llm {
  readonly id: string;
  readonly concurrency: number | undefined;
  readonly readsChoiceSlots: boolean | undefined;
  readonly followsPlans: boolean | undefined;
  readonly scoreChoices?: (
    prompt: JudgePrompt,
    request: ChoiceRequest,
    options?: ScoreChoicesOptions,
  ) => Promise<ChoiceProbabilities>;
  private readonly loads = new SharedCalls<0, Llm>("until-failure");
  private judge: Llm | undefined;

  /**
   * @param identity What the judge was on its last load.
   * @param load Loads the judge; called once, at the first call (again after a failed load).
   * @param onLoad Told of the loaded judge before the identity check, e.g. to remember its identity. Defaults to none.
   */
  constructor(
    private readonly identity: LlmIdentity,
    private readonly load: () => Promise<Llm>,
    private readonly onLoad: (llm: Llm) => void = () => undefined,
  ) {
    this.id = identity.id;
    this.concurrency = identity.concurrency;
    this.readsChoiceSlots = identity.readsChoiceSlots;
    this.followsPlans = identity.followsPlans;
    if (identity.scoresChoices) {
      this.scoreChoices = async (prompt, request, options) => {
        const judge = await this.loaded();
        if (judge.scoreChoices === undefined) throw this.changed(["model scoreChoices yes -> no"]);
        return judge.scoreChoices(prompt, request, options);
      };
    }
  }

  /** The loaded judge, or undefined while no call has needed it. */
  get loadedJudge(): Llm | undefined {
    return this.judge;
  }

  /** The loaded judge's provenance, or the remembered one until it is loaded. */
  provenance(): ModelProvenance {
    return this.judge?.provenance() ?? this.identity.provenance;
  }

  /** Loads the judge when it is not yet, then asks it. */
  async generateObject<S extends z.ZodType>(
    prompt: JudgePrompt,
    schema: S,
    options?: GenerateObjectOptions,
  ): Promise<GenerateObjectResult<z.output<S>>> {
    return (await this.loaded()).generateObject(prompt, schema, options);
  }

  private loaded(): Promise<Llm> {
    if (this.judge !== undefined) return Promise.resolve(this.judge);
    return this.loads.share(0, async () => {
      const judge = await this.load();
      this.judge = judge;
      this.onLoad(judge);
      const differences = identityDifferences(this.identity, judge).filter(
        // A judge without scoreChoices is told at the call that needs it (see the constructor).
        (d) => d !== "model scoreChoices changed",
      );
      if (differences.length > 0) throw this.changed(differences);
      return judge;
    });
  }

  private changed(differences: string[]): AirgapEvalError {
    return new AirgapEvalError(
      `The judge "${this.id}" loaded differently from the way remembered from an earlier run (${differences.join("; ")}), ` +
        "so answers this run took from the cache before the load may come from the earlier configuration. The new " +
        "configuration is remembered now: run the tests again.",
    );
  }
}
