// Ragas `ToolCallAccuracy`. Files: descriptor.ts (catalog entry, options), score.ts (the formula). No judge.
import type { z } from "zod";
import { madeToolCalls } from "../../sample/conversation/messages.js";
import type { MetricInput } from "../descriptor.js";
import { JudgeFreeMetric } from "../shared/base/judge-free-metric.js";
import type { MetricResult } from "../types.js";
import { toolCallAccuracyDescriptor } from "./descriptor.js";
import { toolCallAccuracy } from "./score.js";

/** Options of {@link ToolCallAccuracy}. */
export type ToolCallAccuracyOptions = z.input<typeof toolCallAccuracyDescriptor.options>;

/**
 * Ragas `ToolCallAccuracy` (`tool_call_accuracy`): how closely the tool calls in `messages` follow
 * `referenceToolCalls`, by name in order and by arguments compared as Python strings.
 *
 * @example
 * const { value } = await new ToolCallAccuracy().score({
 *   messages: [{ role: "assistant", content: "", toolCalls: [{ name: "weather", args: { city: "Oslo" } }] }],
 *   referenceToolCalls: [{ name: "weather", args: { city: "Oslo" } }],
 * }); // 1
 */
export class ToolCallAccuracy extends JudgeFreeMetric<
  MetricInput<typeof toolCallAccuracyDescriptor>,
  typeof toolCallAccuracyDescriptor
> {
  static readonly descriptor = toolCallAccuracyDescriptor;

  protected scoreInput({
    messages,
    referenceToolCalls: reference,
  }: MetricInput<typeof toolCallAccuracyDescriptor>): MetricResult {
    const made = madeToolCalls(messages);
    const score = toolCallAccuracy(made, reference, this.options.strictOrder);
    const reason =
      made.length === 0 && reference.length === 0
        ? "no tool call was made and none was expected"
        : made.length === 0
          ? "no tool call was made"
          : reference.length === 0
            ? "tool calls were made but none was expected"
            : score.sequenceAligned
              ? `the tool names line up; ${made.length} call(s) made, ${reference.length} expected`
              : "the sequence of tool names differs from the reference";
    return {
      value: score.value,
      status: "ok",
      reason,
      details: { made: made.map((c) => c.name), expected: reference.map((c) => c.name), ...score },
    };
  }
}
