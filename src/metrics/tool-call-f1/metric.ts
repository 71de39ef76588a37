// Ragas `ToolCallF1`. Files: descriptor.ts (catalog entry), score.ts (the formula). No judge.
import { ToolCallMetric, type ToolCallPair } from "../shared/base/tool-call-metric.js";
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
export class ToolCallF1 extends ToolCallMetric {
  static readonly descriptor = toolCallF1Descriptor;

  /** ToolCallF1 takes no options. */
  constructor(options: Record<string, never> = {}) {
    super(options);
  }

  protected scoreInput({ made, reference }: ToolCallPair): MetricResult {
    const score = toolCallF1(made, reference);
    return {
      value: score.value,
      status: "ok",
      reason: `${score.truePositives} call(s) matched, ${score.falsePositives} made but not expected, ${score.falseNegatives} expected but not made`,
      details: { ...score },
    };
  }
}
