// promptfoo's trajectory assertions as metrics: trajectory_tool_used, trajectory_tool_sequence,
// trajectory_tool_args_match, trajectory_step_count. Files: descriptor.ts (the four catalog entries and their
// options), score.ts (steps and rules). No judge. Each reads `messages` (its descriptor's `reads`), as the steps
// promptfoo counts; what it expects is in its options (promptfoo's assertion value), the same for every row.
import type { ConversationMessage } from "../../sample/conversation/messages.js";
import type { MetricDescriptor, MetricOptionsOf } from "../descriptor.js";
import { JudgeFreeMetric, type RecordedOptions } from "../shared/base/judge-free-metric.js";
import type { MetricResult } from "../types.js";
import {
  trajectoryStepCountDescriptor,
  trajectoryToolArgsMatchDescriptor,
  trajectoryToolSequenceDescriptor,
  trajectoryToolUsedDescriptor,
} from "./descriptor.js";
import {
  countSteps,
  stepCount,
  type TrajectoryStep,
  toolArgsMatch,
  toolSequence,
  toolUsed,
  trajectorySteps,
} from "./score.js";

/** What every assertion reads: the row's `messages`. */
interface TrajectoryInput {
  messages: ConversationMessage[];
}

abstract class TrajectoryAssertion<D extends MetricDescriptor> extends JudgeFreeMetric<TrajectoryInput, D> {
  /** The assertion over the conversation's steps. */
  protected abstract assert(steps: TrajectoryStep[]): MetricResult;

  protected scoreInput({ messages }: TrajectoryInput): MetricResult {
    return this.assert(trajectorySteps(messages));
  }

  /** The assertion's value as JSON, so the results file records it. */
  protected override recordedOptions(): RecordedOptions {
    const options = this.options as unknown as { value: unknown; inverse: boolean };
    return { value: JSON.stringify(options.value), inverse: options.inverse };
  }

  protected result(pass: boolean, steps: readonly TrajectoryStep[]): MetricResult {
    const tools = steps.filter((s) => s.type === "tool").map((s) => s.name);
    return {
      value: pass ? 1 : 0,
      status: "ok",
      reason: `${pass ? "passed" : "failed"}; tools called: ${tools.length > 0 ? tools.join(", ") : "(none)"}`,
      details: { tools, steps: steps.length },
    };
  }
}

/** Options of {@link TrajectoryToolUsed}. */
export type TrajectoryToolUsedOptions = MetricOptionsOf<typeof trajectoryToolUsedDescriptor>;

/**
 * promptfoo's `trajectory:tool-used` (`trajectory_tool_used`): 1 when the named tools were called.
 *
 * @example
 * new TrajectoryToolUsed({ value: ["search", "answer_*"] }).scoreSync({ messages }); // { value: 1, ... } when both were called
 */
export class TrajectoryToolUsed extends TrajectoryAssertion<typeof trajectoryToolUsedDescriptor> {
  static readonly descriptor = trajectoryToolUsedDescriptor;

  protected assert(steps: TrajectoryStep[]): MetricResult {
    return this.result(toolUsed(steps, this.options.value, this.options.inverse), steps);
  }
}

/** Options of {@link TrajectoryToolSequence}. */
export type TrajectoryToolSequenceOptions = MetricOptionsOf<typeof trajectoryToolSequenceDescriptor>;

/**
 * promptfoo's `trajectory:tool-sequence` (`trajectory_tool_sequence`): 1 when the tools were called in order.
 *
 * @example
 * new TrajectoryToolSequence({ value: { mode: "exact", steps: ["search", "fetch"] } });
 */
export class TrajectoryToolSequence extends TrajectoryAssertion<typeof trajectoryToolSequenceDescriptor> {
  static readonly descriptor = trajectoryToolSequenceDescriptor;

  protected assert(steps: TrajectoryStep[]): MetricResult {
    const value = this.options.value;
    const [sequence, mode] = Array.isArray(value) ? [value, "in_order" as const] : [value.steps, value.mode];
    return this.result(toolSequence(steps, sequence, mode, this.options.inverse), steps);
  }
}

/** Options of {@link TrajectoryToolArgsMatch}. */
export type TrajectoryToolArgsMatchOptions = MetricOptionsOf<typeof trajectoryToolArgsMatchDescriptor>;

/**
 * promptfoo's `trajectory:tool-args-match` (`trajectory_tool_args_match`): 1 when a call of the tool has the
 * expected arguments.
 *
 * @example
 * new TrajectoryToolArgsMatch({ value: { name: "weather", args: { city: "Oslo" } } });
 */
export class TrajectoryToolArgsMatch extends TrajectoryAssertion<typeof trajectoryToolArgsMatchDescriptor> {
  static readonly descriptor = trajectoryToolArgsMatchDescriptor;

  protected assert(steps: TrajectoryStep[]): MetricResult {
    return this.result(toolArgsMatch(steps, this.options.value, this.options.inverse), steps);
  }
}

/** Options of {@link TrajectoryStepCount}. */
export type TrajectoryStepCountOptions = MetricOptionsOf<typeof trajectoryStepCountDescriptor>;

/**
 * promptfoo's `trajectory:step-count` (`trajectory_step_count`): 1 when the number of steps lies in the range.
 *
 * @example
 * new TrajectoryStepCount({ value: { type: "tool", max: 5 } });
 */
export class TrajectoryStepCount extends TrajectoryAssertion<typeof trajectoryStepCountDescriptor> {
  static readonly descriptor = trajectoryStepCountDescriptor;

  protected assert(steps: TrajectoryStep[]): MetricResult {
    const result = this.result(stepCount(steps, this.options.value, this.options.inverse), steps);
    result.details = { ...result.details, counted: countSteps(steps, this.options.value) };
    return result;
  }
}
