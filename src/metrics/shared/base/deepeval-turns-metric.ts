// The base of DeepEval's multi-turn judge metrics: the sample's `messages` as DeepEval turns, the judge's pass/fail
// verdicts turned into the score by the metric's formula (with `strictMode`), and the result's reason and details.

import { type DeepEvalTurn, deepEvalTurns } from "../../../sample/conversation/deepeval-turns.js";
import type { ConversationMessage } from "../../../sample/conversation/messages.js";
import type { MetricDescriptor } from "../../descriptor.js";
import type { MetricResult } from "../../types.js";
import { passValues, type ReadPassVerdict } from "../judge/deepeval-verdicts.js";
import type { JudgeUsage } from "../judge/judge.js";
import { JudgeMetric } from "./judge-metric.js";

/** What a metric's judge steps return: the verdicts the score counts, their cost, and other details to report. */
export interface PassJudgement {
  verdicts: ReadPassVerdict[];
  usage: JudgeUsage;
  /** Details besides the verdicts and usage, e.g. the facts or intentions the judge listed. */
  extra?: Record<string, unknown>;
}

/**
 * A DeepEval multi-turn judge: subclasses give the judge steps, the formula (from score.ts) and the reason's words.
 * Its input is what the descriptor `reads` (the default `validate`), `messages` among it; the judge steps get the
 * conversation as DeepEval turns. The config records the descriptor's own options (`strictMode`, ...).
 */
export abstract class DeepEvalTurnsMetric<
  V extends { messages: ConversationMessage[] },
  D extends MetricDescriptor = MetricDescriptor,
> extends JudgeMetric<V, D> {
  /** The judge steps of one row: its DeepEval turns, and the row's other fields in `input`. */
  protected abstract judge(
    turns: DeepEvalTurn[],
    signal: AbortSignal | undefined,
    input: V,
  ): Promise<PassJudgement>;

  /** The metric's formula over the counted verdicts (1/0, or P(1) with scoring "expected"). */
  protected abstract formula(passes: readonly number[], strict: boolean): number;

  /** The result's reason: `passed` of `total` verdicts pass (`total` is 0 when nothing was judged). */
  protected abstract reasonFor(passed: number, total: number): string;

  protected async compute(input: V, signal: AbortSignal | undefined): Promise<MetricResult> {
    const j = await this.judge(deepEvalTurns(input.messages), signal, input);
    const strict = (this.options as unknown as { strictMode: boolean }).strictMode;
    return {
      value: this.formula(passValues(j.verdicts, this.reading), strict),
      status: "ok",
      reason: this.reasonFor(j.verdicts.filter((v) => v.verdict === 1).length, j.verdicts.length),
      details: { ...j.extra, verdicts: j.verdicts, usage: j.usage },
    };
  }
}
