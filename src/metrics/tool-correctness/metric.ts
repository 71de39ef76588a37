// DeepEval `ToolCorrectnessMetric` without its judge. Files: descriptor.ts (catalog entry, options), score.ts.
import { InvalidInputError } from "../../errors.js";
import { madeToolCalls } from "../../sample/conversation/messages.js";
import type { MetricInput, MetricOptionsOf } from "../descriptor.js";
import type { RecordedOptions } from "../shared/base/judge-free-metric.js";
import { JudgeFreeMetric } from "../shared/base/judge-free-metric.js";
import type { MetricResult, Sample } from "../types.js";
import { toolCorrectnessDescriptor } from "./descriptor.js";
import { argumentlessExpectedCall, comparedCallPairsProblem, toolCorrectnessScore } from "./score.js";

/** Options of {@link ToolCorrectness}. */
export type ToolCorrectnessOptions = MetricOptionsOf<typeof toolCorrectnessDescriptor>;

/**
 * DeepEval `ToolCorrectnessMetric` (`tool_correctness`), its rule-based part: the tools called in `messages` (each
 * with its result as output) against `referenceToolCalls` (DeepEval `expected_tools`). The judge's tool selection
 * score (DeepEval's `available_tools`) is not part of it.
 *
 * @example
 * const { value } = await new ToolCorrectness({ evaluationParams: ["input_parameters"] }).score({
 *   messages: [{ role: "assistant", content: "", toolCalls: [{ name: "weather", args: { city: "Oslo", days: 1 } }] }],
 *   referenceToolCalls: [{ name: "weather", args: { city: "Oslo", days: 2 } }],
 * }); // 0.5
 */
export class ToolCorrectness extends JudgeFreeMetric<
  MetricInput<typeof toolCorrectnessDescriptor>,
  typeof toolCorrectnessDescriptor
> {
  static readonly descriptor = toolCorrectnessDescriptor;

  protected override recordedOptions(): RecordedOptions {
    return { ...super.recordedOptions(), evaluationParams: this.options.evaluationParams.join(",") };
  }

  /**
   * The calls, refused (naming the row) when they are more than the formula compares under these options. Kept as
   * an override: the default reads the fields, but this bound depends on the options, which `reads` cannot see.
   */
  protected override validate(
    sample: Sample,
    row: number | undefined,
  ): MetricInput<typeof toolCorrectnessDescriptor> {
    const input = super.validate(sample, row);
    const tooMany = comparedCallPairsProblem(
      madeToolCalls(input.messages),
      input.referenceToolCalls,
      this.options,
    );
    if (tooMany !== undefined)
      throw new InvalidInputError(
        tooMany,
        row !== undefined ? { row, field: "messages" } : { field: "messages" },
      );
    return input;
  }

  protected scoreInput({
    messages,
    referenceToolCalls: reference,
  }: MetricInput<typeof toolCorrectnessDescriptor>): MetricResult {
    const made = madeToolCalls(messages);
    const argumentless = argumentlessExpectedCall(made, reference, this.options);
    if (argumentless !== undefined) {
      const { index, name, calledArgs } = argumentless;
      return {
        value: null,
        status: "error",
        error:
          `referenceToolCalls[${index}] (${name}) gives no arguments, but ${name} was called with ${calledArgs.join(", ")}: ` +
          "arguments written nowhere cannot be compared (DeepEval raises here). Give the expected arguments, " +
          "or leave input_parameters out of evaluationParams to compare tool names only",
      };
    }
    const { value, callMatching } = toolCorrectnessScore(made, reference, this.options);
    const called = made.map((c) => c.name);
    const expected = reference.map((c) => c.name);
    return {
      value,
      status: "ok",
      reason: `expected ${JSON.stringify(expected)}, called ${JSON.stringify(called)}`,
      details: { called, expected, callMatching },
    };
  }
}
