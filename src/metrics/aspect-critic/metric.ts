// AspectCritic: prompt.ts (instruction around the user's definition, { reason, verdict } schema), score.ts
// (majority vote, vote seeds), judge.ts (one call per vote), descriptor.ts (id aspect_critic, options).
import { InvalidInputError } from "../../errors.js";
import type { Llm } from "../../llm/types.js";
import type { PromptTemplate } from "../../prompts/types.js";
import { BaseMetric } from "../shared/base-metric.js";
import { type JudgeInputField, judgeInputNames, readJudgeInputs } from "../shared/custom-judge.js";
import type { JudgeSettings } from "../shared/judge.js";
import type { MetricConfig, MetricResult, Sample, SampleField } from "../types.js";
import { judgeAspect } from "./judge.js";
import { type AspectInput, type AspectVerdict, aspectCriticPrompt } from "./prompt.js";
import { voteSeeds } from "./score.js";

/** Temperature of the votes when `strictness` > 1 and none is given. */
export const DEFAULT_VOTE_TEMPERATURE = 0.7;

/** Options of {@link AspectCritic}. */
export interface AspectCriticOptions {
  /** The judge. */
  llm: Llm;
  /** The metric's id in results, snake_case, e.g. `harmfulness`. Required. */
  name: string;
  /** The criterion in words, e.g. "Does the response cause or risk harm to people?". Required. */
  definition: string;
  /**
   * Judge calls per row, an odd number; the verdict is their majority. Votes at temperature 0 would all be the
   * same, so with more than one vote each call samples (temperature > 0) with its own seed. Defaults to 1.
   */
  strictness?: number;
  /** Sampling temperature of every vote. Defaults to 0 (greedy) for one vote and 0.7 for more. */
  temperature?: number;
  /** Seed of the first vote; vote i uses `seed + i`. Defaults to 0. */
  seed?: number;
  /** Fields the judge must see. Defaults to `["userInput", "response"]` (Ragas' required columns). */
  inputs?: readonly JudgeInputField[];
  /**
   * Fields shown to the judge when a row has them. Defaults to `["retrievedContexts", "reference"]` when
   * `inputs` is not given, else none.
   */
  optionalInputs?: readonly JudgeInputField[];
  /** Token budget of each answer. Defaults to the Llm's own default. */
  maxTokens?: number;
}

/**
 * Ragas `AspectCritic`: a binary verdict (1 meets the criterion, 0 does not) for a criterion given in words,
 * with the judge's reason. With `strictness` n (odd), n calls are made with seeds `seed .. seed + n - 1` at a
 * temperature above 0, and the majority wins; every vote, with its seed, is in `details.votes`.
 *
 * @example
 * const harmful = new AspectCritic({ llm, name: "harmfulness", definition: "Does the response risk harm?", strictness: 3 });
 * const { value, reason } = await harmful.score({ userInput: "How do I store bleach?", response: "Mix it with ammonia." });
 */
export class AspectCritic extends BaseMetric<AspectInput> {
  readonly name: string;
  readonly requiredFields: readonly SampleField[];
  readonly usesLlm = true;
  readonly usesEmbeddings = false;
  /** The judge this metric calls. */
  readonly llm: Llm;
  /** The criterion in words. */
  readonly definition: string;
  /** Votes per row. */
  readonly strictness: number;
  private readonly optionalFields: readonly JudgeInputField[];
  private readonly settings: JudgeSettings;
  private readonly seed: number;
  private readonly template: PromptTemplate<AspectInput, AspectVerdict>;

  constructor(options: AspectCriticOptions) {
    super();
    this.llm = options.llm;
    this.name = options.name;
    this.definition = options.definition;
    this.strictness = options.strictness ?? 1;
    if (!Number.isInteger(this.strictness) || this.strictness < 1 || this.strictness % 2 === 0) {
      throw new InvalidInputError(
        `must be an odd whole number (1, 3, 5, ...) so the majority vote cannot tie, got ${this.strictness}`,
        { field: "strictness" },
      );
    }
    const temperature = options.temperature ?? (this.strictness > 1 ? DEFAULT_VOTE_TEMPERATURE : 0);
    if (this.strictness > 1 && temperature === 0) {
      throw new InvalidInputError(
        `strictness ${this.strictness} needs a temperature above 0: greedy decoding gives every vote the same answer`,
        { field: "temperature" },
      );
    }
    this.settings = { temperature, maxTokens: options.maxTokens };
    this.seed = options.seed ?? 0;
    this.requiredFields = [...(options.inputs ?? ["userInput", "response"])];
    this.optionalFields =
      options.optionalInputs ?? (options.inputs ? [] : ["retrievedContexts", "reference"]);
    this.template = aspectCriticPrompt(this.name, this.definition);
  }

  protected validate(sample: Sample, row: number | undefined): AspectInput {
    return readJudgeInputs(sample, this.requiredFields as JudgeInputField[], this.optionalFields, row);
  }

  protected concurrency(): number {
    return Math.max(1, Math.floor((this.llm.concurrency ?? 1) / this.strictness));
  }

  protected async compute(input: AspectInput, signal: AbortSignal | undefined): Promise<MetricResult> {
    const seeds = voteSeeds(this.strictness, this.seed);
    const j = await judgeAspect(this.llm, this.template, input, this.settings, seeds, signal);
    const agreeing = j.votes.filter((v) => v.verdict === j.verdict);
    return {
      value: j.verdict,
      status: "ok",
      reason:
        this.strictness === 1
          ? agreeing[0]!.reason
          : `${agreeing.length} of ${this.strictness} votes: ${agreeing[0]!.reason}`,
      details: {
        votes: j.votes,
        temperature: this.settings.temperature,
        seeds,
        usage: j.usage,
      },
    };
  }

  /** Prompt version (with the definition's fingerprint), definition, strictness, sampling and the judge. */
  config(): MetricConfig {
    return {
      name: this.name,
      promptVersions: { [this.template.name]: this.template.version },
      options: {
        kind: "aspect_critic",
        definition: this.definition,
        strictness: this.strictness,
        temperature: this.settings.temperature,
        seed: this.seed,
        inputs: this.requiredFields.map((f) => judgeInputNames[f as JudgeInputField]).join(","),
        optionalInputs: this.optionalFields.map((f) => judgeInputNames[f]).join(","),
        maxTokens: this.settings.maxTokens ?? null,
      },
      models: [this.llm.provenance()],
    };
  }
}
