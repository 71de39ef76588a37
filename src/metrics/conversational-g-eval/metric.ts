// DeepEval `ConversationalGEval`: descriptor.ts (id conversational_g_eval, options), prompt.ts (steps prompt, score
// prompt over the turns), score.ts (the 0-10 score to a value), judge.ts (one conversation's score call). The steps
// are asked once with this folder's steps prompt through shared/judge/evaluation-steps.ts; the score call with its
// probability weighting and the row's result are G-Eval's shared pieces in shared/judge/g-eval/.

import { type DeepEvalTurn, requireDeepEvalTurns } from "../../sample/conversation/deepeval-turns.js";
import type { MetricInput, MetricOptionsOf } from "../descriptor.js";
import { JudgeMetric } from "../shared/base/judge-metric.js";
import { type EvaluationSteps, StepsOnce } from "../shared/judge/evaluation-steps.js";
import type { MetricConfig, MetricResult, Sample } from "../types.js";
import { conversationalGEvalDescriptor } from "./descriptor.js";
import { judgeConversation } from "./judge.js";
import {
  CONVERSATIONAL_G_EVAL_STEPS_VERSION,
  conversationalGEvalScorePrompt,
  conversationalGEvalStepsPrompt,
} from "./prompt.js";

/** Options of {@link ConversationalGEval}: the judge and its descriptor's options, each documented on its schema key. */
export type ConversationalGEvalOptions = MetricOptionsOf<typeof conversationalGEvalDescriptor>;

/** A conversation as the judge reads it: its DeepEval turns. */
interface ConversationTurns {
  turns: DeepEvalTurn[];
}

/**
 * DeepEval's `ConversationalGEval` (`conversational_g_eval`): G-Eval over a whole conversation. The criteria become
 * evaluation steps (asked once per metric, recorded in every row's details) unless you give the steps; then each
 * conversation (`messages`, shown to the judge as DeepEval's turns: user messages and assistant replies with text,
 * each as role and content) gets a reason and a score from 0 to 10. The score is the mean of 0..10 weighted by the
 * judge's next-token probabilities at the score slot (`Llm.scoreChoices`), as G-Eval's; the value is it divided by
 * 10, and `strictMode` gives 0 below 1. A judge without `scoreChoices` gives the written score, and the details say
 * that no weighting was possible. A conversation with no user or assistant text is refused before any judge call.
 *
 * @example
 * const politeness = new ConversationalGEval({ llm, name: "politeness", criteria: "Is the assistant polite throughout?" });
 * const { value, details } = await politeness.score({
 *   messages: [{ role: "user", content: "Where is my parcel?" }, { role: "assistant", content: "It left the depot today." }],
 * });
 * console.log(value, details?.greedyScore, details?.probabilities);
 */
export class ConversationalGEval extends JudgeMetric<
  ConversationTurns,
  typeof conversationalGEvalDescriptor
> {
  static readonly descriptor = conversationalGEvalDescriptor;

  private readonly steps: StepsOnce;

  constructor(options: ConversationalGEvalOptions) {
    super(options);
    // The schema requires criteria whenever no steps are given, so the judge is asked only with criteria.
    this.steps = new StepsOnce(
      this.llm,
      this.name,
      this.options.criteria ?? "",
      this.options.evaluationSteps,
      this.settings,
      conversationalGEvalStepsPrompt,
    );
  }

  /** The id you gave the metric (`name`). */
  override get name(): string {
    return this.options.name;
  }

  /** The evaluation steps: the given ones, or the judge's (asked once; a failed attempt is retried by the next row). */
  evaluationSteps(signal?: AbortSignal): Promise<EvaluationSteps> {
    return this.steps.get(signal);
  }

  /** The conversation's DeepEval turns; a row with none (only system or tool messages) is refused. */
  protected override validate(sample: Sample, row: number | undefined): ConversationTurns {
    const { messages } = super.validate(sample, row) as unknown as MetricInput<
      typeof conversationalGEvalDescriptor
    >;
    const turns = requireDeepEvalTurns(messages, row);
    return { turns };
  }

  protected async compute(input: ConversationTurns, signal: AbortSignal | undefined): Promise<MetricResult> {
    const steps = await this.evaluationSteps(signal);
    const { name, criteria, strictMode } = this.options;
    const definition = { name, criteria, strictMode, reasons: this.reading.reasons !== false };
    return judgeConversation(this.llm, definition, steps, input, this.settings, signal);
  }

  private scorePrompt(steps: readonly string[]) {
    return conversationalGEvalScorePrompt(
      this.name,
      this.options.criteria,
      steps,
      this.reading.reasons !== false,
    );
  }

  /** The steps prompt's version, and the score prompt's with the criteria and given steps fingerprinted on. */
  protected override promptVersions(): Record<string, string> {
    const score = this.scorePrompt(this.options.evaluationSteps ?? []);
    return {
      [conversationalGEvalStepsPrompt.name]: CONVERSATIONAL_G_EVAL_STEPS_VERSION,
      [score.name]: score.version,
    };
  }

  /** The kind, the definition (name, criteria, given steps, strictMode), and whether the judge reads score probabilities. */
  protected override metricOptions(): MetricConfig["options"] {
    return {
      kind: this.descriptor.id,
      ...super.metricOptions(),
      scoreChoices: this.llm.scoreChoices !== undefined,
    };
  }
}
