// agentevals' trajectory match evaluator. Files: descriptor.ts (catalog entry, options), score.ts (the rules).
import type { MetricInput, MetricOptionsOf } from "../descriptor.js";
import { JudgeFreeMetric, type RecordedOptions } from "../shared/base/judge-free-metric.js";
import type { MetricResult } from "../types.js";
import { trajectoryMatchDescriptor } from "./descriptor.js";
import { trajectoryMatchPairs } from "./score.js";

/** Options of {@link TrajectoryMatch}. */
export type TrajectoryMatchOptions = MetricOptionsOf<typeof trajectoryMatchDescriptor>;

type Trajectories = MetricInput<typeof trajectoryMatchDescriptor>;

/**
 * agentevals' `create_trajectory_match_evaluator` (`trajectory_match`): 1 when the conversation in `messages`
 * matches `referenceMessages` under the chosen mode and argument matching, else 0.
 *
 * @example
 * const metric = new TrajectoryMatch({ trajectoryMatchMode: "superset", toolArgsMatchMode: "ignore" });
 * const { value } = await metric.score({
 *   messages: [{ role: "assistant", content: "", toolCalls: [{ name: "search", args: { q: "x" } }] }],
 *   referenceMessages: [{ role: "assistant", content: "", toolCalls: [{ name: "search", args: { q: "y" } }] }],
 * }); // 1
 */
export class TrajectoryMatch extends JudgeFreeMetric<Trajectories, typeof trajectoryMatchDescriptor> {
  static readonly descriptor = trajectoryMatchDescriptor;

  /** The overrides as JSON: the default records scalars only. */
  protected override recordedOptions(): RecordedOptions {
    return {
      ...super.recordedOptions(),
      toolArgsMatchOverrides: JSON.stringify(this.options.toolArgsMatchOverrides),
    };
  }

  protected scoreInput({ messages: outputs, referenceMessages: reference }: Trajectories): MetricResult {
    const mode = this.options.trajectoryMatchMode;
    const { match, callMatching } = trajectoryMatchPairs(outputs, reference, mode, this.options);
    return {
      value: match ? 1 : 0,
      status: "ok",
      reason: `the trajectory ${match ? "matches" : "does not match"} the reference (${mode}, arguments ${this.options.toolArgsMatchMode})`,
      details: { mode, callMatching },
    };
  }
}
