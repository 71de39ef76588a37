// Ragas `ToolCallF1`. Files: descriptor.ts (catalog entry), score.ts (the formula). No judge.
import { madeToolCalls } from "../../sample/conversation/messages.js";
import type { MetricInput } from "../descriptor.js";
import { JudgeFreeMetric } from "../shared/base/judge-free-metric.js";
import type { MetricResult } from "../types.js";
import { toolCallF1Descriptor } from "./descriptor.js";
import { toolCallF1 } from "./score.js";

/**
 * Ragas `ToolCallF1` (`tool_call_f1`): F1 of the distinct (name, arguments) tool calls in `messages` against
 * `referenceToolCalls`, rounded to 4 decimals.
 *
 * @example
 * const { value } = await new ToolCallF1().score({
 *   messages: [{ role: "assistant", content: "", toolCalls: [{ name: "weather", args: { city: "Oslo" } }] }],
 *   referenceToolCalls: [{ name: "weather", args: { city: "Oslo" } }],
 * }); // 1
 */
export class ToolCallF1 extends JudgeFreeMetric<
  MetricInput<typeof toolCallF1Descriptor>,
  typeof toolCallF1Descriptor
> {
  static readonly descriptor = toolCallF1Descriptor;

  protected scoreInput({
    messages,
    referenceToolCalls: reference,
  }: MetricInput<typeof toolCallF1Descriptor>): MetricResult {
    const made = madeToolCalls(messages);
    const score = toolCallF1(made, reference);
    return {
      value: score.value,
      status: "ok",
      reason: `${score.truePositives} call(s) matched, ${score.falsePositives} made but not expected, ${score.falseNegatives} expected but not made`,
      details: { ...score },
    };
  }
}
