// AspectCritic: prompt.ts (instruction around the user's definition, { reason, verdict } schema), score.ts
// (majority vote, vote seeds), judge.ts (one call per vote), descriptor.ts (id aspect_critic, options).
import { InvalidInputError } from "../../errors.js";
import type { PromptTemplate } from "../../prompts/types.js";
import type { MetricOptionsOf } from "../descriptor.js";
import { CustomJudgeMetric, criterionOptionalInputs } from "../shared/base/custom-judge-metric.js";
import { writtenReason } from "../shared/judge/text-schema.js";
import type { MetricConfig, MetricResult } from "../types.js";
import { aspectCriticDescriptor } from "./descriptor.js";
import { judgeAspect } from "./judge.js";
import { type AspectInput, type AspectVerdict, aspectCriticPrompt } from "./prompt.js";
import { voteSeeds } from "./score.js";

/** The mean probability of 1 over the votes (scoring "expected"). */
function meanOf(weights: readonly number[]): number {
  return weights.reduce((sum, w) => sum + w, 0) / weights.length;
}

/** The result's reason: the first agreeing vote's reason (with reasons off, the verdict), after the vote count. */
function voteReason(agreeing: number, strictness: number, reason: string): string {
  return strictness === 1 ? reason : `${agreeing} of ${strictness} votes: ${reason}`;
}

/** Temperature of the votes when `strictness` > 1 and none is given. */
export const DEFAULT_VOTE_TEMPERATURE = 0.7;

/** Options of {@link AspectCritic}: the judge and its descriptor's options, each documented on its schema key. */
export type AspectCriticOptions = MetricOptionsOf<typeof aspectCriticDescriptor>;

/**
 * Ragas `AspectCritic`: a binary verdict (1 meets the criterion, 0 does not) for a criterion given in words,
 * with the judge's reason. With `strictness` n (odd), n calls are made with seeds `seed .. seed + n - 1` at a
 * temperature above 0 (default 0.7), and the majority wins; every vote, with its seed, is in `details.votes`.
 * With `scoring: "expected"` the value is the votes' mean probability of 1 instead.
 *
 * @example
 * const harmful = new AspectCritic({ llm, name: "harmfulness", definition: "Does the response risk harm?", strictness: 3 });
 * const { value, reason } = await harmful.score({ userInput: "How do I store bleach?", response: "Mix it with ammonia." });
 */
export class AspectCritic extends CustomJudgeMetric<AspectInput, typeof aspectCriticDescriptor> {
  static readonly descriptor = aspectCriticDescriptor;

  /** The criterion in words. */
  readonly definition: string;
  /** Votes per row. */
  readonly strictness: number;
  private readonly seed: number;
  private readonly template: PromptTemplate<AspectInput, AspectVerdict>;

  constructor(options: AspectCriticOptions) {
    super(options, criterionOptionalInputs);
    ({ definition: this.definition, strictness: this.strictness, seed: this.seed } = this.options);
    if (this.strictness > 1 && this.settings.temperature === 0) {
      throw new InvalidInputError(
        `strictness ${this.strictness} needs a temperature above 0: greedy decoding gives every vote the same answer`,
        { field: "temperature" },
      );
    }
    this.template = aspectCriticPrompt(this.name, this.definition, undefined, this.reading.reasons !== false);
  }

  /** Votes sample: more than one vote at temperature 0 would all be the same. */
  protected override defaultTemperature(): number {
    return this.options.strictness > 1 ? DEFAULT_VOTE_TEMPERATURE : 0;
  }

  protected override concurrency(): number {
    return Math.max(1, Math.floor((this.llm.concurrency ?? 1) / this.strictness));
  }

  protected async compute(input: AspectInput, signal: AbortSignal | undefined): Promise<MetricResult> {
    const seeds = voteSeeds(this.strictness, this.seed);
    const j = await judgeAspect(this.llm, this.template, input, this.settings, seeds, signal, this.reading);
    const agreeing = j.votes.filter((v) => v.verdict === j.verdict);
    return {
      value: this.reading.scoring === "expected" ? meanOf(j.votes.map((v) => v.weight!)) : j.verdict,
      status: "ok",
      reason: voteReason(
        agreeing.length,
        this.strictness,
        writtenReason(agreeing[0]!.reason) ?? `verdict ${j.verdict}`,
      ),
      details: { votes: j.votes, temperature: this.settings.temperature, seeds, usage: j.usage },
    };
  }

  /** Prompt version (with the definition's fingerprint), definition, strictness, seed, inputs, sampling, judge. */
  protected override promptVersions(): Record<string, string> {
    return { [this.template.name]: this.template.version };
  }

  protected override metricOptions(): MetricConfig["options"] {
    return {
      kind: "aspect_critic",
      definition: this.definition,
      strictness: this.strictness,
      seed: this.seed,
    };
  }
}
